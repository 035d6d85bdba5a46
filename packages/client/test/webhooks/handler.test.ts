/**
 * createWebhookHandler as a fetch handler, in a real node:http server through toNodeHandler,
 * and behind Express's JSON body parser; what it answers for each outcome, and that a
 * failure's reason reaches onError but never the response.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createWebhookHandler,
  keepRawBody,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  toNodeHandler,
  type WebhookHandlerOptions,
  WebhookVerificationError,
} from "../../src/webhooks.js";
import { orderPaid, orderPaidBody, secret, signedHeaders } from "./fixtures.js";

const deliver = (body: string, headers = signedHeaders(body)) =>
  new Request("http://127.0.0.1/webhooks", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body,
  });

/** A handler whose callbacks and onError record what they were given. */
function recording(overrides: Partial<WebhookHandlerOptions> = {}) {
  const calls: unknown[][] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    secret,
    on: { "order.paid": (event, context) => void calls.push(["order.paid", event, context.webhookId]) },
    onUnknown: (event, context) => void calls.push(["unknown", event, context.webhookId]),
    onError: (error) => void errors.push(error),
    ...overrides,
  });
  return { handler, calls, errors };
}

describe("createWebhookHandler (fetch)", () => {
  it("calls the event's callback with the typed event and the webhook-id, then answers 204", async () => {
    const { handler, calls, errors } = recording();
    const response = await handler(deliver(orderPaidBody, signedHeaders(orderPaidBody, { id: "msg_1" })));
    expect(response.status).toBe(204);
    expect(calls).toEqual([["order.paid", orderPaid, "msg_1"]]);
    expect(errors).toEqual([]);
  });

  it("gives a type this version does not know to onUnknown, and acknowledges a known one without a callback", async () => {
    const { handler, calls } = recording();
    const member = JSON.stringify({
      type: "member.created",
      timestamp: orderPaid.timestamp,
      data: { id: "m" },
    });
    expect((await handler(deliver(member))).status).toBe(204);
    const refund = JSON.stringify({ type: "refund.created", timestamp: orderPaid.timestamp, data: {} });
    expect((await handler(deliver(refund))).status).toBe(204);
    expect(calls.map(([kind, event]) => [kind, (event as { type: string }).type])).toEqual([
      ["unknown", "member.created"],
    ]);
  });

  it("answers 400 to a failed verification without saying why, and tells onError the reason", async () => {
    const { handler, calls, errors } = recording();
    const response = await handler(deliver(orderPaidBody.replace("4900", "1"), signedHeaders(orderPaidBody)));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("invalid webhook");
    expect(calls).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ reason: "bad_signature" })]);
  });

  it("refuses a body a framework parsed and re-serialised, and onError learns how to pass the raw body", async () => {
    const { handler, errors } = recording();
    const reserialised = JSON.stringify(JSON.parse(orderPaidBody), null, 1);
    expect((await handler(deliver(reserialised, signedHeaders(orderPaidBody)))).status).toBe(400);
    expect((errors[0] as Error).message).toMatch(/pass the body exactly as received/);
  });

  it("answers 500 when the callback throws, so the service delivers it again", async () => {
    const { handler, errors } = recording({
      on: {
        "order.paid": async () => {
          throw new Error("database down");
        },
      },
    });
    const response = await handler(deliver(orderPaidBody));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/database/);
    expect(errors).toEqual([new Error("database down")]);
  });

  it("answers 405 to anything but POST", async () => {
    const { handler } = recording();
    expect((await handler(new Request("http://127.0.0.1/webhooks"))).status).toBe(405);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await handler(new Request("http://127.0.0.1/webhooks", { method, body: "{}" }));
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server.listen(0, "127.0.0.1"));
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

const post = (url: string, body: string, headers = signedHeaders(body)) =>
  fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });

describe("toNodeHandler", () => {
  it("serves the handler from a node:http server, reading the raw body from the stream", async () => {
    const { handler, calls } = recording();
    const url = await listen(createServer(toNodeHandler(handler)));
    expect((await post(url, orderPaidBody)).status).toBe(204);
    expect((await post(url, orderPaidBody.replace("4900", "1"), signedHeaders(orderPaidBody))).status).toBe(
      400,
    );
    expect(calls).toHaveLength(1);
  });

  it("works behind Express's JSON body parser when the parser keeps the raw body (keepRawBody)", async () => {
    const { handler, calls } = recording();
    const app = express();
    app.use(express.json({ verify: keepRawBody }));
    app.post("/webhooks", toNodeHandler(handler));
    const url = await listen(createServer(app));
    expect((await post(url, orderPaidBody)).status).toBe(204);
    expect(calls).toEqual([["order.paid", orderPaid, expect.any(String)]]);
  });

  it("behind a JSON body parser that kept nothing: 400, never a re-serialised body, and says how to pass the raw body", async () => {
    const { handler, calls } = recording();
    const errors: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post("/webhooks", toNodeHandler(handler, { onError: (error) => errors.push(error) }));
    const url = await listen(createServer(app));
    expect((await post(url, orderPaidBody)).status).toBe(400);
    expect(calls).toEqual([]);
    expect(errors).toEqual([expect.any(WebhookVerificationError)]);
    const error = errors[0] as WebhookVerificationError;
    expect(error.reason).toBe("body_not_raw");
    expect(error.message).toMatch(/express\.json\(\{ verify: keepRawBody \}\)/);
  });

  it("takes a body a raw parser left as bytes (express.raw)", async () => {
    const { handler, calls } = recording();
    const app = express();
    app.post("/webhooks", express.raw({ type: "application/json" }), toNodeHandler(handler));
    const url = await listen(createServer(app));
    expect((await post(url, orderPaidBody)).status).toBe(204);
    expect(calls).toHaveLength(1);
  });
});

describe("createWebhookHandler's answers and what it reports", () => {
  it("without onError, a refused delivery is logged with console.error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const handler = createWebhookHandler({ secret, on: {} });
      const response = await handler(
        deliver(orderPaidBody, { ...signedHeaders(orderPaidBody), "webhook-id": "x" }),
      );
      expect(response.status).toBe(400);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ reason: "bad_signature" }));
    } finally {
      logged.mockRestore();
    }
  });

  it("a body a middleware already read is no verification failure: 500 (delivered again), onError told", async () => {
    const { handler, calls, errors } = recording();
    const request = deliver(orderPaidBody);
    await request.text();
    const response = await handler(request);
    expect([response.status, await response.text()]).toEqual([500, "webhook not handled"]);
    expect(calls).toEqual([]);
    expect(errors).toEqual([expect.any(TypeError)]);
  });

  it("says only what a status says: 405 to another method, 500 when a callback throws", async () => {
    const { handler } = recording({
      on: {
        "order.paid": () => {
          throw new Error("database down");
        },
      },
    });
    const get = await handler(new Request("http://127.0.0.1/webhooks"));
    expect(await get.text()).toBe("webhooks are POSTed");
    const failed = await handler(deliver(orderPaidBody));
    expect([failed.status, await failed.text()]).toEqual([500, "webhook not handled"]);
  });
});

/** A request as toNodeHandler reads it: headers, method, url, and a body stream of `chunks`. */
function nodeRequest(
  chunks: (string | Uint8Array)[],
  fields: Partial<Pick<NodeWebhookRequest, "method" | "url" | "headers" | "body" | "rawBody">> = {},
): NodeWebhookRequest {
  return {
    method: "POST",
    url: "/webhooks",
    headers: {},
    ...fields,
    async *[Symbol.asyncIterator]() {
      yield* chunks;
    },
  };
}

/** A response that keeps what toNodeHandler writes. */
function nodeResponse() {
  const written = { statusCode: 0, headers: {} as Record<string, string>, body: "" };
  const res: NodeWebhookResponse = {
    set statusCode(status: number) {
      written.statusCode = status;
    },
    get statusCode() {
      return written.statusCode;
    },
    setHeader: (name, value) => {
      written.headers[name] = value;
    },
    end: (chunk) => {
      written.body = chunk ? new TextDecoder().decode(chunk) : "";
    },
  };
  return { res, written };
}

describe("toNodeHandler reads the request as Node gives it", () => {
  /** The request the callback was given, as the handler saw it. */
  function seeing() {
    const seen: Request[] = [];
    const handler = createWebhookHandler({
      secret,
      on: { "order.paid": (_event, context) => void seen.push(context.request) },
      onError: () => undefined,
    });
    return { node: toNodeHandler(handler), seen };
  }

  it("a body streamed in several chunks, as bytes or as text, is joined in order", async () => {
    const bytes = new TextEncoder().encode(orderPaidBody);
    const cut = [bytes.slice(0, 7), bytes.slice(7, 900), bytes.slice(900)];
    const text = [orderPaidBody.slice(0, 5), orderPaidBody.slice(5)];
    for (const chunks of [cut, text]) {
      const { handler, calls } = recording();
      const { res, written } = nodeResponse();
      await toNodeHandler(handler)(nodeRequest(chunks, { headers: signedHeaders(orderPaidBody) }), res);
      // Verified: the bytes joined are the bytes signed.
      expect(written.statusCode).toBe(204);
      expect(calls).toEqual([["order.paid", orderPaid, expect.any(String)]]);
    }
  });

  it("the request's URL is its path on its host (localhost without one); headers given as lists are all kept", async () => {
    const { node, seen } = seeing();
    const headers = {
      ...signedHeaders(orderPaidBody),
      host: "shop.test:8080",
      "x-trace": ["a", "b"],
      "x-none": undefined,
    };
    await node(nodeRequest([orderPaidBody], { url: "/hooks?from=test", headers }), nodeResponse().res);
    expect(seen[0]?.url).toBe("http://shop.test:8080/hooks?from=test");
    expect(seen[0]?.headers.get("x-trace")).toBe("a, b");
    expect(seen[0]?.headers.has("x-none")).toBe(false);

    const bare = seeing();
    const { url: _url, ...noUrl } = nodeRequest([orderPaidBody], { headers: signedHeaders(orderPaidBody) });
    await bare.node(noUrl as NodeWebhookRequest, nodeResponse().res);
    expect(bare.seen[0]?.url).toBe("http://localhost/");
  });

  it("a request without a method, or a GET or HEAD, is answered 405 without reading a body", async () => {
    const { node, seen } = seeing();
    for (const method of [undefined, "GET", "HEAD"]) {
      const { res, written } = nodeResponse();
      await node(nodeRequest([orderPaidBody], { method, headers: signedHeaders(orderPaidBody) }), res);
      expect(written.statusCode, String(method)).toBe(405);
      expect(written.headers.allow).toBe("POST");
    }
    expect(seen).toEqual([]);
  });

  it("takes a body a text parser left as a string (express.text)", async () => {
    const { handler, calls } = recording();
    const app = express();
    app.post("/webhooks", express.text({ type: "application/json" }), toNodeHandler(handler));
    const url = await listen(createServer(app));
    expect((await post(url, orderPaidBody)).status).toBe(204);
    expect(calls).toEqual([["order.paid", orderPaid, expect.any(String)]]);
  });
});
