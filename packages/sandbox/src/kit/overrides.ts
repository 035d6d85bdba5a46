/**
 * `sandbox.respond(operationId, { status, body?, headers?, times? })`: answer one
 * operation with any reply its spec allows, to test an error screen or an edge
 * case without writing MSW handlers by hand. The reply is checked when it is
 * given, against the operation's generated definition: a success status must be
 * one the operation lists, with a body its validator accepts (or none, for a
 * status without a body); an error status (400-599) takes the service's error
 * body (`{ error, detail }`, or the 422 `{ detail: [...] }`), a default one when
 * left out. Overrides are queued with the faults (faults.ts) and cleared by `reset()`.
 */
import type { Problem } from "@commerce-api/client/core";
import { errorCodes } from "@commerce-api/client/core";
import {
  ErrorBody,
  type ErrorBody as ErrorBodyType,
  ValidationErrorBody,
  type ValidationErrorBody as ValidationErrorBodyType,
} from "@commerce-api/schemas";
import { DEFINITIONS, type OperationId } from "../http/definitions.js";
import { json } from "../http/responses.js";
import type { Schema } from "../http/validation.js";
import { INJECTED_HEADER } from "./faults.js";
import { checkKeys, SandboxUsageError } from "./usage.js";

type Definitions = typeof import("@commerce-api/client/core").operationDefinitions;

/** What an operation answers on success (its result type; a status without a body has none). */
export type ResultOf<Op extends OperationId> = Definitions[Op] extends { readonly __result?: infer R }
  ? NonNullable<R>
  : never;

export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 500 | 502 | 503 | 504;

interface ReplyOptions {
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** How many calls it answers: default 1; Infinity until `reset()`. */
  times?: number;
}

/** The reply `respond` takes for operation `Op`, typed by the operation's result. */
export type Override<Op extends OperationId> =
  | ({ status: SuccessStatus; body?: ResultOf<Op> } & ReplyOptions)
  | ({ status: ErrorStatus; body?: ErrorBodyType | ValidationErrorBodyType } & ReplyOptions);

const OVERRIDE_KEYS = ["status", "body", "headers", "times"] as const;

/** Checks an override for `operation` and returns what answers each call it takes. */
export function overrideResponse(operation: OperationId, reply: Override<OperationId>): () => Response {
  const where = `sandbox.respond(${JSON.stringify(operation)})`;
  if (typeof reply !== "object" || reply === null)
    throw new SandboxUsageError(`${where}: give { status, body?, headers?, times? }, got ${String(reply)}`);
  checkKeys(where, reply, OVERRIDE_KEYS);
  const { status, body, headers = {} } = reply;
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new SandboxUsageError(
      `${where}: status must be a whole number from 200 to 599, got ${String(status)}`,
    );
  checkHeaders(where, headers);
  const sent = status >= 400 ? errorReply(where, status, body) : successReply(where, operation, status, body);
  const allHeaders = { ...headers, [INJECTED_HEADER]: "true" };
  return () =>
    sent === undefined ? new Response(null, { status, headers: allHeaders }) : json(status, sent, allHeaders);
}

function successReply(where: string, operation: OperationId, status: number, body: unknown): unknown {
  const definition = DEFINITIONS[operation];
  const expected = definition.responses[status];
  if (expected === undefined) {
    const listed = Object.keys(definition.responses).join(", ");
    throw new SandboxUsageError(
      `${where}: ${status} is not a status the spec lists for ${operation} (it lists ${listed}); error statuses 400-599 are accepted too`,
    );
  }
  // A status the client reads as nothing ("void") or as null (the receipt's 202) goes out
  // without a body or content type, as the service sends it (and as the routes answer).
  if (expected.body !== "json") {
    if (body !== undefined)
      throw new SandboxUsageError(
        `${where}: ${status} of ${operation} has no body in the spec; leave body out`,
      );
    return undefined;
  }
  if (body === undefined)
    throw new SandboxUsageError(
      `${where}: give the body of ${operation}'s ${status} (its result, as the spec defines it)`,
    );
  const problems: Problem[] = [];
  expected.validate(body, problems);
  if (problems.length > 0)
    throw new SandboxUsageError(`${where}: the body is not what the spec allows: ${listProblems(problems)}`);
  return body;
}

function errorReply(where: string, status: number, body: unknown): unknown {
  if (body === undefined) return defaultErrorBody(status);
  const schemas: Schema[] = status === 422 ? [ValidationErrorBody, ErrorBody] : [ErrorBody];
  if (schemas.some((schema) => schema.safeParse(body).success)) return body;
  throw new SandboxUsageError(
    `${where}: an error body is { error, detail }${status === 422 ? " or { detail: [{ loc, msg, type }] }" : ""}, as the service sends; got ${JSON.stringify(body)}`,
  );
}

/** The service's error body for a status: its error code for that status, when the spec names one. */
function defaultErrorBody(status: number): unknown {
  if (status === 422)
    return {
      detail: [{ loc: ["body"], msg: "Invalid input (answered by sandbox.respond)", type: "value_error" }],
    };
  const code =
    Object.entries(errorCodes).find(([, known]) => known.status === status)?.[0] ??
    (status === 429 ? "TooManyRequests" : status >= 500 ? "InternalServerError" : "Error");
  return { error: code, detail: `Answered with ${status} by sandbox.respond.` };
}

function checkHeaders(where: string, headers: unknown): void {
  if (
    typeof headers !== "object" ||
    headers === null ||
    Object.values(headers).some((value) => typeof value !== "string")
  )
    throw new SandboxUsageError(
      `${where}: headers must be an object of strings, got ${JSON.stringify(headers)}`,
    );
}

function listProblems(problems: Problem[]): string {
  return problems
    .slice(0, 3)
    .map((problem) => `${problem.path.length > 0 ? problem.path.join(".") : "(root)"}: ${problem.message}`)
    .join("; ");
}
