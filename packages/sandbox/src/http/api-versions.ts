/**
 * The API versions the sandbox answers in, as the service does by `Polar-Version`: a request
 * that names one is answered in it; one without the header in the sandbox's `apiVersion`
 * option (default the packages' roots', 2026-04). What the service does with a version it
 * does not know is not documented; the sandbox answers it as a request without the header
 * and says so in its hint header, rather than invent a status or an error code.
 */
import { apiVersions, datedOperationDefinitions, apiVersion as rootVersion } from "@commerce-api/client/core";
import { SandboxUsageError } from "../kit/usage.js";
import type { OperationDefinition } from "./definitions.js";

export type ApiVersion = (typeof apiVersions)[number];

export { apiVersions };

/** The `apiVersion` option, checked: one of the spec's versions, else an error naming them. */
export function checkApiVersion(value: unknown = rootVersion): ApiVersion {
  if (isApiVersion(value)) return value;
  throw new SandboxUsageError(
    `apiVersion must be one of ${apiVersions.join(", ")} (the spec's versions), got ${JSON.stringify(value)}`,
  );
}

function isApiVersion(value: unknown): value is ApiVersion {
  return (apiVersions as readonly unknown[]).includes(value);
}

/** The version a request is answered in, and a hint when it named one the sandbox does not know. */
export function versionOf(request: Request, fallback: ApiVersion): { version: ApiVersion; hint?: string } {
  const asked = request.headers.get("polar-version");
  if (asked === null || isApiVersion(asked)) return { version: asked ?? fallback };
  return {
    version: fallback,
    hint: `Polar-Version ${asked} is not a version the sandbox knows (${apiVersions.join(", ")}); answered as ${fallback}, as without the header (the service's behaviour for it is not documented)`,
  };
}

/** Whether `version` is `since` or later. */
export function atLeast(version: ApiVersion, since: ApiVersion): boolean {
  return apiVersions.indexOf(version) >= apiVersions.indexOf(since);
}

/** The definition an answer in `version` is read with: the version's own when it changes the operation. */
export function definitionIn(definition: OperationDefinition, version: ApiVersion): OperationDefinition {
  const dated = (
    datedOperationDefinitions as Readonly<Record<string, Readonly<Record<string, OperationDefinition>>>>
  )[version];
  return dated?.[definition.id] ?? definition;
}
