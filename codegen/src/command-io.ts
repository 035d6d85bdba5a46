/** What every command of the CLI prints through and exits with (cli.ts and the commands it runs). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;
