/**
 * The docs this package ships (its `files`: README.md, SKILL.md, llms.txt) as an agent or its
 * developer copies from them: every command runs this package, and llms.txt names every
 * published package of the toolkit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };

const packageDir = new URL("../", import.meta.url);
const shippedDocs = packageJson.files.filter((file) => /\.(md|txt)$/.test(file));
const read = (file: string) => readFileSync(new URL(file, packageDir), "utf8");

describe("the shipped docs", () => {
  it("are README.md, SKILL.md and llms.txt", () => {
    expect([...shippedDocs].sort()).toEqual(["README.md", "SKILL.md", "llms.txt"]);
  });

  it.each(shippedDocs)(
    "%s never runs npx on the bare bin name, which fetches someone else's package",
    (file) => {
      // `npx commerce-mcp`, `npx -y commerce-mcp`, `npx --yes commerce-mcp`: all run the registry's `commerce-mcp`.
      const bare = /npx(?:\s+(?:-y|--yes))*\s+commerce-mcp\b/g;
      expect(read(file).match(bare), file).toBeNull();
      expect(read(file), file).toContain("npx @commerce-api/mcp");
    },
  );
});

describe("llms.txt", () => {
  it("names every published package of the workspace", () => {
    const root = new URL("../../../", import.meta.url);
    const published = ["packages", "apps"].flatMap((folder) =>
      readdirSync(new URL(`${folder}/`, root)).flatMap((name) => {
        const manifest = JSON.parse(
          readFileSync(new URL(`${folder}/${name}/package.json`, root), "utf8"),
        ) as {
          name: string;
          private?: boolean;
        };
        return manifest.private ? [] : [manifest.name];
      }),
    );
    expect(published).toHaveLength(10);
    const listed = [...read("llms.txt").matchAll(/^- (@commerce-api\/[\w-]+): /gm)].map(([, name]) => name);
    expect(listed.sort()).toEqual(published.sort());
  });
});
