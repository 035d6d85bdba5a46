/**
 * The release rehearsal, end to end (about a minute or two: it versions, builds and publishes
 * a copy of the repo to a local registry, then installs the packages in a project outside the
 * workspace). Each test below checks one thing an npm user or a maintainer relies on.
 */
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as workspaceClient from "@commerce-api/client";
import { type RunningServer, startServer } from "@commerce-api/sandbox/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertNoProblems,
  checkBundleOperations,
  checkFixedGroup,
  checkPublishedPackage,
  type OperationPath,
} from "../src/checks.js";
import { buildPage, inspectMcpTools, runScript, runUserTests, typecheck } from "../src/consumer.js";
import { installLine, resolveInstallLine } from "../src/install-lines.js";
import { type ReadmeChecks, readmePaths, writeReadmeChecks } from "../src/readme-checks.js";
import { runnableModule, toReadmeLocations } from "../src/readme-examples.js";
import { type Rehearsal, rehearseRelease } from "../src/rehearsal.js";
import { run } from "../src/run.js";
import {
  type PublishedName,
  publishedPackages,
  readChangesetConfig,
  readJson,
  readWorkspacePackages,
  repoRoot,
} from "../src/workspace.js";

const names = Object.keys(publishedPackages) as PublishedName[];
let rehearsal: Rehearsal;
let realVersions: Record<string, string>;

beforeAll(async () => {
  // A broken fixed group is reported at once, without the minutes of the rehearsal.
  assertNoProblems(
    ".changeset/config.json",
    checkFixedGroup(await readChangesetConfig(repoRoot), await readWorkspacePackages(repoRoot)),
  );
  realVersions = await versionsOfRepo();
  rehearsal = await rehearseRelease();
  const total = rehearsal.timings.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `release rehearsal: ${(total / 1000).toFixed(1)} s\n${rehearsal.timings.map(([step, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${step}`).join("\n")}`,
  );
});

afterAll(async () => {
  await rehearsal?.cleanup();
});

async function versionsOfRepo(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const manifest = await readJson<{ version: string }>(
        join(repoRoot, publishedPackages[name], "package.json"),
      );
      return [name, manifest.version];
    }),
  );
  return Object.fromEntries(entries);
}

describe("changeset version, in a copy of the repo", () => {
  it("moves every package of the group to one new version, though the changeset names only one", () => {
    const { versionsBefore, versionsAfter, version } = rehearsal;
    expect(names).toHaveLength(10);
    expect(new Set(Object.values(versionsAfter))).toEqual(new Set([version]));
    for (const name of names) expect(versionsAfter[name]).not.toBe(versionsBefore[name]);
  });

  it("writes each package's CHANGELOG.md with the new version", () => {
    for (const name of names) {
      expect(rehearsal.changelogs[name]).toMatch(new RegExp(`^# ${name}\\n\\n## ${rehearsal.version}\\n`));
    }
    expect(rehearsal.changelogs["@commerce-api/schemas"]).toContain("Release rehearsal: this changeset");
  });

  it("leaves the real repo's versions alone", async () => {
    expect(await versionsOfRepo()).toEqual(realVersions);
  });
});

describe("the published packages", () => {
  it("are on the registry at the released version, as latest", async () => {
    for (const name of names) {
      const response = await fetch(new URL(name.replace("/", "%2f"), rehearsal.registry.url));
      const packument = (await response.json()) as { "dist-tags": Record<string, string> };
      expect(packument["dist-tags"].latest).toBe(rehearsal.version);
    }
  });

  it("are tagged name@version in the copy's git, not in the real repo", async () => {
    const tags = (repo: string) =>
      run("git tag --list '@commerce-api/*'", { cwd: repo }).then((r) => r.stdout);
    const expected = names.map((name) => `${name}@${rehearsal.version}`);
    expect((await tags(rehearsal.copyDir)).trim().split("\n").sort()).toEqual([...expected].sort());
    expect(await tags(repoRoot)).not.toContain(`@${rehearsal.version}`);
  });

  it("have manifests without workspace: ranges, with their peers, metadata, exports and minimal files", () => {
    for (const name of names) {
      assertNoProblems(
        name,
        checkPublishedPackage(rehearsal.published[name], {
          version: rehearsal.version,
          source: rehearsal.sources[name],
          singletonPeers: ["zod", "react", "react-dom", "@tanstack/react-query"],
        }),
      );
    }
  });
});

// The checks below only read the installed project (the page's build writes its own dist/):
// they run side by side, so the two type checks, Vite and Vitest share the cores. (Their plain
// assertions throw in their own test; none uses snapshots or expect.assertions.)
describe.concurrent("an npm user's project", () => {
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;
  let expectedIds: string[];

  beforeAll(async () => {
    server = await startServer({ port: 0 });
    const token = server.sandbox.fixtures.tokens.find(
      (candidate) => candidate.scopes.includes("products:read") && !candidate.expired,
    );
    if (!token) throw new Error("the sandbox seed has no token with products:read");
    env = { ...rehearsal.consumerEnv, COMMERCE_BASE_URL: server.url, COMMERCE_TOKEN: token.token };
    // What the workspace's client answers: the published one must answer the same.
    const client = workspaceClient.createClient({ baseUrl: server.url, token: token.token });
    expectedIds = (await workspaceClient.listProducts(client, { limit: 5 })).items.map(
      (product) => product.id,
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it("runs an ES module script calling the client against the sandbox", async () => {
    const seen = await runScript(rehearsal.consumerDir, "esm.mjs", env);
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(seen).toEqual({
      ids: expectedIds,
      groupedIds: expectedIds,
      refused: "InvalidInputError",
      schemaRefuses: true,
      webhook: "member.created",
    });
  });

  it("runs a CommonJS script calling the client against the sandbox, and requiring the sandbox and its server", async () => {
    const seen = await runScript(rehearsal.consumerDir, "cjs.cjs", env);
    expect(seen).toEqual({
      ids: expectedIds,
      groupedIds: expectedIds,
      coreIds: expectedIds,
      sandboxIds: expectedIds,
      serverIds: expectedIds,
      refused: "InvalidInputError",
      schemaRefuses: true,
      webhook: "missing_header",
    });
  });

  // Our declarations are checked whole (skipLibCheck: false) by each compiler a user may have.
  it("type-checks a TypeScript consumer under moduleResolution node16, with TypeScript 5.9", async () => {
    await typecheck(rehearsal.consumerDir, "tsconfig.node16.json", env, "5.9");
  });

  it("type-checks a TypeScript consumer under moduleResolution bundler, with TypeScript 7", async () => {
    await typecheck(rehearsal.consumerDir, "tsconfig.json", env, "7");
  });

  it("runs its own Vitest test of a hook-using component over useSandbox (MSW), with no baseUrl, shuffled with three seeds", async () => {
    const outputs = await runUserTests(rehearsal.consumerDir, env);
    expect(outputs).toHaveLength(3);
    for (const output of outputs) expect(output).toMatch(/Tests\s+3 passed/);
  });

  it("runs the installed commerce-sandbox command: it prints its URL, answers, and exits 0 on Ctrl-C", async () => {
    const command = join(rehearsal.consumerDir, "node_modules", ".bin", "commerce-sandbox");
    const child = spawn(command, ["--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then(() => reject(new Error(`commerce-sandbox exited: ${output}`)));
    });
    const answer = await fetch(`${url}/__sandbox`);
    expect(answer.status).toBe(200);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("builds a Vite page using one hook, and a Vue page using one composable, into bundles holding only that operation", async () => {
    const bundle = await buildPage(rehearsal.consumerDir, env);
    const operations: OperationPath[] = Object.values(workspaceClient.operationDefinitions);
    assertNoProblems("the Vite page's bundle", checkBundleOperations(bundle, operations, "listProducts"));
    expect(bundle).toContain("Loading products");
  });
});

// What the READMEs promise, in the installed project: each example compiles (and the runnable
// ones run), each API table's names are exported, each framework's install line resolves to one
// query-core. Read-only on the installed packages, so side by side too.
describe.concurrent("what the READMEs promise, against the packed packages", () => {
  let checks: ReadmeChecks;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const manifests = Object.fromEntries(names.map((name) => [name, rehearsal.published[name].manifest]));
    checks = await writeReadmeChecks(rehearsal.consumerDir, manifests);
    const { module, run: runnable, fragment, skip } = checks.counts;
    console.log(
      `README examples: ${module + runnable + fragment} type-checked (${module} whole modules, ${runnable} also run, ${fragment} fragments), ${skip} not checked; ${checks.apiNames.length} API table rows`,
    );
    env = rehearsal.consumerEnv;
  });

  const typecheckReadmes = async (tsconfig: string) => {
    try {
      await typecheck(rehearsal.consumerDir, tsconfig, env, "7");
    } catch (error) {
      throw new Error(toReadmeLocations((error as Error).message, checks.rendered));
    }
  };

  it("every README code block and API table type-checks under moduleResolution bundler (TypeScript 7)", async () => {
    expect(checks.rendered.length).toBeGreaterThan(0);
    await typecheckReadmes("tsconfig.readme.json");
  });

  it("every README code block and API table type-checks under moduleResolution node16 (TypeScript 7)", async () => {
    await typecheckReadmes("tsconfig.readme.node16.json");
  });

  it("every runnable README example runs in Node against a sandbox started for it", async () => {
    const runnable = checks.examples.filter((example) => example.kind === "run");
    expect(runnable.length).toBeGreaterThan(0);
    const folder = join(rehearsal.consumerDir, "readme-run");
    await mkdir(folder, { recursive: true });
    const failures: string[] = [];
    for (const example of runnable) {
      const server = await startServer({ port: 0 });
      const file = join(folder, `${example.readme.replace(/[^A-Za-z0-9]+/g, "-")}-L${example.line}.mjs`);
      try {
        await writeFile(file, runnableModule(example, server.url));
        await run(`node ${file}`, { cwd: rehearsal.consumerDir, env, timeoutMs: 60_000 });
      } catch (error) {
        failures.push(`${example.readme}:${example.line}: ${(error as Error).message}`);
      } finally {
        await server.close();
      }
    }
    expect(failures).toEqual([]);
  });

  it("every value of every package's API table is exported, imported as ESM", async () => {
    const { stdout } = await run("node smoke/api.mjs", { cwd: rehearsal.consumerDir, env });
    expect(checks.apiNames.length).toBeGreaterThan(0);
    expect(JSON.parse(stdout)).toEqual([]);
  });

  it("every value of every package's API table is exported, required as CommonJS where the entry offers require", async () => {
    const { stdout } = await run("node smoke/api.cjs", { cwd: rehearsal.consumerDir, env });
    expect(JSON.parse(stdout)).toEqual([]);
  });

  it("each framework README's install line works in an empty folder and gives one @tanstack/query-core", async () => {
    const frameworks = readmePaths().filter((readme) => /packages\/(query|react|\w+-query)\//.test(readme));
    expect(frameworks).toHaveLength(6);
    const results = await Promise.all(
      frameworks.map(async (readme) => {
        const line = installLine(await readFile(join(repoRoot, readme), "utf8"), readme);
        const folder = join(rehearsal.consumerDir, "..", `install-${readme.split("/")[1]}`);
        return `${readme}: ${line} → ${(await resolveInstallLine(line, folder, env)).join(", ")}`;
      }),
    );
    for (const result of results) expect(result).toMatch(/ → node_modules\/@tanstack\/query-core$/);
  });
});

// After the concurrent checks, alone: the inspector gives the server it starts 60 s to answer,
// which a machine busy with the type checks, Vite and Vitest above need not leave it.
describe("the installed MCP server", () => {
  it("lists the installed commerce-mcp's tools, one per operation, with the MCP Inspector's CLI", async () => {
    const tools = await inspectMcpTools(rehearsal.consumerDir, rehearsal.consumerEnv);
    // One tool per operation, and on --local-sandbox the sandbox's seeded records (sandboxFixtures).
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [...Object.keys(workspaceClient.operationDefinitions), "sandboxFixtures"].sort(),
    );
  });
});
