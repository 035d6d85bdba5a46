/**
 * The operations the sandbox serves, as the client defines them: the client's generated
 * registry of definitions, by operation id (id, method, path, input schema, security
 * schemes, scopes, response schemas by status). They are the only source of these facts;
 * the sandbox keeps no table of its own. A new operation in the spec appears here without
 * an edit, and `ROUTES` (routes/index.ts) is a type error naming it until it has a route.
 */

import type { OperationDefinition } from "@commerce-api/client/core";
import { operationDefinitions } from "@commerce-api/client/core";
import { SandboxUsageError, suggestion } from "../kit/usage.js";

/** `listEvents`, `validateLicenseKey`, …: the id of each operation of the spec. */
export type OperationId = keyof typeof operationDefinitions;

export type { OperationDefinition };

export const DEFINITIONS: Readonly<Record<OperationId, OperationDefinition>> = operationDefinitions;

export const OPERATION_IDS = Object.keys(DEFINITIONS) as OperationId[];

/**
 * `id` as an operation id, or a run-time error naming the accepted ones (and the closest):
 * a misspelt id (`"listProduct"`) would otherwise queue a fault that never fires.
 */
export function checkOperation(what: string, id: unknown, allowAny: true): OperationId | "*";
export function checkOperation(what: string, id: unknown, allowAny?: false): OperationId;
export function checkOperation(what: string, id: unknown, allowAny = false): OperationId | "*" {
  if (allowAny && id === "*") return "*";
  if (typeof id === "string" && Object.hasOwn(DEFINITIONS, id)) return id as OperationId;
  const hint = typeof id === "string" ? suggestion(id, OPERATION_IDS) : "";
  throw new SandboxUsageError(
    `${what}: unknown operation id ${JSON.stringify(id)}${hint}; accepted: ${allowAny ? '"*" (any), ' : ""}${OPERATION_IDS.join(", ")}`,
  );
}
