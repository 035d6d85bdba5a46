/**
 * Webhooks outside the test's process: `commerce-sandbox --webhook URL
 * --webhook-secret SECRET` sends signed events to a receiver on localhost, and
 * `connectSandbox(url).webhooks` drives endpoints, `send` and the log over HTTP.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createWebhookHandler, toNodeHandler } from "@commerce-api/client/webhooks";
import { validateEvent } from "@polar-sh/sdk/webhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectSandbox, type RemoteSandbox, SandboxUsageError } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";
import { exited, launch, urlOf } from "./command.js";
import { type Receiver, startReceiver, verify } from "./webhook-receiver.js";

const SECRET = "polar_whs_local-development-secret";
const ORG = { authorization: "Bearer polar_oat_acme_all" };

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

describe("commerce-sandbox --webhook", () => {
  it("sends each change's events, signed with --webhook-secret, to a receiver on localhost", async () => {
    const sandbox = launch(["--port", "0", "--webhook", receiver.url, "--webhook-secret", SECRET]);
    const { child, output, errors } = sandbox;
    try {
      const url = await urlOf(sandbox);
      expect(output()).toContain(`POST ${receiver.url}  secret ${SECRET}`);
      const fixtures = await (await fetch(`${url}/__sandbox/fixtures`)).json();
      const discount = fixtures.ids.discounts[0].id;
      const deleted = await fetch(`${url}/v1/discounts/${discount}`, { method: "DELETE", headers: ORG });
      expect(deleted.status).toBe(204);
      const [event] = await receiver.waitFor(1);
      expect(event?.json).toMatchObject({ type: "discount.deleted", data: { id: discount } });
      expect(verify(SECRET, event?.body as string, event?.headers ?? {})).toEqual(event?.json);

      // After a reset the endpoint the flag set is still there; order.paid verifies with the service's SDK.
      expect((await fetch(`${url}/__sandbox/reset`, { method: "POST" })).status).toBe(204);
      await fetch(`${url}/__sandbox/webhooks/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "order.paid" }),
      });
      const paid = (await receiver.waitFor(2))[1];
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [
          name,
          String(paid?.headers[name]),
        ]),
      );
      const parsed = validateEvent(paid?.body as string, headers, SECRET);
      expect(parsed).toMatchObject({ type: "order.paid" });
      expect(errors()).toBe("");
    } finally {
      const status = exited(child);
      child.kill("SIGINT");
      expect(await status).toBe(0);
    }
  });

  it("a route handler of a few lines (the client's createWebhookHandler) receives a typed order.paid", async () => {
    const paid: { id: string; total: number; webhookId: string }[] = [];
    const route = createWebhookHandler({
      secret: SECRET,
      on: {
        "order.paid": (event, { webhookId }) => {
          paid.push({ id: event.data.id, total: event.data.total_amount, webhookId });
        },
      },
    });
    const app = createServer(toNodeHandler(route));
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const hook = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/webhooks`;
    const sandbox = launch(["--port", "0", "--webhook", hook, "--webhook-secret", SECRET]);
    const { child } = sandbox;
    try {
      const url = await urlOf(sandbox);
      const post = (path: string, body: unknown) =>
        fetch(`${url}/__sandbox/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((response) => response.json());
      const order = await post("add/order", {});
      const deliveries = await (await fetch(`${url}/__sandbox/webhooks/deliveries`)).json();
      expect(deliveries.map((d: { type: string; status: number }) => [d.type, d.status])).toEqual([
        ["customer.created", 204],
        ["product.created", 204],
        ["order.created", 204],
        ["order.paid", 204],
      ]);
      expect(paid).toEqual([
        { id: order.id, total: order.net_amount + order.tax_amount, webhookId: expect.any(String) },
      ]);
    } finally {
      const status = exited(child);
      child.kill("SIGINT");
      await status;
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it.each([
    [["--webhook-secret", SECRET], /--webhook-secret needs --webhook <url>/],
    [["--webhook", "localhost:3000/hooks"], /url must be an absolute http\(s\) address/],
  ])("%j: status 2, what is wrong and the usage", async (args, message) => {
    const { child, errors } = launch(["--port", "0", ...args]);
    expect(await exited(child)).toBe(2);
    expect(errors()).toMatch(message);
    expect(errors()).toContain("--webhook-secret");
  });
});

describe("connectSandbox(url).webhooks", () => {
  let server: RunningServer;
  let remote: RemoteSandbox;
  beforeEach(async () => {
    server = await startServer({ port: 0 });
    remote = connectSandbox(server.url);
  });
  afterEach(() => server.close());

  it("adds a URL endpoint, which then receives what changes send; the log reads back", async () => {
    const endpoint = await remote.webhooks.add({ url: receiver.url, events: ["customer.created"] });
    expect(await remote.webhooks.endpoints()).toMatchObject([{ id: endpoint.id, url: receiver.url }]);
    const customer = await remote.add.customer({ name: "Ada" });
    const [event] = await receiver.waitFor(1);
    expect(event?.json).toMatchObject({ type: "customer.created", data: { id: customer.id, name: "Ada" } });
    expect(verify(endpoint.secret, event?.body as string, event?.headers ?? {})).toEqual(event?.json);
    expect(await remote.webhooks.deliveries()).toMatchObject([
      { type: "customer.created", endpoint: endpoint.id, status: 200, ok: true, attempt: 1 },
    ]);
  });

  it("send, remove, reset; a handler cannot cross HTTP; misuse is a SandboxUsageError", async () => {
    const endpoint = await remote.webhooks.add({ url: receiver.url });
    receiver.answer(500);
    const [first] = await remote.webhooks.send("refund.created");
    expect(first).toMatchObject({ type: "refund.created", status: 500, ok: false });
    expect(await remote.webhooks.pending()).toMatchObject([{ attempt: 2, endpoint: endpoint.id }]);
    await remote.clock.freeze();
    await remote.clock.advance({ seconds: 5 });
    expect((await remote.webhooks.deliveries()).map((d) => d.status)).toEqual([500, 200]);

    await expect(remote.webhooks.add({ handler: () => undefined } as never)).rejects.toThrow(
      /cannot cross HTTP/,
    );
    await expect(remote.webhooks.send("order.payed")).rejects.toThrow(SandboxUsageError);
    expect(await remote.webhooks.remove(endpoint.id)).toBe(true);
    expect(await remote.webhooks.remove(endpoint.id)).toBe(false);
    await remote.webhooks.add({ url: receiver.url });
    await remote.reset();
    expect(await remote.webhooks.endpoints()).toEqual([]);
    expect(await remote.webhooks.deliveries()).toEqual([]);
  });

  it("GET /__sandbox lists the webhooks routes; a wrong one is a 400 naming them", async () => {
    const overview = await (await fetch(`${server.url}/__sandbox`)).json();
    expect(overview.control).toContain("POST /__sandbox/webhooks/send");
    const wrong = await fetch(`${server.url}/__sandbox/webhooks/sends`, { method: "POST" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).detail).toContain(
      "accepted here: GET /__sandbox/webhooks; POST /__sandbox/webhooks;",
    );
  });

  it("the server's webhooks option reaches the sandboxes newSandbox() makes, and survives their reset", async () => {
    const withEndpoint = await startServer({ port: 0, webhooks: [{ url: receiver.url, secret: SECRET }] });
    try {
      const child = await connectSandbox(withEndpoint.url).newSandbox();
      await child.reset();
      const customer = await child.add.customer();
      const [event] = await receiver.waitFor(1);
      expect(event?.json).toMatchObject({ type: "customer.created", data: { id: customer.id } });
      expect(verify(SECRET, event?.body as string, event?.headers ?? {})).toEqual(event?.json);
    } finally {
      await withEndpoint.close();
    }
  });
});
