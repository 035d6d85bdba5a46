import { access, readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import type { PackageName } from "./emitters/target.ts";
import type { RenderedFile } from "./rendered-file.ts";

const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const workspacePackages = join(codegenRoot, "..", "packages");

/**
 * When `--out` names a folder without the packages, the generated sources alone would not
 * build. This renders the rest of each package from the workspace's own copy: its
 * package.json (workspace ranges pinned to versions), build config and hand-written
 * runtime, with a standalone tsconfig. One source of truth: the workspace packages.
 */
export async function renderScaffold(
  outDir: string,
  packages: readonly PackageName[],
): Promise<RenderedFile[]> {
  if (resolve(outDir) === resolve(workspacePackages)) return [];
  const rendered: RenderedFile[] = [];
  const versions = await workspaceVersions(packages);
  const tsconfig = Handlebars.compile(
    await readFile(join(codegenRoot, "templates", "tsconfig.json.hbs"), "utf8"),
  );
  for (const pkg of packages) {
    const target = join(outDir, pkg);
    if (await exists(join(target, "package.json"))) continue;
    const source = join(workspacePackages, pkg);
    const manifest = pinWorkspaceRanges(await readFile(join(source, "package.json"), "utf8"), versions);
    rendered.push({ path: join(target, "package.json"), contents: manifest });
    rendered.push({ path: join(target, "tsconfig.json"), contents: tsconfig({ jsx: pkg === "react" }) });
    for (const file of await handWrittenFiles(source)) {
      rendered.push({ path: join(target, relative(source, file)), contents: await readFile(file, "utf8") });
    }
  }
  return rendered;
}

async function handWrittenFiles(packageDir: string): Promise<string[]> {
  const entries = await readdir(join(packageDir, "src"), { recursive: true, withFileTypes: true });
  const sources = entries
    .filter((e) => e.isFile() && !relative(join(packageDir, "src"), e.parentPath).startsWith("generated"))
    .map((e) => join(e.parentPath, e.name));
  const extras = ["tsup.config.ts", "README.md"].map((name) => join(packageDir, name));
  const present = await Promise.all(extras.map(async (path) => ((await exists(path)) ? path : undefined)));
  return [...sources, ...present.filter((p): p is string => p !== undefined)].sort();
}

async function workspaceVersions(packages: readonly PackageName[]): Promise<Map<string, string>> {
  const versions = new Map<string, string>();
  for (const pkg of packages) {
    const manifest = JSON.parse(await readFile(join(workspacePackages, pkg, "package.json"), "utf8"));
    versions.set(manifest.name, manifest.version);
  }
  return versions;
}

function pinWorkspaceRanges(manifestText: string, versions: Map<string, string>): string {
  const manifest = JSON.parse(manifestText);
  for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
    for (const [name, range] of Object.entries<string>(manifest[field] ?? {})) {
      if (!range.startsWith("workspace:")) continue;
      // A private workspace tool (the sandbox the tests use) is not published, and the tests are not scaffolded.
      if (versions.has(name)) manifest[field][name] = `^${versions.get(name)}`;
      else delete manifest[field][name];
    }
  }
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
