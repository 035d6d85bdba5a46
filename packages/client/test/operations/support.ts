import { type Client, type ClientOptions, createClient } from "../../src/index.js";
import { type FakeFetch, fakeFetch, json, type Recorded, type Reply } from "../runtime/helpers.js";

/*
 * Shared by the operation tests: a client over the runtime tests' scripted
 * fake fetch, and responses shaped as the service sends them (wire facts).
 * Resource bodies come from the schemas package's fixtures, which are the
 * service's real payloads (nullable fields null, extra fields, new enum values).
 */

export { failure, fakeFetch, json } from "../runtime/helpers.js";
export type { FakeFetch, Recorded } from "../runtime/helpers.js";

export const BASE_URL = "https://api.test";
export const TOKEN = "tok_123";

/** The client every operation test uses: `createClient` of the full entry, so the grouped facade is there too. */
export function clientFor(fetch: FakeFetch, options: ClientOptions = {}): Client {
  return createClient({ baseUrl: BASE_URL, token: TOKEN, fetch, ...options });
}

/** A fresh fake fetch and a client over it. */
export function setup(...replies: Reply[]): { fetch: FakeFetch; client: Client } {
  const fetch = fakeFetch(...replies);
  return { fetch, client: clientFor(fetch) };
}

/** The only request a fake fetch received (fails the test if there were more or fewer). */
export function onlyCall(fetch: FakeFetch): Recorded {
  if (fetch.calls.length !== 1) throw new Error(`expected exactly one request, got ${fetch.calls.length}`);
  return fetch.calls[0] as Recorded;
}

/** A request as plain data, to compare two requests or assert one exactly. */
export function snapshot(call: Recorded) {
  return {
    method: call.method,
    url: call.url.href,
    headers: Object.fromEntries(call.headers),
    body: call.body,
  };
}

// ------------------------------------------------------------ wire responses

/** 204 No Content: no body, no content type (deactivate, the three deletes). */
export const noContent = (): Response => new Response(null, { status: 204 });

/** 202 of generate invoice as the service sends it: the JSON text `null`. */
export const acceptedNull = (): Response =>
  new Response("null", { status: 202, headers: { "content-type": "application/json" } });

/** 202 with an empty body and no content type (receipt not ready yet; also a possible invoice 202). */
export const acceptedEmpty = (): Response => new Response(null, { status: 202 });

/** A reverse proxy's error page: HTML, not JSON. */
export const htmlBadGateway = (): Response =>
  new Response(
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n",
    { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html; charset=UTF-8" } },
  );

/** 401 without a usable token: error-shaped body and a `WWW-Authenticate` challenge. */
export const unauthorized = (): Response =>
  json(401, { error: "Unauthorized", detail: "Unauthorized" }, { "www-authenticate": 'Bearer realm="polar"' });

/** 401 with an unknown or expired token: OAuth-style body. */
export const invalidToken = (): Response =>
  json(
    401,
    {
      error: "invalid_token",
      error_description: "The access token provided is expired, revoked, malformed, or invalid for other reasons.",
    },
    { "www-authenticate": 'Bearer realm="polar", error="invalid_token"' },
  );

/** 403 with a valid token that lacks the operation's scope: OAuth-style body. */
export const insufficientScope = (scope: string): Response =>
  json(
    403,
    {
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
    },
    { "www-authenticate": `Bearer realm="polar", error="insufficient_scope", scope="${scope}"` },
  );

/** 422 validation-shaped, as the server sends it (`error` included, items with `input`/`ctx`). */
export function validationFailed(loc: (string | number)[], msg: string, type: string, input?: unknown): Response {
  return json(422, {
    error: "RequestValidationError",
    detail: [{ loc, msg, type, ...(input === undefined ? {} : { input }) }],
  });
}
