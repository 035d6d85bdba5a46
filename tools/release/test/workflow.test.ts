/** The release workflow runs the commands the rehearsal proves, with provenance. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkReleaseScript, checkWorkflow, releaseCommands } from "../src/workflow.js";
import { readJson, repoRoot } from "../src/workspace.js";

const file = ".github/workflows/release.yml";
const workflow = () => readFile(join(repoRoot, file), "utf8");

describe("the release workflow", () => {
  it("is valid YAML naming the rehearsed commands: install, changeset version, publish with provenance", async () => {
    expect(checkWorkflow(await workflow(), file)).toEqual([]);
  });

  it("fails when it publishes with another command than the rehearsal", async () => {
    const changed = (await workflow()).replace(
      `publish: ${releaseCommands.publish}`,
      "publish: npm publish -ws",
    );
    expect(checkWorkflow(changed, file)).toEqual([
      `${file}: changesets/action's "publish" is "npm publish -ws"; the rehearsal runs \`pnpm release\``,
    ]);
  });

  it("fails without provenance, without the install, and on invalid YAML", async () => {
    const text = await workflow();
    expect(checkWorkflow(text.replace("id-token: write", "id-token: read"), file)).toEqual([
      `${file} must grant "id-token: write", which npm provenance needs`,
    ]);
    expect(
      checkWorkflow(text.replace("NPM_CONFIG_PROVENANCE: true", "NPM_CONFIG_PROVENANCE: false"), file),
    ).toEqual([`${file}: the publish step must set NPM_CONFIG_PROVENANCE: true`]);
    expect(checkWorkflow(text.replace(releaseCommands.install, "pnpm install"), file)).toEqual([
      `${file} never runs \`pnpm install --frozen-lockfile\``,
    ]);
    expect(checkWorkflow("jobs: [unclosed", file)[0]).toMatch(
      /^\.github\/workflows\/release\.yml is not valid YAML/,
    );
  });
});

describe("the release workflow's other shapes", () => {
  const action = (extra = "") => `      - uses: changesets/action@v1
        with:
          version: pnpm changeset version
          publish: pnpm release
        env:
          NPM_CONFIG_PROVENANCE: true
${extra}`;
  const workflowOf = (permissions: string, steps: string) =>
    `${permissions}jobs:\n  release:\n    runs-on: ubuntu-latest\n${steps}`;

  it("accepts the install inside a multi-line run and id-token granted to the job alone", () => {
    const text = workflowOf(
      "",
      `    permissions:\n      id-token: write\n    steps:\n      - run: |\n          corepack enable\n          pnpm install --frozen-lockfile\n${action()}`,
    );
    expect(checkWorkflow(text, file)).toEqual([]);
  });

  it("fails with no jobs, with no changesets action, and with another version command", () => {
    expect(checkWorkflow("name: Release\non: push\n", file)).toEqual([`${file} has no jobs`]);
    const withoutAction = workflowOf(
      "permissions:\n  id-token: write\n",
      "    steps:\n      - run: pnpm install --frozen-lockfile\n      - run: pnpm release\n",
    );
    expect(checkWorkflow(withoutAction, file)).toEqual([
      `${file} has no step using changesets/action (the version PR, then publish)`,
    ]);
    const otherVersion = workflowOf(
      "permissions:\n  id-token: write\n",
      `    steps:\n      - run: pnpm install --frozen-lockfile\n${action().replace("pnpm changeset version", "pnpm version patch")}`,
    );
    expect(checkWorkflow(otherVersion, file)).toEqual([
      `${file}: changesets/action's "version" is "pnpm version patch"; the rehearsal runs \`pnpm changeset version\``,
    ]);
  });
});

describe("the root release script", () => {
  it("builds the published packages, then runs changeset publish (the half the rehearsal runs)", async () => {
    const { scripts } = await readJson<{ scripts: Record<string, string> }>(join(repoRoot, "package.json"));
    expect(checkReleaseScript(scripts.release)).toEqual([]);
  });

  it("fails when it publishes another way, or builds something else", () => {
    expect(checkReleaseScript("turbo run build && npm publish -ws")).toEqual([
      'package.json: the "release" script is "turbo run build && npm publish -ws"; the rehearsal runs `turbo run build --filter=./packages/* && changeset publish`',
    ]);
    expect(checkReleaseScript(undefined)).toHaveLength(1);
  });
});
