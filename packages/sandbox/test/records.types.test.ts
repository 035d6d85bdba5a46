/**
 * Records are typed from the generated wire types: a required field the spec adds to a
 * response must be a type error where the sandbox makes that record. This compiles the
 * builders and the seed's catalog with one generated price type widened by a required field
 * (a module augmentation, as a regenerated `@commerce-api/schemas` would have it) and expects
 * the compiler to ask for it where prices are made. Only those two files are checked.
 */
import { join } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const fixture = join(root, "test", "__added-price-field.ts");
const FIELD = "sandbox_added_field";

/** The errors the compiler reports in `files`, with `augmentation` added to the program. */
function errorsWith(augmentation: string, files: string[]): string[] {
  const configFile = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === fixture || fileExists.call(host, name);
  host.readFile = (name) => (name === fixture ? augmentation : readFile.call(host, name));
  host.getSourceFile = (name, language, ...rest) =>
    name === fixture
      ? ts.createSourceFile(name, augmentation, language)
      : getSourceFile.call(host, name, language, ...rest);
  const program = ts.createProgram({ rootNames: [fixture, ...files], options, host });
  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    return program.getSemanticDiagnostics(source).map((diagnostic) => {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      return `${file.slice(root.length + 1)}:${line + 1} ${text}`;
    });
  });
}

it("a required field added to a generated price type is a type error where prices are made", () => {
  const builders = join(root, "src", "builders", "catalog.ts");
  const catalog = join(root, "src", "seed", "catalog.ts");
  const errors = errorsWith(
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
