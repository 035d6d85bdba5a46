import { type ClientOptions, type CoreClient, createCoreClient } from "../../src/client.js";
import type { OperationDefinition } from "../../src/operation.js";
import { serializeQuery } from "../../src/query.js";
import { type RequestOptions, request } from "../../src/request.js";
import { fillPath } from "../../src/url.js";
import {
  array,
  boolean,
  type Check,
  integer,
  isObject,
  keepUnknownKeys,
  lengthWithin,
  notObject,
  number,
  numberWithin,
  record,
  rejectUnknownKeys,
  string,
  union,
} from "../../src/validate.js";

/*
 * Test doubles: a scripted fetch that records what it was sent, and
 * hand-written operation definitions shaped like the generated ones.
 */

export interface Recorded {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  /** The body text, read when the request arrived (a Request body can be read once). */
  readonly body: string | undefined;
  readonly signal: AbortSignal;
}

/** A scripted reply: a response (cloned, so it can repeat), an error to throw, or a handler. */
export type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

export interface FakeFetch {
  (request: Request): Promise<Response>;
  readonly calls: Recorded[];
}

/** Replies in order; the last one repeats once the script runs out. */
export function fakeFetch(...replies: Reply[]): FakeFetch {
  const calls: Recorded[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const body = request.body === null ? undefined : await request.clone().text();
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body,
      signal: request.signal,
    });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)];
    if (reply === undefined) throw new Error("fakeFetch: no reply scripted");
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply.clone();
    return reply(request);
  };
  return Object.assign(fetch, { calls });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A fetch that never answers, but rejects with the signal's reason when the request is aborted (as real fetch does). */
export function hangingFetch(): FakeFetch {
  return fakeFetch(
    (request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      }),
  );
}

export const TOKEN = "polar_oat_S3cr3tT0k3nValue";

export function testClient(fetch: FakeFetch, options: ClientOptions = {}): CoreClient {
  return createCoreClient({ baseUrl: "https://api.test", token: TOKEN, fetch, ...options });
}

// ---------------------------------------------------------------- definitions

// Hand-written validators, as the generator writes them (src/validate.ts's checks).

/** An object check: `strict` rejects unknown keys (inputs), else they are kept (responses). */
export function objectCheck(strict: boolean, fields: Record<string, Check | { optional: Check }>): Check {
  return (value, problems, key) => {
    if (!isObject(value)) return notObject(value, problems, key);
    const start = problems.length;
    const output: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (typeof field === "function") output[name] = field(value[name], problems, name);
      else if (name in value)
        output[name] = value[name] === undefined ? undefined : field.optional(value[name], problems, name);
    }
    return strict
      ? rejectUnknownKeys(output, value, problems, start, key)
      : keepUnknownKeys(output, value, problems, start, key);
  };
}

const arrayOf =
  (item: Check): Check =>
  (value, problems, key) =>
    array(value, problems, item, key);
const oneOf =
  (...members: Check[]): Check =>
  (value, problems, key) =>
    union(value, problems, members, key);

export interface Thing {
  id: string;
  name: string;
}
export const Thing = objectCheck(false, { id: string, name: string });

export interface GetThingInput {
  id: string;
  include?: string[];
}
export const GetThingInput = objectCheck(true, { id: string, include: { optional: arrayOf(string) } });

export const getThingOperation: OperationDefinition<GetThingInput, Thing> = {
  id: "getThing",
  method: "GET",
  path: "/v1/things/{id}",
  pathParameters: ["id"],
  fillPath,
  queryParameters: [{ name: "include", style: "form" }],
  serializeQuery,
  bodyFields: undefined,
  input: GetThingInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", validate: Thing } },
};

export function getThing(client: CoreClient, input: GetThingInput, options?: RequestOptions): Promise<Thing> {
  return request(client, getThingOperation, input, options);
}

export interface ListThingsInput {
  id?: string | string[];
  is_archived?: boolean;
  limit?: number;
  page?: number;
  metadata?: Record<string, string | number | string[]>;
  filter?: unknown;
  cursor_pagination?: boolean;
}
export const ListThingsInput = objectCheck(true, {
  id: { optional: oneOf(string, arrayOf(string)) },
  is_archived: { optional: boolean },
  limit: {
    optional: (value, problems, key) => numberWithin(integer, value, problems, { min: 1, max: 100 }, key),
  },
  page: { optional: (value, problems, key) => numberWithin(integer, value, problems, { min: 1 }, key) },
  metadata: {
    optional: (value, problems, key) =>
      record(value, problems, oneOf(string, number, arrayOf(string)), undefined, undefined, key),
  },
  filter: { optional: (value) => value },
  cursor_pagination: { optional: boolean },
});

export const OffsetPagination = objectCheck(false, { total_count: number, max_page: number });
export const CursorPagination = objectCheck(false, { has_next_page: boolean });
export interface ListThingsResponse {
  items: Thing[];
  pagination: { total_count: number; max_page: number } | { has_next_page: boolean };
}
export const ListThingsResponse = objectCheck(false, {
  items: arrayOf(Thing),
  pagination: oneOf(OffsetPagination, CursorPagination),
});

export const listThingsOperation: OperationDefinition<ListThingsInput, ListThingsResponse> = {
  id: "listThings",
  method: "GET",
  path: "/v1/things/",
  queryParameters: [
    { name: "id", style: "form" },
    { name: "is_archived", style: "form" },
    { name: "limit", style: "form" },
    { name: "page", style: "form" },
    { name: "metadata", style: "deepObject" },
    { name: "filter", style: "json" },
    { name: "cursor_pagination", style: "form" },
  ],
  serializeQuery,
  bodyFields: undefined,
  input: ListThingsInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", validate: ListThingsResponse } },
};

export function listThings(
  client: CoreClient,
  input: ListThingsInput,
  options?: RequestOptions,
): Promise<ListThingsResponse> {
  return request(client, listThingsOperation, input, options);
}

export interface ValidateKeyInput {
  key: string;
  organization_id: string;
  activation_id?: string | null;
  conditions?: Record<string, string>;
}
export const ValidateKeyInput = objectCheck(true, {
  key: (value, problems, key) => lengthWithin(string, value, problems, 1, undefined, key),
  organization_id: string,
  activation_id: {
    optional: (value, problems, key) => (value === null ? null : string(value, problems, key)),
  },
  conditions: {
    optional: (value, problems, key) => record(value, problems, string, undefined, undefined, key),
  },
});
export interface ValidatedKey {
  id: string;
  status: string;
  usage: number;
}
export const ValidatedKey = objectCheck(false, { id: string, status: string, usage: number });

export const validateKeyOperation: OperationDefinition<ValidateKeyInput, ValidatedKey> = {
  id: "validateLicenseKey",
  method: "POST",
  path: "/v1/license-keys/validate",
  bodyFields: ["key", "organization_id", "activation_id", "conditions"],
  input: ValidateKeyInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", validate: ValidatedKey } },
};

export interface IdInput {
  id: string;
}
export const IdInput = objectCheck(true, { id: string });

export const deleteThingOperation: OperationDefinition<IdInput, void> = {
  id: "deleteThing",
  method: "DELETE",
  path: "/v1/things/{id}",
  pathParameters: ["id"],
  fillPath,
  bodyFields: undefined,
  input: IdInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 204: { body: "void" } },
};

export const generateInvoiceOperation: OperationDefinition<IdInput, void> = {
  id: "generateOrderInvoice",
  method: "POST",
  path: "/v1/orders/{id}/invoice",
  pathParameters: ["id"],
  fillPath,
  bodyFields: undefined,
  input: IdInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 202: { body: "void" } },
};

export const Receipt = objectCheck(false, { url: string });
export const getReceiptOperation: OperationDefinition<IdInput, { url: string } | null> = {
  id: "getOrderReceipt",
  method: "GET",
  path: "/v1/customer-portal/orders/{id}/receipt",
  pathParameters: ["id"],
  fillPath,
  bodyFields: undefined,
  input: IdInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", validate: Receipt }, 202: { body: "null" } },
};

/** Settles a promise into a value to assert on, so tests read `expect(await failure(p))`. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}
