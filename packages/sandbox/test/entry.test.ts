/**
 * `@commerce-api/sandbox` runs in browsers and workers: nothing its index reaches imports a
 * Node built-in. (The server, the MSW handlers and the command are entries of their own.)
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { expect, it } from "vitest";

const src = join(import.meta.dirname, "..", "src");

/** Every module specifier the file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((match) => match[1] as string);
}

function reachable(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}

it("the index imports no Node built-in, directly or through its modules", () => {
  const { files, external } = reachable(join(src, "index.ts"));
  expect(files.size).toBeGreaterThan(20);
  const builtins = [...external].filter((specifier) => specifier.startsWith("node:") || specifier === "http");
  expect(builtins).toEqual([]);
  expect(files.has(join(src, "server.ts"))).toBe(false);
  expect(files.has(join(src, "msw.ts"))).toBe(false);
});

it("the server entry does import node:http (so the walk sees built-ins)", () => {
  expect([...reachable(join(src, "server.ts")).external]).toContain("node:http");
});
