import { z } from "zod/mini";
import { type ClientOptions, type CoreClient, createCoreClient } from "../../src/client.js";
import type { OperationDefinition } from "../../src/operation.js";
import { type RequestOptions, request } from "../../src/request.js";

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

export const Thing = z.looseObject({ id: z.string(), name: z.string() });
export type Thing = z.infer<typeof Thing>;

export const GetThingInput = z.strictObject({ id: z.string(), include: z.optional(z.array(z.string())) });
export type GetThingInput = z.infer<typeof GetThingInput>;

export const getThingOperation: OperationDefinition<GetThingInput, Thing> = {
  id: "getThing",
  method: "GET",
  path: "/v1/things/{id}",
  pathParameters: ["id"],
  queryParameters: [{ name: "include", style: "form" }],
  bodyFields: undefined,
  input: GetThingInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", schema: Thing } },
};

export function getThing(client: CoreClient, input: GetThingInput, options?: RequestOptions): Promise<Thing> {
  return request(client, getThingOperation, input, options);
}

export const ListThingsInput = z.strictObject({
  id: z.optional(z.union([z.string(), z.array(z.string())])),
  is_archived: z.optional(z.boolean()),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  page: z.optional(z.int().check(z.minimum(1))),
  metadata: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]))),
  filter: z.optional(z.unknown()),
  cursor_pagination: z.optional(z.boolean()),
});
export type ListThingsInput = z.infer<typeof ListThingsInput>;

export const OffsetPagination = z.looseObject({ total_count: z.number(), max_page: z.number() });
export const CursorPagination = z.looseObject({ has_next_page: z.boolean() });
export const ListThingsResponse = z.looseObject({
  items: z.array(Thing),
  pagination: z.union([OffsetPagination, CursorPagination]),
});
export type ListThingsResponse = z.infer<typeof ListThingsResponse>;

export const listThingsOperation: OperationDefinition<ListThingsInput, ListThingsResponse> = {
  id: "listThings",
  method: "GET",
  path: "/v1/things/",
  pathParameters: [],
  queryParameters: [
    { name: "id", style: "form" },
    { name: "is_archived", style: "form" },
    { name: "limit", style: "form" },
    { name: "page", style: "form" },
    { name: "metadata", style: "deepObject" },
    { name: "filter", style: "json" },
    { name: "cursor_pagination", style: "form" },
  ],
  bodyFields: undefined,
  input: ListThingsInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", schema: ListThingsResponse } },
};

export function listThings(
  client: CoreClient,
  input: ListThingsInput,
  options?: RequestOptions,
): Promise<ListThingsResponse> {
  return request(client, listThingsOperation, input, options);
}

export const ValidateKeyInput = z.strictObject({
  key: z.string().check(z.minLength(1)),
  organization_id: z.string(),
  activation_id: z.optional(z.nullable(z.string())),
  conditions: z.optional(z.record(z.string(), z.string())),
});
export type ValidateKeyInput = z.infer<typeof ValidateKeyInput>;
export const ValidatedKey = z.looseObject({ id: z.string(), status: z.string(), usage: z.number() });
export type ValidatedKey = z.infer<typeof ValidatedKey>;

export const validateKeyOperation: OperationDefinition<ValidateKeyInput, ValidatedKey> = {
  id: "validateLicenseKey",
  method: "POST",
  path: "/v1/license-keys/validate",
  pathParameters: [],
  queryParameters: [],
  bodyFields: ["key", "organization_id", "activation_id", "conditions"],
  input: ValidateKeyInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", schema: ValidatedKey } },
};

export const IdInput = z.strictObject({ id: z.string() });
export type IdInput = z.infer<typeof IdInput>;

export const deleteThingOperation: OperationDefinition<IdInput, void> = {
  id: "deleteThing",
  method: "DELETE",
  path: "/v1/things/{id}",
  pathParameters: ["id"],
  queryParameters: [],
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
  queryParameters: [],
  bodyFields: undefined,
  input: IdInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 202: { body: "void" } },
};

export const Receipt = z.looseObject({ url: z.string() });
export const getReceiptOperation: OperationDefinition<IdInput, z.infer<typeof Receipt> | null> = {
  id: "getOrderReceipt",
  method: "GET",
  path: "/v1/customer-portal/orders/{id}/receipt",
  pathParameters: ["id"],
  queryParameters: [],
  bodyFields: undefined,
  input: IdInput,
  auth: ["pat", "oat"],
  scopes: [],
  responses: { 200: { body: "json", schema: Receipt }, 202: { body: "null" } },
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
