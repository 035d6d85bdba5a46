/**
 * Writes what the READMEs promise into the outside project, as files its own tools check:
 * readme/ (every example, and each API table's names as a type check) for `tsc`, and smoke/
 * (each API table's values, imported and required) for Node. See readme-examples.ts and
 * api-tables.ts for the rules; test/release.test.ts runs them.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { type ApiName, apiSmokeScript, apiTable, apiTypeCheckModule } from "./api-tables.js";
import type { PackageManifest } from "./checks.js";
import {
  countByKind,
  type ExampleKind,
  extractExamples,
  type ReadmeExample,
  type RenderedExample,
  renderExample,
} from "./readme-examples.js";
import { publishedPackages, repoRoot } from "./workspace.js";

const contextsDir = join(import.meta.dirname, "..", "consumer", "readme-contexts");

/** The root README and every published package's, relative to the repo. */
export function readmePaths(): string[] {
  return ["README.md", ...Object.values(publishedPackages).map((dir) => `${dir}/README.md`)];
}

export interface ReadmeChecks {
  examples: ReadmeExample[];
  rendered: RenderedExample[];
  counts: Record<ExampleKind, number>;
  apiNames: ApiName[];
}

async function readContexts(): Promise<Record<string, string>> {
  const files = (await readdir(contextsDir)).filter((file) => /\.tsx?$/.test(file));
  const entries = await Promise.all(
    files.map(async (file) => [
      basename(file, extname(file)),
      await readFile(join(contextsDir, file), "utf8"),
    ]),
  );
  return Object.fromEntries(entries);
}

/**
 * Extracts and writes every README check into `consumerDir`: readme/<example files>,
 * readme/api-<package>.ts, smoke/api.mjs and smoke/api.cjs. `manifests` are the installed
 * packages' (a `require` smoke skips entries that offer only `import`).
 */
export async function writeReadmeChecks(
  consumerDir: string,
  manifests: Record<string, PackageManifest>,
): Promise<ReadmeChecks> {
  const contexts = await readContexts();
  const examples: ReadmeExample[] = [];
  const apiNames: ApiName[] = [];
  for (const readme of readmePaths()) {
    const markdown = await readFile(join(repoRoot, readme), "utf8");
    examples.push(...extractExamples(markdown, readme));
    if (readme !== "README.md") apiNames.push(...apiTable(markdown, readme));
  }
  const rendered = examples
    .filter((example) => example.kind !== "skip")
    .map((example) => renderExample(example, contexts));
  await mkdir(join(consumerDir, "readme"), { recursive: true });
  await mkdir(join(consumerDir, "smoke"), { recursive: true });
  await Promise.all(rendered.map(({ file, text }) => writeFile(join(consumerDir, "readme", file), text)));
  await writeFile(join(consumerDir, "readme", "api-tables.ts"), apiTypeCheckModule(apiNames));
  await writeFile(join(consumerDir, "smoke", "api.mjs"), apiSmokeScript(apiNames, "esm"));
  const requirable = apiNames.filter((entry) => offersRequire(entry.from, manifests));
  await writeFile(join(consumerDir, "smoke", "api.cjs"), apiSmokeScript(requirable, "cjs"));
  return { examples, rendered, counts: countByKind(examples), apiNames };
}

/** Whether `@commerce-api/<pkg>[/<entry>]` offers a `require` condition in its package's exports. */
export function offersRequire(specifier: string, manifests: Record<string, PackageManifest>): boolean {
  const [scope, name, ...rest] = specifier.split("/");
  const manifest = manifests[`${scope}/${name}`];
  const subpath = rest.length > 0 ? `./${rest.join("/")}` : ".";
  const target = (manifest?.exports as Record<string, unknown> | undefined)?.[subpath];
  return typeof target === "object" && target !== null && "require" in target;
}
