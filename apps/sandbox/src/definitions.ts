/**
 * The operations the sandbox serves, as the client defines them: one generated
 * `<id>Operation` per operation of spec/commerce.yaml (id, method, path, input
 * schema, security schemes, scopes, response schemas by status). They are the
 * only source of these facts; the sandbox keeps no table of its own.
 *
 * The client exports each definition by name but no list of them, so the list
 * is read off the module: every value exported as `<id>Operation` whose `id` is
 * `<id>`. A new operation in the spec appears here without an edit (and
 * test/contract.test.ts then fails until it has a route).
 */

import type { OperationDefinition } from "@commerce-api/client/core";
import * as core from "@commerce-api/client/core";

type OperationExport = Extract<keyof typeof core, `${string}Operation`>;

/** `listEvents`, `validateLicenseKey`, …: the id of each generated definition. */
export type OperationId = OperationExport extends `${infer Id}Operation` ? Id : never;

export type { OperationDefinition };

export const DEFINITIONS: Readonly<Record<OperationId, OperationDefinition>> = collectDefinitions();

export const OPERATION_IDS = Object.keys(DEFINITIONS) as OperationId[];

function collectDefinitions(): Record<OperationId, OperationDefinition> {
  const found: Record<string, OperationDefinition> = {};
  for (const [name, value] of Object.entries(core)) {
    if (isDefinition(value) && name === `${value.id}Operation`) found[value.id] = value;
  }
  return found as Record<OperationId, OperationDefinition>;
}

function isDefinition(value: unknown): value is OperationDefinition {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "string" &&
    typeof (value as { path?: unknown }).path === "string" &&
    typeof (value as { responses?: unknown }).responses === "object"
  );
}
