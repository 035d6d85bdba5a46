/**
 * What a release must be, as pure functions: data in, a list of problems out (empty when
 * right). Each problem names the package or file and says how to fix it. The unit tests feed
 * them broken inputs; the rehearsal feeds them what it really published.
 */

export interface WorkspacePackage {
  name: string;
  private?: boolean;
}

export interface ChangesetConfig {
  fixed?: string[][];
  ignore?: string[];
}

/** The publishable packages must form one `fixed` group, so one release moves all of them. */
export function checkFixedGroup(config: ChangesetConfig, packages: WorkspacePackage[]): string[] {
  const problems: string[] = [];
  const published = packages.filter((p) => !p.private).map((p) => p.name);
  const names = new Set(packages.map((p) => p.name));
  const groups = config.fixed ?? [];
  const group = groups.find((g) => published.some((name) => g.includes(name))) ?? [];
  const where = ".changeset/config.json";
  for (const name of published) {
    if (!group.includes(name)) {
      problems.push(
        `${name} is published but not in the fixed group of ${where} (${JSON.stringify(group)}): add it, so it is released with the others at the same version`,
      );
    }
  }
  for (const other of groups.filter((g) => g !== group && g.some((name) => published.includes(name)))) {
    problems.push(
      `${where} splits the published packages over several fixed groups (${JSON.stringify(other)}): keep one group`,
    );
  }
  for (const name of groups.flat().filter((n) => !names.has(n))) {
    problems.push(
      `${where} names ${name} in a fixed group, but no workspace package has that name: remove or rename it`,
    );
  }
  for (const name of config.ignore ?? []) {
    if (published.includes(name)) {
      problems.push(
        `${where} ignores ${name}, which is published: remove it from "ignore" or mark the package private`,
      );
    }
  }
  return problems;
}

export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  sideEffects?: boolean | string[];
  engines?: Record<string, string>;
  repository?: string | { type?: string; url?: string; directory?: string };
  main?: string;
  module?: string;
  types?: string;
  exports?: unknown;
  files?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** A package as installed from the registry: its manifest and what its tarball holds. */
export interface PublishedPackage {
  manifest: PackageManifest;
  /** Every file of the tarball, relative, with forward slashes (`dist/index.js`). */
  files: string[];
  /** `sources` of each shipped `.map` file, resolved relative to the package root. */
  sourceMaps: Record<string, string[]>;
  /** The bare module specifiers each shipped `.js`/`.cjs` file imports or requires. */
  imports: Record<string, string[]>;
}

export interface ReleaseExpectations {
  /** The version every package of the fixed group was released at. */
  version: string;
  /** The package's manifest in the workspace, before publishing: its peers must survive as they are. */
  source: PackageManifest;
  /** Modules that must come from the app (one copy per app), never bundled as a dependency. */
  singletonPeers: string[];
}

const dependencyFields = [
  "dependencies",
  "peerDependencies",
  "optionalDependencies",
  "devDependencies",
] as const;

/** Everything checked on one published package; the details are in the functions below. */
export function checkPublishedPackage(pkg: PublishedPackage, expected: ReleaseExpectations): string[] {
  return [
    ...checkVersionAndRanges(pkg.manifest, expected.version),
    ...checkPeers(pkg, expected),
    ...checkMetadata(pkg),
    ...checkExports(pkg.manifest, pkg.files),
    ...checkShippedFiles(pkg),
  ];
}

/** One version for the group; `workspace:` ranges replaced, internal ones pinned to that version. */
export function checkVersionAndRanges(manifest: PackageManifest, version: string): string[] {
  const problems: string[] = [];
  const name = manifest.name;
  if (manifest.version !== version) {
    problems.push(
      `${name} was published at ${manifest.version}, not ${version} like the rest of its fixed group`,
    );
  }
  for (const field of dependencyFields) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith("workspace:")) {
        problems.push(
          `${name}'s published ${field} keeps "${dep}": "${range}", which npm cannot install: publish with pnpm (\`changeset publish\` does), which replaces workspace: ranges`,
        );
      } else if (field !== "devDependencies" && dep.startsWith("@commerce-api/") && range !== version) {
        problems.push(`${name} depends on ${dep}@${range}, not on ${version}, the version released with it`);
      }
    }
  }
  return problems;
}

/** Peers survive publishing as declared, singletons are peers, and every import is declared. */
export function checkPeers(pkg: PublishedPackage, expected: ReleaseExpectations): string[] {
  const problems: string[] = [];
  const { manifest } = pkg;
  const name = manifest.name;
  const peers = manifest.peerDependencies ?? {};
  const dependencies = manifest.dependencies ?? {};
  for (const [peer, range] of Object.entries(expected.source.peerDependencies ?? {})) {
    if (peers[peer] !== range) {
      problems.push(
        `${name} declares peer ${peer}@${peers[peer] ?? "(missing)"}; the workspace declares ${range}`,
      );
    }
  }
  for (const [file, specifiers] of Object.entries(pkg.imports)) {
    for (const specifier of specifiers) {
      const module = packageNameOf(specifier);
      if (module.startsWith("node:")) continue;
      if (expected.singletonPeers.includes(module) && !(module in peers)) {
        problems.push(
          `${name} imports ${module} (${file}) but does not declare it as a peer dependency: apps must share one copy`,
        );
      } else if (!(module in peers) && !(module in dependencies)) {
        problems.push(
          `${name} imports ${module} (${file}), which is neither a dependency nor a peer: declare it in package.json`,
        );
      }
    }
  }
  for (const peer of expected.singletonPeers) {
    if (peer in dependencies) {
      problems.push(
        `${name} lists ${peer} in dependencies: make it a peer dependency, so apps keep one copy`,
      );
    }
  }
  return problems;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** What npm's page, provenance and bundlers read from the manifest. */
export function checkMetadata({ manifest, files }: PublishedPackage): string[] {
  const problems: string[] = [];
  const name = manifest.name;
  if (manifest.private) problems.push(`${name} is marked private, so it cannot be published`);
  if (!manifest.license) problems.push(`${name} has no "license" in package.json`);
  if (!manifest.engines?.node) problems.push(`${name} has no "engines": { "node": ... } in package.json`);
  if (manifest.sideEffects === undefined) {
    problems.push(`${name} has no "sideEffects" in package.json: bundlers then keep unused modules`);
  }
  const repository = manifest.repository;
  if (typeof repository !== "object" || !repository.url || !repository.directory) {
    problems.push(
      `${name} needs "repository": { "type": "git", "url": ..., "directory": "packages/..." } (npm provenance checks it)`,
    );
  }
  if (!files.includes("README.md")) problems.push(`${name} ships no README.md: add it to "files"`);
  return problems;
}

/** A target is shipped when the tarball has it, or for a subpath pattern (`./openapi/*.json`) one file it matches. */
function isShipped(target: string, shipped: ReadonlySet<string>): boolean {
  if (!target.includes("*")) return shipped.has(target);
  const [before, after] = target.split("*") as [string, string];
  return [...shipped].some(
    (file) => file.startsWith(before) && file.endsWith(after) && file.length > before.length + after.length,
  );
}

/** Every path `exports`, `main`, `module` and `types` name is in the tarball. */
export function checkExports(manifest: PackageManifest, files: string[]): string[] {
  const shipped = new Set(files);
  const targets: [string, string][] = [];
  for (const field of ["main", "module", "types"] as const) {
    const target = manifest[field];
    if (target) targets.push([`"${field}"`, target]);
  }
  collectTargets(manifest.exports, "exports", targets);
  if (manifest.exports === undefined) targets.push(['"exports"', "(missing)"]);
  return targets
    .filter(([, target]) => !isShipped(normalise(target), shipped))
    .map(([where, target]) =>
      target === "(missing)"
        ? `${manifest.name} has no "exports" map: add one so Node and bundlers resolve its entries`
        : `${manifest.name}'s ${where} points at ${target}, which is not in the published package: build it, or fix the path or "files"`,
    );
}

function collectTargets(value: unknown, where: string, into: [string, string][]): void {
  if (typeof value === "string") into.push([where, value]);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) collectTargets(inner, `${where}["${key}"]`, into);
  }
}

function normalise(path: string): string {
  return path.replace(/^\.\//, "");
}

const unwanted: [RegExp, string][] = [
  [/(^|\/)(test|tests|__tests__|__snapshots__)\//, "a test folder"],
  [/\.(test|spec|bench)\.[cm]?[jt]sx?$/, "a test"],
  [/(^|\/)bench\//, "a benchmark"],
  [/(^|\/)(tsconfig[^/]*\.json|tsup\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s)$/, "build configuration"],
  [/(^|\/)(\.test-results\.json|\.turbo\/|node_modules\/)/, "a build or test leftover"],
];

/** `files` ships what users run and read, no tests or benchmarks, and source maps that resolve. */
export function checkShippedFiles(pkg: PublishedPackage): string[] {
  const problems: string[] = [];
  const name = pkg.manifest.name;
  for (const file of pkg.files) {
    const match = unwanted.find(([pattern]) => pattern.test(file));
    if (match) problems.push(`${name} ships ${file}, ${match[1]}: narrow "files" in package.json`);
  }
  const shipped = new Set(pkg.files);
  for (const [map, sources] of Object.entries(pkg.sourceMaps)) {
    const missing = sources.filter((source) => !shipped.has(source));
    if (missing.length > 0) {
      problems.push(
        `${name}'s ${map} points at ${missing.join(", ")}, not shipped: ship the sources or build without source maps`,
      );
    }
  }
  return problems;
}

export interface OperationPath {
  id: string;
  path: string;
}

/** A bundle that uses one operation holds that operation's path and no other's. */
export function checkBundleOperations(bundle: string, operations: OperationPath[], used: string): string[] {
  const problems: string[] = [];
  const wanted = operations.find((op) => op.id === used);
  if (!wanted) return [`no operation named ${used}`];
  if (!bundle.includes(wanted.path))
    problems.push(`the bundle lacks ${used} (${wanted.path}), the one operation it uses`);
  const others = operations.filter(
    (op) => op.id !== used && op.path !== wanted.path && bundle.includes(op.path),
  );
  if (others.length > 0) {
    problems.push(
      `the bundle holds operations it does not use: ${others.map((op) => `${op.id} (${op.path})`).join(", ")}; something defeats tree-shaking (a facade import or a side effect)`,
    );
  }
  return problems;
}

/** Throws one error listing every problem, so a red run shows all of them at once. */
export function assertNoProblems(what: string, problems: string[]): void {
  if (problems.length > 0) throw new Error(`${what}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
}
