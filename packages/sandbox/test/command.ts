/**
 * The `commerce-sandbox` command as a user's shell starts it: the package's bin
 * (bin/commerce-sandbox.js, over the built dist/), in a process of its own. The package's tests
 * run after its build; started from the sources through tsx instead, each process spent about
 * a second of CPU compiling them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const packageRoot = join(import.meta.dirname, "..");
const bin = join(packageRoot, "bin", "commerce-sandbox.js");

export interface Launched {
  child: ChildProcess;
  /** Everything it printed on stdout so far. */
  output(): string;
  /** Everything it printed on stderr so far. */
  errors(): string;
}

/** `command` in a process of its own, its two output streams kept as they come. */
export function spawnWithOutput(
  command: string,
  args: readonly string[],
  { cwd = packageRoot, env = process.env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Launched {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  return { child, output: () => out, errors: () => err };
}

export function launch(args: readonly string[]): Launched {
  if (!existsSync(join(packageRoot, "dist", "bin.js"))) {
    throw new Error(
      "packages/sandbox/dist is missing: build the sandbox first (pnpm --filter @commerce-api/sandbox build)",
    );
  }
  return spawnWithOutput(process.execPath, [bin, ...args]);
}

/** Its exit status, once it has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** The URL it prints once it listens; throws with its output when it exits first. */
export async function urlOf({ child, output, errors }: Launched): Promise<string> {
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(output());
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) throw new Error(`commerce-sandbox exited: ${output()}${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
