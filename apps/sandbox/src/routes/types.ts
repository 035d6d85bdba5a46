/** What an operation handler receives and returns. */
import type { AuthRequirement, Principal } from "../auth.js";
import { validationFailed } from "../http.js";
import type { OperationId } from "../operation-ids.js";
import { canonicalUuid, type QueryReader, uuidProblem } from "../query.js";
import type { Store } from "../store.js";

export interface RouteContext {
  request: Request;
  url: URL;
  /** The query string, read the service's way. */
  query: QueryReader;
  /** Raw path parameters, e.g. `{ id: "…" }`. */
  params: Readonly<Record<string, string>>;
  principal: Principal;
  store: Store;
  now(): Date;
  /** Keys the sandbox's "presigned" URLs (see receipts.ts). */
  secret: string;
}

/**
 * A handler's answer. `body: undefined` sends no body and no content type
 * (204, the receipt's 202); anything else, `null` included, is sent as JSON.
 */
export interface Reply {
  status: number;
  body?: unknown;
}

export interface OperationRoute {
  id: OperationId;
  method: "GET" | "POST" | "DELETE";
  /** The path template, as in the spec: `/v1/customers/{id}/payment-methods`. */
  path: string;
  auth: AuthRequirement;
  handle(ctx: RouteContext): Reply | Promise<Reply>;
}

export function defineOperation(route: OperationRoute): OperationRoute {
  return route;
}

/** A UUID path parameter, canonical; a malformed one is a 422 (never a 404). */
export function pathId(ctx: RouteContext, name = "id"): string {
  const value = ctx.params[name] ?? "";
  const problem = uuidProblem(value, ["path", name]);
  if (problem) throw validationFailed([problem]);
  return canonicalUuid(value);
}

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

export const NO_CONTENT: Reply = { status: 204 };
