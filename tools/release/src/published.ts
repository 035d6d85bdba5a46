/**
 * Reads a package as npm installed it from the registry into what the checks take. The
 * packages a file imports are read from its code and its declarations alike: a `.d.ts` naming
 * an undeclared package leaves a strict installer's users (pnpm) with `any` types.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import type { PackageManifest, PublishedPackage } from "./checks.js";

export async function readPublishedPackage(dir: string): Promise<PublishedPackage> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) =>
      posix.normalize(
        join(entry.parentPath, entry.name)
          .slice(dir.length + 1)
          .replaceAll("\\", "/"),
      ),
    )
    .sort();
  const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as PackageManifest;
  const sourceMaps: Record<string, string[]> = {};
  const imports: Record<string, string[]> = {};
  for (const file of files) {
    if (file.endsWith(".map")) {
      const map = JSON.parse(await readFile(join(dir, file), "utf8")) as { sources?: string[] };
      sourceMaps[file] = (map.sources ?? []).map((source) => posix.join(posix.dirname(file), source));
    } else if (/\.[cm]?js$|\.d\.[cm]?ts$/.test(file)) {
      imports[file] = bareImports(await readFile(join(dir, file), "utf8"));
    }
  }
  return { manifest, files, sourceMaps, imports };
}

const importPatterns = [
  /\b(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Module specifiers of a built JS file that name packages, not files. */
export function bareImports(code: string): string[] {
  const found = new Set<string>();
  for (const pattern of importPatterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".") && !specifier.startsWith("/")) found.add(specifier);
    }
  }
  return [...found].sort();
}
