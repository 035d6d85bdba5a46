/** Runs the rehearsal's commands without blocking the event loop (the sandbox answers in-process). */
import { spawn } from "node:child_process";

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kills the command after this long (it then fails, as any command that exits non-zero). */
  timeoutMs?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Resolves with the output; rejects naming the command, the folder and the end of its output. */
export function run(command: string, { cwd, env, timeoutMs }: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      cwd,
      env: env ?? process.env,
      shell: true,
      stdio: "pipe",
      ...(timeoutMs !== undefined && { timeout: timeoutMs, killSignal: "SIGKILL" as const }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve({ stdout, stderr });
      const output = `${stdout}\n${stderr}`.trim().split("\n").slice(-40).join("\n");
      reject(new Error(`\`${command}\` failed (exit ${code}) in ${cwd}:\n${output}`));
    });
  });
}
