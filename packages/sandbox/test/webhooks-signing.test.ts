/**
 * What the sandbox signs verifies where users verify it: with the Standard Webhooks
 * reference library and with the service's own SDK, given the secret as the
 * dashboard shows it; and a tampered message does not.
 */

import { verifyWebhook } from "@commerce-api/client/webhooks";
import { validateEvent, WebhookVerificationError } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signedHeaders } from "../src/webhooks/signing.js";

const SECRET = "polar_whs_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const body = JSON.stringify({
  type: "customer.deleted",
  timestamp: "2026-04-15T12:00:00.000Z",
  data: { id: "3f0d3c43-7d24-4a6b-9f44-2a4d4f0a6f11" },
});

/** The key the service's SDK hands the reference library: the secret's UTF-8 bytes, base64. */
const referenceKey = (secret: string) => Buffer.from(secret, "utf-8").toString("base64");

describe("Standard Webhooks signatures", () => {
  it("verify with the reference library, keyed as the service's SDK keys it", async () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = await signedHeaders(SECRET, "msg-1", now, body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const verified = new Webhook(referenceKey(SECRET)).verify(body, { ...headers });
    expect(verified).toEqual(JSON.parse(body));
  });

  it("are the reference library's own signatures", async () => {
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    const ours = await signedHeaders(SECRET, "msg-2", seconds, body);
    expect(ours["webhook-signature"]).toBe(new Webhook(referenceKey(SECRET)).sign("msg-2", now, body));
  });

  it("verify with the service's SDK (validateEvent) given the dashboard's secret", async () => {
    const headers = await signedHeaders(SECRET, "msg-3", Math.floor(Date.now() / 1000), body);
    // The SDK of 0.48.1 then parses the payload with its own schemas; verification is what we check here.
    let failure: unknown;
    try {
      validateEvent(body, { ...headers }, SECRET);
    } catch (error) {
      failure = error;
    }
    expect(failure).not.toBeInstanceOf(WebhookVerificationError);
  });

  it("fail to verify when the body, the id, the timestamp or the secret differ", async () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = { ...(await signedHeaders(SECRET, "msg-4", now, body)) };
    const webhook = new Webhook(referenceKey(SECRET));
    expect(() => webhook.verify(body.replace("deleted", "updated"), headers)).toThrow(/signature/i);
    expect(() => webhook.verify(body, { ...headers, "webhook-id": "msg-5" })).toThrow(/signature/i);
    expect(() => webhook.verify(body, { ...headers, "webhook-timestamp": String(now - 1) })).toThrow(
      /signature/i,
    );
    expect(() => new Webhook(referenceKey(`${SECRET}x`)).verify(body, headers)).toThrow(/signature/i);
    expect(() => validateEvent(body, headers, `${SECRET}x`)).toThrow(WebhookVerificationError);
  });

  it("a whsec_ secret is signed under both its keys: the service's SDK, the standardwebhooks library given the secret itself, and verifyWebhook each verify", async () => {
    const whsec = `whsec_${Buffer.from("a Standard Webhooks key of 32 by").toString("base64")}`;
    const now = new Date();
    const headers = { ...(await signedHeaders(whsec, "msg-6", Math.floor(now.getTime() / 1000), body)) };
    expect(headers["webhook-signature"].split(" ")).toEqual([
      new Webhook(referenceKey(whsec)).sign("msg-6", now, body),
      new Webhook(whsec).sign("msg-6", now, body),
    ]);
    expect(new Webhook(whsec).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(referenceKey(whsec)).verify(body, headers)).toEqual(JSON.parse(body));
    expect((await verifyWebhook(body, headers, whsec)).type).toBe("customer.deleted");
    let failure: unknown;
    try {
      validateEvent(body, headers, whsec);
    } catch (error) {
      failure = error;
    }
    expect(failure).not.toBeInstanceOf(WebhookVerificationError);
  });
});
