/**
 * The operations the sandbox serves, as the client defines them: the client's generated
 * registry of definitions, by operation id (id, method, path, input schema, security
 * schemes, scopes, response schemas by status). They are the only source of these facts;
 * the sandbox keeps no table of its own. A new operation in the spec appears here without
 * an edit, and `ROUTES` (routes/index.ts) is a type error naming it until it has a route.
 */

import type { OperationDefinition } from "@commerce-api/client/core";
import { operationDefinitions } from "@commerce-api/client/core";

/** `listEvents`, `validateLicenseKey`, …: the id of each operation of the spec. */
export type OperationId = keyof typeof operationDefinitions;

export type { OperationDefinition };

export const DEFINITIONS: Readonly<Record<OperationId, OperationDefinition>> = operationDefinitions;

export const OPERATION_IDS = Object.keys(DEFINITIONS) as OperationId[];
