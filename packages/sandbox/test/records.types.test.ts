/**
 * Records are typed from the generated wire types: a required field the spec adds to a
 * response must be a type error where the sandbox makes that record. This compiles the
 * builders and the seed's catalog with one generated price type widened by a required field
 * (a module augmentation, as a regenerated `@commerce-api/schemas` would have it) and expects
 * the compiler to ask for it where prices are made. The compiler is the package's own type
 * check's (TypeScript 7, a process of its own: a fifth of TypeScript 5.9's CPU in this one).
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const tsc = join(root, "node_modules", "typescript-native", "bin", "tsc");
const FIELD = "sandbox_added_field";

/**
 * The errors the compiler reports in `files` (as `path:line message`, paths from the package),
 * type-checked with the package's options and `augmentation` added to the program.
 */
async function errorsWith(augmentation: string, files: string[]): Promise<string[]> {
  // Inside the package (.tmp/ is git-ignored), so the package's own type packages resolve.
  await mkdir(join(root, ".tmp"), { recursive: true });
  const dir = await mkdtemp(join(root, ".tmp", "records-types-"));
  try {
    await writeFile(join(dir, "augmentation.ts"), augmentation);
    const config = {
      extends: join(root, "tsconfig.json"),
      compilerOptions: { noEmit: true, pretty: false },
      files: [join(dir, "augmentation.ts"), ...files],
      include: [],
    };
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify(config));
    const output = await promisify(execFile)(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], {
      cwd: root,
    }).then(
      ({ stdout }) => stdout,
      // Exit status 1 or 2: errors were reported, on stdout.
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    const checked = new Set(files.map((file) => relative(root, file)));
    return diagnostics(output)
      .filter((error) => checked.has(error.path))
      .map(({ path, text }) => `${path}:${text}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Each error of tsc's output: its file (from the package) and `line message`, the message's
 * continuation lines (the chain of reasons, where a missing property is named) joined to it.
 */
function diagnostics(output: string): { path: string; text: string }[] {
  const errors: { path: string; text: string }[] = [];
  for (const line of output.split("\n")) {
    const error = /^(.+?)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line);
    if (error) errors.push({ path: relative(root, join(root, error[1]!)), text: `${error[2]} ${error[3]}` });
    else if (line.startsWith("  ") && errors.length > 0)
      errors[errors.length - 1]!.text += `\n${line.trim()}`;
  }
  return errors;
}

it("a required field added to a generated price type is a type error where prices are made", async () => {
  const builders = join(root, "src", "builders", "catalog.ts");
  const catalog = join(root, "src", "seed", "catalog.ts");
  const errors = await errorsWith(
    `export {};
declare module "@commerce-api/schemas" {
  interface FixedPrice { ${FIELD}: string }
  interface CustomPrice { ${FIELD}: string }
}
`,
    [builders, catalog],
  );
  const missing = errors.filter((error) => error.includes(FIELD));
  // Fixed and custom prices, in the builders' makePrice and the seed's.
  expect(
    missing.some((error) => error.startsWith("src/builders/catalog.ts:")),
    errors.join("\n"),
  ).toBe(true);
  expect(
    missing.some((error) => error.startsWith("src/seed/catalog.ts:")),
    errors.join("\n"),
  ).toBe(true);
  expect(errors.filter((error) => !error.includes(FIELD))).toEqual([]);
});
