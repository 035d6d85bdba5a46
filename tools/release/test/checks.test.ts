/**
 * The release checks on broken inputs: each kind of broken release must be refused with a
 * message that names the package and the fix. The rehearsal (release.test.ts) runs the same
 * checks on what it really published.
 */
import { describe, expect, it } from "vitest";
import {
  assertNoProblems,
  checkBundleOperations,
  checkExports,
  checkFixedGroup,
  checkPublishedPackage,
  type PackageManifest,
  type PublishedPackage,
  packageNameOf,
  type ReleaseExpectations,
} from "../src/checks.js";
import { bareImports } from "../src/published.js";
import { readChangesetConfig, readWorkspacePackages, repoRoot } from "../src/workspace.js";

const published = ["@commerce-api/schemas", "@commerce-api/client", "@commerce-api/react"];
const workspace = [
  ...published.map((name) => ({ name })),
  { name: "@commerce-api/sandbox", private: true },
  { name: "@commerce-api/codegen", private: true },
];

describe("checkFixedGroup", () => {
  it("accepts the three published packages in one fixed group", () => {
    expect(checkFixedGroup({ fixed: [published], ignore: ["@commerce-api/sandbox"] }, workspace)).toEqual([]);
  });

  it("refuses a published package left out of the fixed group, naming it and the fix", () => {
    const problems = checkFixedGroup({ fixed: [published.slice(0, 2)] }, workspace);
    expect(problems).toEqual([
      expect.stringMatching(
        /^@commerce-api\/react is published but not in the fixed group of \.changeset\/config\.json.*add it/,
      ),
    ]);
  });

  it("refuses published packages split over two groups, unknown names and ignored published packages", () => {
    const problems = checkFixedGroup(
      {
        fixed: [
          ["@commerce-api/schemas", "@commerce-api/client"],
          ["@commerce-api/react", "@commerce-api/typo"],
        ],
        ignore: ["@commerce-api/client"],
      },
      workspace,
    );
    expect(problems.join("\n")).toMatch(/react is published but not in the fixed group/);
    expect(problems.join("\n")).toMatch(/splits the published packages over several fixed groups/);
    expect(problems.join("\n")).toMatch(
      /names @commerce-api\/typo in a fixed group, but no workspace package/,
    );
    expect(problems.join("\n")).toMatch(/ignores @commerce-api\/client, which is published/);
  });

  it("holds for the repo's own .changeset/config.json and workspace", async () => {
    const problems = checkFixedGroup(
      await readChangesetConfig(repoRoot),
      await readWorkspacePackages(repoRoot),
    );
    expect(problems).toEqual([]);
  });
});

function clientSource(): PackageManifest {
  return {
    name: "@commerce-api/client",
    version: "0.1.0",
    license: "MIT",
    sideEffects: false,
    engines: { node: ">=20.19.0" },
    repository: { type: "git", url: "git+https://example.test/sdk.git", directory: "packages/client" },
    main: "./dist/index.cjs",
    module: "./dist/index.js",
    types: "./dist/index.d.cts",
    exports: {
      ".": {
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./package.json": "./package.json",
    },
    files: ["dist", "src", "README.md"],
    dependencies: { "@commerce-api/schemas": "workspace:*" },
    peerDependencies: { zod: "^4.1.0" },
  };
}

/** The client as a correct release at 0.2.0 would install. */
function goodClient(): PublishedPackage {
  return {
    manifest: { ...clientSource(), version: "0.2.0", dependencies: { "@commerce-api/schemas": "0.2.0" } },
    files: [
      "README.md",
      "dist/index.cjs",
      "dist/index.cjs.map",
      "dist/index.d.cts",
      "dist/index.d.ts",
      "dist/index.js",
      "dist/index.js.map",
      "package.json",
      "src/index.ts",
    ],
    sourceMaps: { "dist/index.js.map": ["src/index.ts"], "dist/index.cjs.map": ["src/index.ts"] },
    imports: {
      "dist/index.js": ["@commerce-api/schemas", "zod/mini"],
      "dist/index.cjs": ["@commerce-api/schemas"],
    },
  };
}

const expectations: ReleaseExpectations = {
  version: "0.2.0",
  source: clientSource(),
  singletonPeers: ["zod", "react", "@tanstack/react-query"],
};

describe("checkPublishedPackage", () => {
  it("accepts a correct release", () => {
    expect(checkPublishedPackage(goodClient(), expectations)).toEqual([]);
  });

  it("takes Node's own modules as imports that need no declaring", () => {
    const pkg = goodClient();
    pkg.imports["dist/server.js"] = ["node:http", "node:fs/promises"];
    expect(checkPublishedPackage(pkg, expectations)).toEqual([]);
  });

  it("refuses a workspace: range left in a published manifest", () => {
    const pkg = goodClient();
    pkg.manifest.dependencies = { "@commerce-api/schemas": "workspace:*" };
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      `@commerce-api/client's published dependencies keeps "@commerce-api/schemas": "workspace:*", which npm cannot install: publish with pnpm (\`changeset publish\` does), which replaces workspace: ranges`,
    ]);
  });

  it.each(["workspace:^", "workspace:~", "workspace:0.2.0"])(
    "refuses every workspace: range, %s too",
    (range) => {
      const pkg = goodClient();
      pkg.manifest.peerDependencies = { ...pkg.manifest.peerDependencies, "@commerce-api/schemas": range };
      expect(checkPublishedPackage(pkg, expectations)).toContainEqual(
        expect.stringContaining(`published peerDependencies keeps "@commerce-api/schemas": "${range}"`),
      );
    },
  );

  it.each(["^0.2.0", "~0.2.0", ">=0.2.0", "10.2.0"])(
    "refuses an internal dependency on %s: only the exact version released with it will do",
    (range) => {
      const pkg = goodClient();
      pkg.manifest.dependencies = { "@commerce-api/schemas": range };
      expect(checkPublishedPackage(pkg, expectations)).toEqual([
        `@commerce-api/client depends on @commerce-api/schemas@${range}, not on 0.2.0, the version released with it`,
      ]);
    },
  );

  it("refuses an exports entry pointing at a file the package does not ship", () => {
    const pkg = goodClient();
    pkg.manifest.exports = { ...(pkg.manifest.exports as object), "./core": { import: "./dist/core.js" } };
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      `@commerce-api/client's exports["./core"]["import"] points at ./dist/core.js, which is not in the published package: build it, or fix the path or "files"`,
    ]);
  });

  it("refuses a missing main, types or exports map", () => {
    expect(checkExports({ ...goodClient().manifest, types: "./dist/gone.d.ts" }, goodClient().files)).toEqual(
      [expect.stringContaining(`"types" points at ./dist/gone.d.ts`)],
    );
    expect(checkExports({ ...goodClient().manifest, main: "./dist/gone.cjs" }, goodClient().files)).toEqual([
      `@commerce-api/client's "main" points at ./dist/gone.cjs, which is not in the published package: build it, or fix the path or "files"`,
    ]);
    expect(checkExports({ ...goodClient().manifest, exports: undefined }, goodClient().files)).toEqual([
      expect.stringContaining(`has no "exports" map`),
    ]);
  });

  it("takes a subpath pattern when the tarball has a file it matches, and names it when none", () => {
    const pkg = goodClient();
    const withPattern = {
      ...pkg.manifest,
      exports: { ...(pkg.manifest.exports as object), "./docs/*.json": "./docs/*.json" },
    };
    expect(checkExports(withPattern, [...pkg.files, "docs/2026-10.json"])).toEqual([]);
    expect(checkExports(withPattern, pkg.files)).toEqual([
      `@commerce-api/client's exports["./docs/*.json"] points at ./docs/*.json, which is not in the published package: build it, or fix the path or "files"`,
    ]);
  });

  it("refuses a version other than the group's, and an internal dependency on another version", () => {
    const pkg = goodClient();
    pkg.manifest.version = "0.1.1";
    pkg.manifest.dependencies = { "@commerce-api/schemas": "^0.1.0" };
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      "@commerce-api/client was published at 0.1.1, not 0.2.0 like the rest of its fixed group",
      "@commerce-api/client depends on @commerce-api/schemas@^0.1.0, not on 0.2.0, the version released with it",
    ]);
  });

  it("leaves devDependencies on our packages unpinned (they are not installed with the package)", () => {
    const pkg = goodClient();
    pkg.manifest.devDependencies = { "@commerce-api/schemas": "0.1.0" };
    expect(checkPublishedPackage(pkg, expectations)).toEqual([]);
  });

  it("refuses a peer whose range changed on the way to the registry", () => {
    const pkg = goodClient();
    pkg.manifest.peerDependencies = { zod: "^3.23.0" };
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      "@commerce-api/client declares peer zod@^3.23.0; the workspace declares ^4.1.0",
    ]);
  });

  it("refuses a private package, engines without node, and a repository without its directory", () => {
    for (const [change, problem] of [
      [{ private: true }, "@commerce-api/client is marked private, so it cannot be published"],
      [{ engines: {} }, `@commerce-api/client has no "engines": { "node": ... } in package.json`],
      [
        { repository: { type: "git", url: "git+https://example.test/sdk.git" } },
        `@commerce-api/client needs "repository": { "type": "git", "url": ..., "directory": "packages/..." } (npm provenance checks it)`,
      ],
      [
        { repository: "https://example.test/sdk" },
        expect.stringContaining(`@commerce-api/client needs "repository"`),
      ],
    ] as const) {
      const pkg = goodClient();
      Object.assign(pkg.manifest, change);
      expect(checkPublishedPackage(pkg, expectations), JSON.stringify(change)).toEqual([problem]);
    }
  });

  it("takes sideEffects: false as declared (the usual value), not as missing", () => {
    const pkg = goodClient();
    pkg.manifest.sideEffects = false;
    expect(checkPublishedPackage(pkg, expectations)).toEqual([]);
  });

  it("refuses lost peers, a singleton as a dependency and undeclared imports", () => {
    const pkg = goodClient();
    pkg.manifest.peerDependencies = {};
    pkg.manifest.dependencies = { "@commerce-api/schemas": "0.2.0", zod: "4.1.0" };
    pkg.imports["dist/index.js"] = ["@commerce-api/schemas", "zod/mini", "ky"];
    const problems = checkPublishedPackage(pkg, expectations);
    expect(problems).toEqual([
      "@commerce-api/client declares peer zod@(missing); the workspace declares ^4.1.0",
      "@commerce-api/client imports zod (dist/index.js) but does not declare it as a peer dependency: apps must share one copy",
      "@commerce-api/client imports ky (dist/index.js), which is neither a dependency nor a peer: declare it in package.json",
      "@commerce-api/client lists zod in dependencies: make it a peer dependency, so apps keep one copy",
    ]);
  });

  it("refuses missing license, engines, sideEffects, repository and README", () => {
    const pkg = goodClient();
    delete pkg.manifest.license;
    delete pkg.manifest.engines;
    delete pkg.manifest.sideEffects;
    delete pkg.manifest.repository;
    pkg.files = pkg.files.filter((file) => file !== "README.md");
    const problems = checkPublishedPackage(pkg, expectations).join("\n");
    expect(problems).toMatch(/no "license"/);
    expect(problems).toMatch(/no "engines"/);
    expect(problems).toMatch(/no "sideEffects"/);
    expect(problems).toMatch(/needs "repository"/);
    expect(problems).toMatch(/ships no README\.md/);
  });

  it("refuses tests, benchmarks and build configuration in the tarball", () => {
    const pkg = goodClient();
    pkg.files.push("test/client.test.ts", "bench/list-events.mjs", "src/retry.test.ts", "tsup.config.ts");
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      `@commerce-api/client ships test/client.test.ts, a test folder: narrow "files" in package.json`,
      `@commerce-api/client ships bench/list-events.mjs, a benchmark: narrow "files" in package.json`,
      `@commerce-api/client ships src/retry.test.ts, a test: narrow "files" in package.json`,
      `@commerce-api/client ships tsup.config.ts, build configuration: narrow "files" in package.json`,
    ]);
  });

  it("refuses specs, TypeScript configs and test reports in the tarball too", () => {
    const pkg = goodClient();
    pkg.files.push("src/retry.spec.ts", "tsconfig.build.json", ".test-results.json");
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      `@commerce-api/client ships src/retry.spec.ts, a test: narrow "files" in package.json`,
      `@commerce-api/client ships tsconfig.build.json, build configuration: narrow "files" in package.json`,
      `@commerce-api/client ships .test-results.json, a build or test leftover: narrow "files" in package.json`,
    ]);
  });

  it("refuses source maps that point at sources the package does not ship", () => {
    const pkg = goodClient();
    pkg.files = pkg.files.filter((file) => !file.startsWith("src/"));
    expect(checkPublishedPackage(pkg, expectations)).toEqual([
      "@commerce-api/client's dist/index.js.map points at src/index.ts, not shipped: ship the sources or build without source maps",
      "@commerce-api/client's dist/index.cjs.map points at src/index.ts, not shipped: ship the sources or build without source maps",
    ]);
  });
});

describe("reading built files", () => {
  it("finds the bare imports of ESM and CJS output, not relative ones", () => {
    const esm = `import { a } from "zod/mini";\nimport "./side.js";\nexport * from "@commerce-api/schemas";\nconst x = await import("node:fs");\nimport{b as c}from"react";`;
    const cjs = `var s = require("@commerce-api/schemas");\nvar l = require("./chunk.cjs");`;
    expect(bareImports(esm)).toEqual(["@commerce-api/schemas", "node:fs", "react", "zod/mini"]);
    expect(bareImports(cjs)).toEqual(["@commerce-api/schemas"]);
  });

  it("names the package of a subpath import", () => {
    expect(packageNameOf("zod/mini")).toBe("zod");
    expect(packageNameOf("@tanstack/react-query")).toBe("@tanstack/react-query");
    expect(packageNameOf("@commerce-api/client/core")).toBe("@commerce-api/client");
  });
});

describe("checkBundleOperations", () => {
  const operations = [
    { id: "listProducts", path: "/v1/products/" },
    { id: "listEvents", path: "/v1/events/" },
    { id: "validateLicenseKey", path: "/v1/license-keys/validate" },
  ];

  it("accepts a bundle with only the operation it uses", () => {
    expect(
      checkBundleOperations(`const o={id:"listProducts",path:"/v1/products/"}`, operations, "listProducts"),
    ).toEqual([]);
  });

  it("refuses a bundle carrying other operations, naming them", () => {
    const bundle = `"/v1/products/" "/v1/events/" "/v1/license-keys/validate"`;
    expect(checkBundleOperations(bundle, operations, "listProducts")).toEqual([
      expect.stringMatching(
        /^the bundle holds operations it does not use: listEvents \(\/v1\/events\/\), validateLicenseKey/,
      ),
    ]);
  });

  it("does not blame an operation that shares the used one's path (GET and POST of one collection)", () => {
    const withCreate = [...operations, { id: "createProduct", path: "/v1/products/" }];
    expect(checkBundleOperations(`"/v1/products/"`, withCreate, "listProducts")).toEqual([]);
  });

  it("refuses a bundle without the operation it uses", () => {
    expect(checkBundleOperations("", operations, "listProducts")).toEqual([
      "the bundle lacks listProducts (/v1/products/), the one operation it uses",
    ]);
  });
});

describe("assertNoProblems", () => {
  it("throws every problem at once, and nothing when there are none", () => {
    expect(() => assertNoProblems("@commerce-api/client", ["one", "two"])).toThrow(
      "@commerce-api/client:\n  - one\n  - two",
    );
    expect(() => assertNoProblems("@commerce-api/client", ["only one"])).toThrow(
      "@commerce-api/client:\n  - only one",
    );
    expect(() => assertNoProblems("@commerce-api/client", [])).not.toThrow();
  });
});
