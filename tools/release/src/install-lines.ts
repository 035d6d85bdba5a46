/**
 * Each framework README's install line, run as written in an empty folder with npm (through
 * the local registry for our scope): it must resolve, and leave one `@tanstack/query-core`
 * in the tree, since two copies give two `QueryClient` classes whose types do not mix.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { run } from "./run.js";

/** The first `npm install` / `npm i` line of the README's `sh` blocks, without its comment. */
export function installLine(markdown: string, readme: string): string {
  let inShell = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) {
      inShell = !inShell && /^\s*```(sh|bash|shell)\s*$/.test(line);
      continue;
    }
    const command = line.replace(/\s+#.*$/, "").trim();
    if (inShell && /^npm (install|i) /.test(command)) return command;
  }
  throw new Error(`${readme}: no \`npm install …\` line in a sh block: say how to install the package`);
}

/** The folders of `@tanstack/query-core` in an npm lockfile (`packages` keys). */
export function queryCoreCopies(lockfile: { packages?: Record<string, unknown> }): string[] {
  return Object.keys(lockfile.packages ?? {})
    .filter((path) => /(^|\/)node_modules\/@tanstack\/query-core$/.test(path))
    .sort();
}

/**
 * Resolves the line in `folder` (created empty) as npm would install it, writing only the
 * lockfile (`--package-lock-only`: the same resolution, without unpacking every package), and
 * returns the query-core copies it holds.
 */
export async function resolveInstallLine(
  line: string,
  folder: string,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  await run(`${line} --package-lock-only --no-audit --no-fund --loglevel=error`, { cwd: folder, env });
  return queryCoreCopies(JSON.parse(await readFile(join(folder, "package-lock.json"), "utf8")));
}
