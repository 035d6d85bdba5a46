/**
 * Adding an operation takes its spec entry and its sandbox route, nothing else (spec/README.md,
 * "Changing the API"): the real spec plus a fifteenth operation generates packages that
 * type-check against their hand-written runtimes (`--verify`), and the sandbox, compiled
 * against that client, fails with a type error that names the operation until it has a route.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, readTree, realSpec, removeTempDirs, repoRoot, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const newOperation = `
  getProduct:
    group: products.get
    summary: Get a product.
    method: GET
    path: /v1/products/{id}
    auth: [oidc, pat, oat]
    scopes: [products:read, products:write]
    input:
      path:
        id: uuid
    responses:
      200: Product
    errors: [ResourceNotFound]
`;

describe("a fifteenth operation", () => {
  it("is generated from its spec entry alone, and the sandbox's type check names its missing route", async () => {
    const dir = await makeTempDir();
    // The new entry goes at the end of `operations:`, before the section after it (webhooks).
    const real = await readFile(realSpec, "utf8");
    const next = real.indexOf("\nwebhooks:");
    const spec =
      next === -1
        ? `${real.trimEnd()}\n${newOperation}`
        : `${real.slice(0, next).trimEnd()}\n${newOperation}${real.slice(next)}`;
    await writeFile(join(dir, "commerce.yaml"), spec);

    const run = await runCli(["generate", "--verify", "--spec", "commerce.yaml", "--out", "packages"], dir);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const files = await readTree(dir);
    const registry = files.get("packages/client/src/generated/registry.ts")!;
    expect(registry).toContain("getProduct: getProductOperation,");
    expect(files.get("packages/react/src/generated/queries.ts")).toContain("export function useGetProduct(");

    const problems = sandboxTypeErrors(join(dir, "packages"));
    expect(problems).toEqual([
      expect.stringMatching(/^routes\/index\.ts: Property 'getProduct' is missing in type/),
    ]);
  });
});

/**
 * The sandbox's sources type-checked against the generated packages in `packages`: `file: message`
 * per error. By TypeScript 7's native compiler, in a process of its own, as every type check of
 * the workspace (TypeScript 5.9 in this process took about 18 s of CPU; this, about 2 s): the
 * sandbox's own tsconfig, with its `@commerce-api/*` imports mapped to `packages`.
 */
function sandboxTypeErrors(packages: string): string[] {
  const sandbox = join(repoRoot, "packages", "sandbox");
  const sandboxSrc = join(sandbox, "src");
  const zod = dirname(
    createRequire(join(repoRoot, "packages", "schemas", "package.json")).resolve("zod/package.json"),
  );
  const config = join(packages, "..", "tsconfig.sandbox.json");
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(sandbox, "tsconfig.json"),
      compilerOptions: {
        // `types: ["node"]` of the base config, found from the sandbox rather than from here.
        typeRoots: [join(sandbox, "node_modules", "@types")],
        // Every entry of the generated packages, subpaths included, from their sources: never
        // the workspace's dist, which turbo may be rebuilding while this test reads it.
        paths: {
          ...sourcePaths("@commerce-api/schemas", join(packages, "schemas", "src")),
          ...sourcePaths("@commerce-api/client", join(packages, "client", "src")),
          "zod/mini": [join(zod, "mini", "index.d.ts")],
        },
      },
      include: [join(sandboxSrc, "**", "*.ts")],
    }),
  );
  const tsc = join(
    dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")),
    "bin",
    "tsc",
  );
  const checked = spawnSync(process.execPath, [tsc, "-p", config, "--noEmit", "--pretty", "false"], {
    cwd: dirname(config),
    encoding: "utf8",
  });
  const output = `${checked.stdout}${checked.stderr}`;
  if (checked.status !== 0 && !/error TS\d+/.test(output)) {
    throw new Error(`TypeScript's compiler failed (exit ${checked.status}):\n${output}`);
  }
  // Errors of the sandbox's sources, each with its message's continuation lines.
  const problems: string[] = [];
  for (const line of output.split("\n")) {
    const error = /^(.+?)\(\d+,\d+\): error TS\d+: (.*)$/.exec(line);
    if (error) problems.push(`${relative(sandboxSrc, resolve(dirname(config), error[1]!))}: ${error[2]}`);
    else if (line.startsWith("  ") && problems.length > 0)
      problems[problems.length - 1] += `\n${line.trim()}`;
  }
  return problems.filter((problem) => !problem.startsWith(".."));
}

/** A package's root entry and each of its subpath entries (`<name>/webhooks`) mapped to its sources. */
function sourcePaths(name: string, src: string): Record<string, string[]> {
  return { [name]: [join(src, "index.ts")], [`${name}/*`]: [join(src, "*.ts")] };
}
