import { basename } from "node:path";

/**
 * tsup's `dts` option for a package whose build first runs `tsc -p tsconfig.build.json`
 * (TypeScript 7, `typescript-native`), which writes each source's declarations to `.types/`.
 * tsup's own declaration pass runs TypeScript 5.9 over the sources: about 15 s of CPU for the
 * schemas alone, most of a build. TypeScript 7 writes the same declarations (compared file by
 * file when this changed) in about a tenth of that, and tsup's bundler then only joins them,
 * per entry, into `dist/<entry>.d.ts` and `.d.cts`.
 */
export function declarationsOf(entries: readonly string[]) {
  return {
    entry: Object.fromEntries(
      entries.map((file) => {
        const name = basename(file).replace(/\.tsx?$/, "");
        return [name, `.types/${name}.d.ts`];
      }),
    ),
  };
}
