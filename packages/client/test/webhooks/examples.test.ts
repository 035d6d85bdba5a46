/**
 * The README's webhook examples (examples/webhooks/), run against the built package as a user
 * imports it (`@commerce-api/client/webhooks`): the Next.js route handler called as Next.js
 * calls it, the Hono app through its fetch, and the Express app on a real port. The README
 * must show each example file exactly as it is.
 */
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orderPaid, orderPaidBody, secret, signedHeaders } from "./fixtures.js";

const root = join(import.meta.dirname, "..", "..");
const examples = ["nextjs-route.ts", "hono.ts", "express.ts"];

process.env.COMMERCE_WEBHOOK_SECRET = secret;
const { payments } = await import("../../examples/webhooks/orders.js");
beforeEach(() => {
  payments.length = 0;
});

const init = (body = orderPaidBody, id = "msg_example"): RequestInit => ({
  method: "POST",
  headers: { ...signedHeaders(body, { id }), "content-type": "application/json" },
  body,
});
const recorded = [
  { orderId: orderPaid.data.id, amount: orderPaid.data.total_amount, webhookId: "msg_example" },
];

describe("the README's webhook examples", () => {
  it.each(examples)("shows %s as it is", async (file) => {
    const readme = await readFile(join(root, "README.md"), "utf8");
    const source = await readFile(join(root, "examples", "webhooks", file), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${source}\`\`\``);
  });

  it("Next.js: the route's POST records a paid order once, however often it is delivered, and refuses a forgery", async () => {
    const { POST } = await import("../../examples/webhooks/nextjs-route.js");
    const url = "http://127.0.0.1:3000/api/webhooks";
    expect((await POST(new Request(url, init()))).status).toBe(204);
    expect((await POST(new Request(url, init()))).status).toBe(204);
    expect(payments).toEqual(recorded);
    const forged = init(orderPaidBody.replace("5880", "1"));
    forged.headers = { ...(forged.headers as object), ...signedHeaders(orderPaidBody) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await POST(new Request(url, forged))).status).toBe(400);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ reason: "bad_signature" }));
    logged.mockRestore();
  });

  it("Hono: app.fetch serves the webhook route", async () => {
    const { app } = await import("../../examples/webhooks/hono.js");
    expect((await app.fetch(new Request("http://127.0.0.1/webhooks", init()))).status).toBe(204);
    expect(payments).toEqual(recorded);
  });

  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it("Express: behind express.json() for every route, on a real port", async () => {
    const { app } = await import("../../examples/webhooks/express.js");
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    expect((await fetch(url, init())).status).toBe(204);
    expect(payments).toEqual(recorded);
  });
});
