/**
 * The release commands, in the order a maintainer (or the release workflow) runs them. The
 * rehearsal runs these same strings, and checkWorkflow holds the workflow file to them.
 */
import { parse } from "yaml";

export const releaseCommands = {
  install: "pnpm install --frozen-lockfile",
  /** Consumes .changeset/*.md: bumps the fixed group to one version and writes the changelogs. */
  version: "pnpm changeset version",
  /** Root script: builds the published packages, then `changeset publish` (pnpm publish each). */
  publish: "pnpm release",
} as const;

/** The two halves of the root `release` script (`pnpm release`), as the rehearsal runs them. */
export const releaseScript = {
  build: "turbo run build --filter=./packages/*",
  publish: "changeset publish",
} as const;

/** The root package.json's `release` script builds the published packages, then publishes them. */
export function checkReleaseScript(script: string | undefined): string[] {
  const expected = `${releaseScript.build} && ${releaseScript.publish}`;
  return script === expected
    ? []
    : [`package.json: the "release" script is ${JSON.stringify(script)}; the rehearsal runs \`${expected}\``];
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

interface Workflow {
  permissions?: Record<string, string>;
  jobs?: Record<string, { steps?: Step[]; permissions?: Record<string, string> }>;
}

/** The workflow is valid YAML and runs the rehearsed commands through the changesets action. */
export function checkWorkflow(text: string, file: string, commands = releaseCommands): string[] {
  let workflow: Workflow;
  try {
    workflow = parse(text) as Workflow;
  } catch (error) {
    return [`${file} is not valid YAML: ${(error as Error).message}`];
  }
  const jobs = Object.values(workflow?.jobs ?? {});
  if (jobs.length === 0) return [`${file} has no jobs`];
  const steps = jobs.flatMap((job) => job.steps ?? []);
  const problems: string[] = [];
  if (!steps.some((step) => step.run?.includes(commands.install))) {
    problems.push(`${file} never runs \`${commands.install}\``);
  }
  const action = steps.find((step) => step.uses?.startsWith("changesets/action@"));
  if (!action)
    return [...problems, `${file} has no step using changesets/action (the version PR, then publish)`];
  for (const key of ["version", "publish"] as const) {
    if (action.with?.[key] !== commands[key]) {
      problems.push(
        `${file}: changesets/action's "${key}" is ${JSON.stringify(action.with?.[key])}; the rehearsal runs \`${commands[key]}\``,
      );
    }
  }
  const permissions = {
    ...workflow.permissions,
    ...jobs.find((job) => job.steps?.includes(action))?.permissions,
  };
  if (permissions["id-token"] !== "write") {
    problems.push(`${file} must grant "id-token: write", which npm provenance needs`);
  }
  if (String(action.env?.NPM_CONFIG_PROVENANCE) !== "true") {
    problems.push(`${file}: the publish step must set NPM_CONFIG_PROVENANCE: true`);
  }
  return problems;
}
