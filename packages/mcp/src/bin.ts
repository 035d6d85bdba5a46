import { runCli, UsageError } from "./cli.js";

const log = (line: string) => process.stderr.write(`${line}\n`);

runCli({ argv: process.argv.slice(2), env: process.env, log }).then(
  (running) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        void running?.close().finally(() => process.exit(0));
      });
    }
  },
  (error: unknown) => {
    log(error instanceof UsageError ? error.message : String(error instanceof Error ? error.stack : error));
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
