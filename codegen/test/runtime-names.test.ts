/**
 * The names each emitter says its package's runtime reserves (emitters/<package>/runtime-names.ts)
 * are the runtime's real ones: the loader rejects an operation that would collide with them,
 * so a stale list would let a collision through or reject a good spec. Read with the
 * TypeScript compiler from the packages' sources and the committed generated files.
 */
import { join } from "node:path";
import { type ExportedDeclarations, Node, Project, type SourceFile, SyntaxKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import {
  clientRuntimeErrorClasses,
  clientRuntimeExports,
  statusErrorClasses,
} from "../src/emitters/client/runtime-names.ts";
import { queryRuntimeExports, queryRuntimeImports } from "../src/emitters/query/runtime-names.ts";
import { reactRuntimeExports, reactRuntimeImports } from "../src/emitters/react/runtime-names.ts";
import { schemasRuntimeImports } from "../src/emitters/schemas/runtime-names.ts";
import { repoRoot } from "./helpers.ts";

const project = new Project({
  tsConfigFilePath: join(repoRoot, "tsconfig.base.json"),
  skipAddingFilesFromTsConfig: true,
  // Only which names modules export is read: TypeScript's own lib files (the DOM's among them)
  // would be most of the program.
  compilerOptions: { jsx: 4 /* react-jsx */, noLib: true },
});

function source(path: string): SourceFile {
  return project.getSourceFile(path) ?? project.addSourceFileAtPath(path);
}

const isValue = (declaration: ExportedDeclarations) =>
  Node.isFunctionDeclaration(declaration) ||
  Node.isVariableDeclaration(declaration) ||
  Node.isClassDeclaration(declaration);

/** The names a module exports as values (functions, constants, classes), sorted. */
function valueExports(file: SourceFile): string[] {
  return [...file.getExportedDeclarations()]
    .filter(([, declarations]) => declarations.some(isValue))
    .map(([name]) => name)
    .sort();
}

/** What `specifier` exports, as seen from a file in `dir`. */
function exportsOf(specifier: string, dir: string): string[] {
  const probe = project.createSourceFile(join(dir, "__exports_probe__.ts"), `export * from "${specifier}";`, {
    overwrite: true,
  });
  return sorted(probe.getExportedDeclarations().keys());
}

/** The value names the committed generated files of a package import from each of `modules`. */
function generatedValueImports(pkg: string, modules: readonly string[]): Record<string, string[]> {
  const dir = join(repoRoot, "packages", pkg, "src", "generated");
  const found: Record<string, Set<string>> = Object.fromEntries(modules.map((m) => [m, new Set()]));
  for (const file of project.addSourceFilesAtPaths(join(dir, "*.ts"))) {
    for (const declaration of file.getImportDeclarations()) {
      const names = found[declaration.getModuleSpecifierValue()];
      if (!names || declaration.isTypeOnly()) continue;
      for (const named of declaration.getNamedImports()) if (!named.isTypeOnly()) names.add(named.getName());
    }
  }
  return Object.fromEntries(Object.entries(found).map(([m, names]) => [m, [...names].sort()]));
}

function sorted(names: Iterable<string>): string[] {
  return [...names].sort();
}

describe("the names the runtimes reserve", () => {
  it("client: every camelCase value the package exports beside the operations' own", () => {
    const src = join(repoRoot, "packages", "client", "src");
    const perOperation = new Set(valueExports(source(join(src, "generated", "operations.ts"))));
    const runtime = valueExports(source(join(src, "index.ts"))).filter(
      (name) => !perOperation.has(name) && /^[a-z]/.test(name),
    );
    expect(runtime).toContain("paginate");
    expect(sorted(clientRuntimeExports)).toEqual(runtime);
  });

  it("client: the hand-written error classes, which no error code may name as its own", () => {
    const errors = source(join(repoRoot, "packages", "client", "src", "errors.ts"));
    const classes = errors.getClasses().map((declaration) => declaration.getName()!);
    expect(classes).toContain("ApiError");
    expect(sorted(clientRuntimeErrorClasses)).toEqual(sorted(classes));
  });

  it("client: the classes the operation docs give by status are the ones the runtime throws", () => {
    const errors = source(join(repoRoot, "packages", "client", "src", "errors.ts"));
    const runtimeClasses = new Set(errors.getClasses().map((declaration) => declaration.getName()!));
    const apiError = source(join(repoRoot, "packages", "client", "src", "api-error.ts"));
    const byStatus: Record<string, string> = {};
    for (const clause of apiError
      .getFunctionOrThrow("errorFor")
      .getDescendantsOfKind(SyntaxKind.CaseClause)) {
      // A case whose error is a runtime class; 404's class is the generated one of its code.
      const thrown = clause.getFirstDescendantByKind(SyntaxKind.NewExpression)?.getExpression().getText();
      if (thrown && runtimeClasses.has(thrown)) byStatus[clause.getExpression().getText()] = thrown;
    }
    expect(byStatus).toHaveProperty("401", "AuthenticationError");
    expect(byStatus).toEqual({ ...statusErrorClasses });
  });

  it("query: every value the core exports beside the generated ones", () => {
    const src = join(repoRoot, "packages", "query", "src");
    const generated = new Set(valueExports(source(join(src, "generated", "operations.ts"))));
    const runtime = valueExports(source(join(src, "index.ts"))).filter((name) => !generated.has(name));
    expect(runtime).toContain("setClientCacheId");
    expect(sorted(queryRuntimeExports)).toEqual(runtime);
  });

  it("react: every value the package exports beside its generated hooks and the core it re-exports", () => {
    const src = join(repoRoot, "packages", "react", "src");
    const core = new Set(valueExports(source(join(repoRoot, "packages", "query", "src", "index.ts"))));
    const generated = new Set(valueExports(source(join(src, "generated", "index.ts"))));
    const runtime = valueExports(source(join(src, "index.ts"))).filter(
      (name) => !generated.has(name) && !core.has(name),
    );
    expect(runtime).toContain("useCommerceClient");
    expect(sorted(reactRuntimeExports)).toEqual(runtime);
  });

  for (const [pkg, imports] of [
    ["query", queryRuntimeImports],
    ["react", reactRuntimeImports],
  ] as const) {
    it(`${pkg}: exactly what the generated files import, and each module exports it`, () => {
      const generatedDir = join(repoRoot, "packages", pkg, "src", "generated");
      const modules = Object.keys(imports);
      const declared = Object.fromEntries(Object.entries(imports).map(([m, n]) => [m, sorted(n)]));
      expect(generatedValueImports(pkg, modules)).toEqual(declared);
      for (const [module, names] of Object.entries(imports)) {
        expect(exportsOf(module, generatedDir)).toEqual(expect.arrayContaining([...names]));
      }
    });
  }

  it("schemas: exactly what the generated files import, and each module exports it", () => {
    const generatedDir = join(repoRoot, "packages", "schemas", "src", "generated");
    const modules = Object.keys(schemasRuntimeImports);
    const declared = Object.fromEntries(
      Object.entries(schemasRuntimeImports).map(([m, n]) => [m, sorted(n)]),
    );
    expect(generatedValueImports("schemas", modules)).toEqual(declared);
    for (const [module, names] of Object.entries(schemasRuntimeImports)) {
      expect(exportsOf(module, generatedDir)).toEqual(expect.arrayContaining([...names]));
    }
  });
});
