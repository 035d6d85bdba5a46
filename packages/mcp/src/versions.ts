/**
 * The API version the server speaks (`--api-version`, default the roots'): its tools' output
 * schemas are that version's, and its clients send it as `Polar-Version`.
 */
import {
  apiVersions,
  type ClientOptions,
  type CoreClient,
  createClient as createRootClient,
  apiVersion as rootVersion,
} from "@commerce-api/client/core";
import { toolDefinitions } from "./generated/tools.js";
import { datedToolDefinitions } from "./generated/versions.js";
import type { ToolDefinition } from "./tool-definition.js";

export { apiVersions, rootVersion };

export type CreateClient = (options: ClientOptions) => CoreClient;

/** `version` checked: one of the spec's versions, else an error naming them. */
export function apiVersionOption(version: string): string {
  if ((apiVersions as readonly string[]).includes(version)) return version;
  throw new Error(`--api-version ${version}: not an API version; use ${apiVersions.join(", ")}.`);
}

/** Every tool as of `version`: the roots', with the version's own in place of those it changes. */
export function toolsAt(version: string): ToolDefinition[] {
  const dated = new Map((datedToolDefinitions[version] ?? []).map((tool) => [tool.name, tool]));
  return toolDefinitions.map((tool) => dated.get(tool.name) ?? tool);
}

/** How to make a client that speaks `version`: the dated entry point's `createClient`. */
export async function clientMakerAt(version: string): Promise<CreateClient> {
  if (version === rootVersion) return createRootClient;
  const dated = (await import(/* @vite-ignore */ `@commerce-api/client/${version}`)) as {
    createClient: CreateClient;
  };
  return dated.createClient;
}
