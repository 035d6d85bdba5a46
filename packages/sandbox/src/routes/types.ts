/** What an operation handler receives and returns. */
import type { ApiVersion } from "../http/api-versions.js";
import { type AuthRequirement, authRequirement, type Principal } from "../http/auth.js";
import type { OperationDefinition } from "../http/definitions.js";
import { canonicalUuid, type QueryReader, uuidProblem } from "../http/query.js";
import { validationFailed } from "../http/responses.js";
import { parseBody, readBody, type Schema } from "../http/validation.js";
import type { Store } from "../state/store.js";

export interface RouteContext {
  request: Request;
  url: URL;
  /** Where this sandbox is served: the origin, plus the prefix of a sandbox made over HTTP. */
  baseUrl: string;
  /** The query string, read the service's way. */
  query: QueryReader;
  /** Raw path parameters, e.g. `{ id: "…" }`. */
  params: Readonly<Record<string, string>>;
  principal: Principal;
  store: Store;
  now(): Date;
  /** Keys the sandbox's "presigned" URLs (see receipts.ts). */
  secret: string;
  /** The API version the answer is in (http/api-versions.ts). */
  apiVersion: ApiVersion;
}

/**
 * A handler's answer. `body: undefined` sends no body and no content type
 * (204, the receipt's 202); anything else, `null` included, is sent as JSON.
 */
export interface Reply {
  status: number;
  body?: unknown;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

/**
 * An operation the sandbox serves: the generated definition (id, method, path,
 * responses) and the sandbox's handler. The sandbox states nothing about the
 * operation itself.
 */
export interface OperationRoute {
  readonly definition: OperationDefinition;
  /** Who may call it: `definition.auth` as token kinds, `definition.scopes`. */
  readonly auth: AuthRequirement;
  readonly handle: Handler;
}

export function defineOperation(definition: OperationDefinition, handle: Handler): OperationRoute {
  return { definition, auth: authRequirement(definition), handle };
}

/**
 * The body (JSON, or a form as its operation writes it), parsed with the operation's input schema (`<Op>Input` of
 * @commerce-api/schemas; unknown fields ignored, as the service ignores them), so
 * a bad body gets the service's 422 with pydantic's wording. Only for operations
 * whose whole input is the body; anything else would need the path and query
 * merged in first.
 */
export async function bodyInput<Input>(
  definition: OperationDefinition<Input>,
  schema: Schema<Input>,
  request: Request,
): Promise<Input> {
  if (definition.pathParameters || definition.queryParameters) {
    throw new Error(`${definition.id}: its input is not only its body`);
  }
  return parseBody(schema, await readBody(request, definition));
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
