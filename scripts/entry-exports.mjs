// What each published entry exports at run time against what its declarations promise, on the
// packed tarballs. A bundler can turn `export * from "…"` into a side-effect import of a shared
// chunk, and a declaration bundler can drop the `type` of `export type { … } from "…"`; either
// way the types and the code disagree, and only loading the built entry shows it.
//
// Per entry and condition (`import`, `require`): the names `import()` / `require()` give, and the
// value names the condition's declarations export (type-only exports left out). Every name on
// one side only is a problem; so is a condition that cannot load.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";

/** Conditions an entry offers that a user's runtime picks. */
const RUNTIME_CONDITIONS = ["import", "require"];

/** A condition's target: a file, or `{ types, default }`. */
function targetFiles(branch) {
  return typeof branch === "string"
    ? { types: undefined, code: branch }
    : { types: branch.types, code: branch.default };
}

/**
 * The JavaScript entries of a manifest's `exports`: one `{ subpath, condition, types, code }`
 * per entry and runtime condition. An entry with only `{ types, default }` is the ESM of a
 * `"type": "module"` package: checked as `import`. Entries that are not code
 * (`./openapi.json`, `./package.json`) are left out.
 */
export function entryConditions(manifest) {
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    if (typeof target !== "object" || target === null) return [];
    const offered = RUNTIME_CONDITIONS.filter((condition) => target[condition]);
    if (offered.length === 0 && target.default) {
      return [{ subpath, condition: "import", ...targetFiles(target) }];
    }
    return offered.map((condition) => ({ subpath, condition, ...targetFiles(target[condition]) }));
  });
}

/**
 * Unpacks each tarball into `<project>/node_modules/<name>`, as npm would install it, and links
 * every other package they import or peer on from the workspace package that declares it, so
 * the entries load and their declarations resolve without a network install.
 */
export function installTarballs(packages, project) {
  const modules = join(project, "node_modules");
  for (const { manifest, tarball } of packages) {
    const folder = join(modules, manifest.name);
    mkdirSync(folder, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", folder, "--strip-components=1"]);
  }
  const ours = new Set(packages.map(({ manifest }) => manifest.name));
  for (const { manifest, workspaceDir } of packages) {
    const wanted = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    for (const name of wanted.filter((dependency) => !ours.has(dependency))) {
      const link = join(modules, name);
      const source = join(workspaceDir, "node_modules", name);
      if (existsSync(link) || !existsSync(source)) continue;
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(realpathSync(source), link, "dir");
    }
  }
}

/**
 * Loads the entries of every plan (`{ manifest, entries }`) in one child Node process: per
 * `name subpath condition`, its names or its error. One process for all the packages: each
 * loads what they share (zod, the schemas) once, and none of it stays in the caller.
 */
export function runtimeExports(project, plans) {
  const files = plans.flatMap(({ manifest, entries }) =>
    entries.map(({ subpath, condition, code }) => ({
      key: runtimeKey(manifest.name, subpath, condition),
      condition,
      file: join(project, "node_modules", manifest.name, code),
    })),
  );
  const loader = join(import.meta.dirname, "load-entries.mjs");
  const output = execFileSync(process.execPath, [loader, JSON.stringify(files)], {
    cwd: project,
    encoding: "utf8",
  });
  return JSON.parse(output);
}

function runtimeKey(packageName, subpath, condition) {
  return `${packageName} ${subpath} ${condition}`;
}

/** A type-only import or export on the way from an exported name to what it names. */
function isTypeOnly(declaration) {
  return ts.isTypeOnlyImportOrExportDeclaration(declaration);
}

/** Whether an exported symbol is a value at run time, following its aliases (re-exports). */
function isValueExport(checker, symbol) {
  let current = symbol;
  const seen = new Set();
  while (current.flags & ts.SymbolFlags.Alias && !seen.has(current)) {
    seen.add(current);
    if (current.declarations?.some(isTypeOnly)) return false;
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next) break;
    current = next;
  }
  return (current.flags & ts.SymbolFlags.Value) !== 0;
}

/**
 * The value names each declaration file exports, read by TypeScript as a user's compiler reads
 * them (`node16`: a `.d.ts` of a `"type": "module"` package is ESM, a `.d.cts` CommonJS).
 * One program for all the files: shared declarations are read once.
 */
export function declaredValueExports(files) {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    // Only the names a module exports are read, never a type's meaning: without TypeScript's own
    // lib files (the DOM's among them), each program is a fraction of the work.
    noLib: true,
  });
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    files.map((file) => {
      const source = program.getSourceFile(file);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (!moduleSymbol) return [file, { error: "TypeScript cannot read it as a module" }];
      const names = checker
        .getExportsOfModule(moduleSymbol)
        .filter((symbol) => isValueExport(checker, symbol))
        .map((symbol) => symbol.escapedName.toString());
      return [file, { names }];
    }),
  );
}

/** The problems of one entry condition: what cannot load, and the names on one side only. */
export function compareExports({ entry, runtime, declared }) {
  const where = `${entry.subpath} (${entry.condition})`;
  if (runtime.error) return [`${where} cannot load: ${runtime.error}`];
  if (!declared) return [`${where} has no declarations ("types") for this condition`];
  if (declared.error) return [`${where} declarations: ${declared.error}`];
  const atRuntime = new Set(runtime.names);
  const promised = new Set(declared.names);
  const missing = [...promised].filter((name) => !atRuntime.has(name)).sort();
  const undeclared = [...atRuntime].filter((name) => !promised.has(name)).sort();
  return [
    ...(missing.length > 0
      ? [`${where} lacks at run time ${missing.length} declared: ${missing.join(", ")}`]
      : []),
    ...(undeclared.length > 0
      ? [`${where} exports ${undeclared.length} its types do not declare: ${undeclared.join(", ")}`]
      : []),
  ];
}

/**
 * Checks every entry condition of every package installed in `project` by `installTarballs`:
 * `{ [packageName]: problems[] }`.
 */
export function checkEntryExports(project, manifests) {
  const plans = manifests.map((manifest) => ({ manifest, entries: entryConditions(manifest) }));
  const folderOf = (manifest) => join(project, "node_modules", manifest.name);
  const declarationFiles = plans.flatMap(({ manifest, entries }) =>
    entries.filter((entry) => entry.types).map((entry) => join(folderOf(manifest), entry.types)),
  );
  const declared = declaredValueExports(declarationFiles);
  const runtime = runtimeExports(project, plans);
  return Object.fromEntries(
    plans.map(({ manifest, entries }) => {
      const problems = entries.flatMap((entry) =>
        compareExports({
          entry,
          runtime: runtime[runtimeKey(manifest.name, entry.subpath, entry.condition)],
          declared: entry.types ? declared[join(folderOf(manifest), entry.types)] : undefined,
        }),
      );
      return [manifest.name, problems];
    }),
  );
}
