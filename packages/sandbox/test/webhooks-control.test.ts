/**
 * Webhooks driven from outside the test's code, in process: the `/__sandbox/webhooks` control
 * routes through `sandbox.fetch`, and the bin's `--webhook` flags (what they ask for, what
 * they refuse, the banner that prints the secret). The same over a real port and a child
 * process: webhooks-http.test.ts.
 */
// @ts-nocheck

import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../src/cli/commerce-sandbox.js";
import { webhookEndpoints, webhooksBanner } from "../src/webhooks/cli-options.js";
import { call, frozenSandbox } from "./helpers.js";

describe("the /__sandbox/webhooks routes", () => {
  it("add, list, send, read the log and remove, as sandbox.webhooks does", async () => {
    const { sandbox } = frozenSandbox();
    const added = await call(sandbox, "POST", "/__sandbox/webhooks", {
      body: {
        url: "http://127.0.0.1:9/hooks",
        secret: "polar_whs_route",
        events: ["customer.created"],
        timeoutMs: 50,
      },
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ id: expect.any(String), secret: "polar_whs_route" });
    const { id } = added.json;

    const listed = await call(sandbox, "GET", "/__sandbox/webhooks");
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ endpoints: sandbox.webhooks.endpoints, pending: [] });
    expect(listed.json.endpoints).toMatchObject([
      { id, url: "http://127.0.0.1:9/hooks", events: ["customer.created"] },
    ]);

    const sent = await call(sandbox, "POST", "/__sandbox/webhooks/send", {
      body: { type: "customer.created" },
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject([{ type: "customer.created", endpoint: id, attempt: 1, ok: false }]);
    expect((await call(sandbox, "GET", "/__sandbox/webhooks")).json.pending).toMatchObject([
      { endpoint: id, attempt: 2 },
    ]);
    const withData = await call(sandbox, "POST", "/__sandbox/webhooks/send", {
      body: { type: "customer.created", data: sent.json[0].payload.data },
    });
    expect(withData.json).toHaveLength(1);

    const log = await call(sandbox, "GET", "/__sandbox/webhooks/deliveries");
    expect(log.status).toBe(200);
    expect(log.json).toEqual(sandbox.webhooks.deliveries);
    expect(log.json).toHaveLength(2);

    expect((await call(sandbox, "DELETE", `/__sandbox/webhooks/${id}`)).json).toEqual({ removed: true });
    expect((await call(sandbox, "DELETE", `/__sandbox/webhooks/${id}`)).json).toEqual({ removed: false });
    expect(sandbox.webhooks.endpoints).toEqual([]);
  });

  it("refuses an option a route does not take (a handler cannot cross HTTP), naming the ones it takes", async () => {
    const { sandbox } = frozenSandbox();
    const handler = await call(sandbox, "POST", "/__sandbox/webhooks", {
      body: { url: "http://127.0.0.1:9/hooks", handler: "x" },
    });
    expect(handler.status).toBe(400);
    expect(handler.json.detail).toMatch(
      /POST \/__sandbox\/webhooks: unknown option "handler".*url, secret, events, organization, timeoutMs/,
    );
    const send = await call(sandbox, "POST", "/__sandbox/webhooks/send", {
      body: { type: "order.paid", when: "now" },
    });
    expect(send.status).toBe(400);
    expect(send.json.detail).toMatch(/POST \/__sandbox\/webhooks\/send: unknown option "when".*type, data/);
    expect(sandbox.webhooks.endpoints).toEqual([]);
  });

  it.each([
    ["POST", "/__sandbox/webhooks/send/now"],
    ["GET", "/__sandbox/webhooks/deliveries/1"],
    ["GET", "/__sandbox/webhooks/send"],
    ["DELETE", "/__sandbox/webhooks"],
    ["DELETE", "/__sandbox/webhooks/a/b"],
    ["PATCH", "/__sandbox/webhooks/x"],
  ])("%s %s is no route: 400 listing the webhooks routes", async (method, path) => {
    const { sandbox } = frozenSandbox();
    sandbox.webhooks.add({ handler: () => undefined });
    const answer = await call(sandbox, method, path, method === "POST" ? { body: {} } : {});
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toContain("GET /__sandbox/webhooks/deliveries");
    expect(sandbox.webhooks.endpoints).toHaveLength(1);
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });
});

describe("the bin's --webhook flags", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("each --webhook URL is an endpoint, all signed with --webhook-secret when given", () => {
    expect(webhookEndpoints({})).toEqual([]);
    expect(webhookEndpoints({ webhook: ["http://127.0.0.1:3000/a", "http://127.0.0.1:3000/b"] })).toEqual([
      { url: "http://127.0.0.1:3000/a" },
      { url: "http://127.0.0.1:3000/b" },
    ]);
    expect(
      webhookEndpoints({ webhook: ["http://127.0.0.1:3000/a"], "webhook-secret": "polar_whs_x" }),
    ).toEqual([{ url: "http://127.0.0.1:3000/a", secret: "polar_whs_x" }]);
  });

  it.each([
    [
      ["--webhook-secret", "polar_whs_x"],
      "--webhook-secret needs --webhook <url>: where to send the events it signs",
    ],
    [
      ["--webhook", "http://127.0.0.1:3000/hooks", "--webhook-secret", ""],
      "--webhook-secret is empty: give the secret your app verifies with",
    ],
  ])("%j: status 2, saying what to give, and the usage with the webhook flags", async (args, message) => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((text: string) => void errors.push(text));
    expect(await main(args)).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`commerce-sandbox: ${message}\n\n`);
    expect(errors[0]).toContain("--webhook          POST every event, signed, to this URL (repeatable)");
  });

  it("the banner shows where events go and the secret to verify them with; nothing without endpoints", () => {
    expect(webhooksBanner([])).toBe("");
    const endpoint = { id: "e", handler: false, events: null, organization_id: null };
    expect(
      webhooksBanner([
        { ...endpoint, url: "http://127.0.0.1:3000/a", secret: "polar_whs_a" },
        { ...endpoint, url: "http://127.0.0.1:3000/b", secret: "polar_whs_b" },
      ]),
    ).toBe(
      [
        "",
        "Webhooks (Standard Webhooks signatures; verify with the secret):",
        "  POST http://127.0.0.1:3000/a  secret polar_whs_a",
        "  POST http://127.0.0.1:3000/b  secret polar_whs_b",
      ].join("\n"),
    );
  });
});
