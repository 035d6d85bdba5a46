import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createCoreClient } from "../../src/client.js";
import { type ApiError, NetworkError } from "../../src/errors.js";
import { OrderNotEligibleForInvoiceError } from "../../src/generated/errors.js";
import { createClient } from "../../src/index.js";
import { request } from "../../src/request.js";
import {
  failure,
  fakeFetch,
  generateInvoiceOperation,
  getThing,
  hangingFetch,
  json,
  TOKEN,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

/** Every way an error can be looked at: message, stack, fields, JSON, util.inspect (deep, hidden too). */
function everyView(value: unknown): string {
  const error = value as Error;
  return [
    String(error),
    error.stack ?? "",
    JSON.stringify({ ...error }),
    inspect(error, { depth: 10 }),
    inspect(error, { depth: 10, showHidden: true }),
  ].join("\n");
}

const keyInput = { key: "K-1", organization_id: "org" };

describe("the token never leaks", () => {
  it("from an API error whose body and headers echo it", async () => {
    const echo = json(
      401,
      { error: "invalid_token", error_description: `Token ${TOKEN} is expired`, token: TOKEN },
      { authorization: `Bearer ${TOKEN}`, "set-cookie": `session=${TOKEN}`, "www-authenticate": "Bearer" },
    );
    const error = await failure(request(testClient(fakeFetch(echo)), validateKeyOperation, keyInput));
    expect(error).toMatchObject({ status: 401, detail: "Token [redacted] is expired" });
    expect((error as { headers: Record<string, string> }).headers).toEqual({
      "content-type": "application/json",
      "www-authenticate": "Bearer",
    });
    expect(everyView(error)).not.toContain(TOKEN);
  });

  it("from an API error body that uses it as a key (a server echoing what it got as a map)", async () => {
    const echo = json(400, { error: "BadRequest", received: { [`Bearer ${TOKEN}`]: "rejected" } });
    const error = await failure(request(testClient(fakeFetch(echo)), validateKeyOperation, keyInput));
    expect((error as ApiError).body).toEqual({
      error: "BadRequest",
      received: { "Bearer [redacted]": "rejected" },
    });
    expect(everyView(error)).not.toContain(TOKEN);
  });

  it("from a response header echoing it: the header stays, its value is cut", async () => {
    const echo = json(401, { error: "Unauthorized" }, { "x-debug-auth": `Bearer ${TOKEN}` });
    const error = await failure(request(testClient(fakeFetch(echo)), validateKeyOperation, keyInput));
    expect((error as ApiError).headers["x-debug-auth"]).toBe("Bearer [redacted]");
    expect(everyView(error)).not.toContain(TOKEN);
  });

  it("from a network error's cause: its message, stack, fields and own cause", async () => {
    const socket = Object.assign(new Error(`socket closed after Bearer ${TOKEN}`), {
      code: "ECONNRESET",
      header: `authorization: Bearer ${TOKEN}`,
    });
    const thrown = new TypeError(`fetch failed: ${TOKEN}`, { cause: socket });
    const error = await failure(request(testClient(fakeFetch(thrown)), validateKeyOperation, keyInput));
    expect(error).toBeInstanceOf(NetworkError);
    expect(everyView(error)).not.toContain(TOKEN);
    expect((error as Error).cause).toMatchObject({
      name: "TypeError",
      message: "fetch failed: [redacted]",
      cause: { message: "socket closed after Bearer [redacted]", code: "ECONNRESET" },
    });
  });

  it("without changing an error's code or class when a short token occurs in them", async () => {
    const unauthorized = await failure(
      request(
        testClient(fakeFetch(json(401, { error: "invalid_token", detail: "tok rejected" })), {
          token: "tok",
        }),
        validateKeyOperation,
        keyInput,
      ),
    );
    expect(unauthorized).toMatchObject({
      code: "invalid_token",
      detail: "[redacted] rejected",
      body: { detail: "[redacted] rejected" },
    });

    const notEligible = json(409, { error: "OrderNotEligibleForInvoice", detail: "Not a paid order" });
    const error = await failure(
      request(testClient(fakeFetch(notEligible), { token: "Not" }), generateInvoiceOperation, { id: "o1" }),
    );
    expect(error).toBeInstanceOf(OrderNotEligibleForInvoiceError);
    expect(error).toMatchObject({ code: "OrderNotEligibleForInvoice", detail: "[redacted] a paid order" });
    // The message is for logs: there, even a fragment of a code that matches the token is cut.
    expect((error as Error).message).toBe(
      "POST /v1/orders/o1/invoice → 409 Order[redacted]EligibleForInvoice: [redacted] a paid order",
    );
  });

  it("from a token given as a function, or per call", async () => {
    const echo = (request: Request) =>
      json(403, { error: "NotPermitted", detail: request.headers.get("authorization") });
    const fromFunction = await failure(
      getThing(testClient(fakeFetch(echo), { token: async () => TOKEN }), { id: "1" }),
    );
    expect(everyView(fromFunction)).not.toContain(TOKEN);
    const perCall = await failure(
      getThing(
        testClient(fakeFetch(echo)),
        { id: "1" },
        { headers: { authorization: "Bearer polar_cst_percall" } },
      ),
    );
    expect(everyView(perCall)).not.toContain("polar_cst_percall");
  });

  it("from an echo of the credential alone, without its `Bearer ` scheme", async () => {
    // A server that quotes the token it got, not the header: `token polar_cst_… is not valid`.
    const echoCredential = (request: Request) =>
      json(401, {
        error: "invalid_token",
        detail: `token ${request.headers.get("authorization")?.replace(/^Bearer /, "")} is not valid`,
      });
    const perCall = await failure(
      getThing(
        testClient(fakeFetch(echoCredential)),
        { id: "1" },
        { headers: { authorization: "Bearer polar_cst_percall" } },
      ),
    );
    expect((perCall as ApiError).detail).toBe("token [redacted] is not valid");
    expect(everyView(perCall)).not.toContain("polar_cst_percall");
  });

  it("from a response validation error echoing it", async () => {
    const fetch = fakeFetch(json(200, { id: 1, name: TOKEN }));
    const error = await failure(getThing(testClient(fetch), { id: "1" }));
    expect(error).toMatchObject({ name: "ResponseValidationError" });
    expect(everyView(error)).not.toContain(TOKEN);
  });

  it("from network and timeout errors", async () => {
    const network = await failure(
      request(
        testClient(fakeFetch(new TypeError(`connect failed for Bearer ${TOKEN}`))),
        validateKeyOperation,
        keyInput,
      ),
    );
    expect((network as Error).message).toContain("[redacted]");
    expect((network as Error).message).not.toContain(TOKEN);
    const timeout = await failure(
      request(testClient(hangingFetch(), { timeoutMs: 1 }), validateKeyOperation, keyInput),
    );
    expect(timeout).toMatchObject({ name: "TimeoutError" });
    expect(everyView(timeout)).not.toContain(TOKEN);
  });

  it("from util.inspect or JSON of either client", () => {
    for (const client of [
      createCoreClient({ token: TOKEN }),
      createClient({ token: TOKEN, environment: "sandbox" }),
      createCoreClient({ token: () => TOKEN, headers: { authorization: `Bearer ${TOKEN}` } }),
    ]) {
      const views = [
        inspect(client),
        inspect(client, { showHidden: true, depth: 10 }),
        JSON.stringify(client),
        String(Object.keys(client)),
      ].join("\n");
      expect(views).not.toContain(TOKEN);
    }
    expect(inspect(createCoreClient({ token: TOKEN, environment: "sandbox" }))).toBe(
      "CommerceClient { baseUrl: 'https://sandbox-api.polar.sh' }",
    );
  });

  it("from a base URL carrying credentials: refused at creation, without echoing them", () => {
    const create = () => createCoreClient({ baseUrl: "https://user:proxy-secret@api.test" });
    expect(create).toThrow(/must not contain credentials/);
    expect(create).not.toThrow(/proxy-secret/);
  });
});
