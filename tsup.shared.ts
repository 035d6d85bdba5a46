import { existsSync, readdirSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/** tsup's entries: source files (named after their file) or `{ name: source }`. */
export type Entries = readonly string[] | Readonly<Record<string, string>>;

function isList(entries: Entries): entries is readonly string[] {
  return Array.isArray(entries);
}

function named(entries: Entries): Record<string, string> {
  if (!isList(entries)) return { ...entries };
  return Object.fromEntries(entries.map((file) => [basename(file).replace(/\.tsx?$/, ""), file]));
}

/**
 * tsup's `dts` option for a package whose build first runs `tsc -p tsconfig.build.json`
 * (TypeScript 7, `typescript-native`), which writes each source's declarations to `.types/`.
 * tsup's own declaration pass runs TypeScript 5.9 over the sources: about 15 s of CPU for the
 * schemas alone, most of a build. TypeScript 7 writes the same declarations (compared file by
 * file when this changed) in about a tenth of that, and tsup's bundler then only joins them,
 * per entry, into `dist/<entry>.d.ts` and `.d.cts`.
 */
export function declarationsOf(entries: Entries) {
  return {
    entry: Object.fromEntries(
      Object.entries(named(entries)).map(([name, file]) => [
        name,
        file.replace(/^src\//, ".types/").replace(/\.tsx?$/, ".d.ts"),
      ]),
    ),
  };
}

/**
 * The package's dated entry points, one per API version of the spec: `<version>` (`2026-10`)
 * built from the generated `src/generated/<version>/index.ts`, exported as
 * `<package>/<version>` (each listed in the package's `exports`). Found beside the package's
 * tsup config (`configUrl`: its `import.meta.url`), wherever the process runs from: read from
 * the working folder, a build started elsewhere (`tsup --config packages/<name>/tsup.config.ts`)
 * would leave them out without a word.
 */
export function datedEntries(configUrl: string): Record<string, string> {
  const folder = "src/generated";
  const path = fileURLToPath(new URL(folder, configUrl));
  if (!existsSync(path)) return {};
  return Object.fromEntries(
    readdirSync(path)
      .filter((name) => /^\d{4}-\d{2}$/.test(name))
      .sort()
      .map((version) => [version, `${folder}/${version}/index.ts`]),
  );
}

/** `entries` with the dated ones, as tsup's `entry` takes them. */
export function withDatedEntries(configUrl: string, entries: readonly string[]): Record<string, string> {
  return { ...named(entries), ...datedEntries(configUrl) };
}
