/**
 * `generate --out` into a folder without the packages writes the rest of each package beside
 * the generated sources, so the result builds on its own: the workspace package's manifest
 * with workspace ranges pinned to versions (a private workspace tool dropped), a standalone
 * tsconfig (JSX for React), the hand-written runtime, its build config and README. A package
 * that is already there is left as it is.
 */
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codegenRoot, listFiles, makeTempDir, removeTempDirs, repoRoot, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));

describe("generate --out into an empty folder", () => {
  it("writes each package whole, and leaves a package that is there alone", async () => {
    const dir = await makeTempDir("codegen-scaffold-");
    await copyFile(join(codegenRoot, "test", "features", "enum", "spec.yaml"), join(dir, "spec.yaml"));
    expect((await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir)).code).toBe(0);
    const files = await listFiles(join(dir, "out"));

    const schemasVersion = (await readJson(join(repoRoot, "packages/schemas/package.json"))).version;
    const clientVersion = (await readJson(join(repoRoot, "packages/client/package.json"))).version;
    const client = await readJson(join(dir, "out/client/package.json"));
    expect(client.name).toBe("@commerce-api/client");
    expect(client.dependencies["@commerce-api/schemas"]).toBe(`^${schemasVersion}`);
    const react = await readJson(join(dir, "out/react/package.json"));
    expect(react.dependencies["@commerce-api/client"]).toBe(`^${clientVersion}`);
    expect(react.devDependencies["@commerce-api/schemas"]).toBe(`^${schemasVersion}`);
    // The sandbox is a private workspace tool, not published: the scaffold cannot depend on it.
    expect(react.devDependencies).not.toHaveProperty("@commerce-api/sandbox");

    expect((await readJson(join(dir, "out/react/tsconfig.json"))).compilerOptions.jsx).toBe("react-jsx");
    expect((await readJson(join(dir, "out/client/tsconfig.json"))).compilerOptions).not.toHaveProperty("jsx");
    expect(files).toEqual(
      expect.arrayContaining([
        "client/src/client.ts",
        "client/src/validate.ts",
        "client/tsup.config.ts",
        "client/README.md",
        "react/src/provider.tsx",
        "schemas/src/messages.ts",
      ]),
    );
    // The runtime's tests stay in the workspace.
    expect(files.filter((file) => /\/test\//.test(file))).toEqual([]);
    expect(await readFile(join(dir, "out/client/src/client.ts"), "utf8")).toBe(
      await readFile(join(repoRoot, "packages/client/src/client.ts"), "utf8"),
    );

    await writeFile(join(dir, "out/client/src/client.ts"), "// changed by the user\n");
    const again = await runCli(["generate", "--spec", "spec.yaml", "--out", "out"], dir);
    expect(again.out[0]).toMatch(/^generated \d+ files \(0 changed, 0 removed\)/);
    expect(await readFile(join(dir, "out/client/src/client.ts"), "utf8")).toBe("// changed by the user\n");
  });
});
