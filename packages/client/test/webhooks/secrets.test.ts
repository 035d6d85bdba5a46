/**
 * A `whsec_` secret means two keys, and `verifyWebhook` (and so the handler) takes both, as the
 * service's SDK 1.0 does: the UTF-8 bytes of the whole secret (how the service's SDK 0.48.1
 * keys every secret) and the Standard Webhooks key, the base64 after `whsec_` (how the
 * `standardwebhooks` library keys it). SDK 1.0 cannot be a dependency here (the test-only
 * references are pinned to 0.48.1), so its documented rule is reproduced below with node:crypto
 * (`sdk1Verifies`), from its published `dist` webhooks code (1.0.1): every `v1` signature is
 * checked under each key, and either key verifies.
 */
import { createHmac, randomBytes } from "node:crypto";
import { WebhookVerificationError as SdkVerificationError, validateEvent } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import { createWebhookHandler, verifyWebhook, WebhookVerificationError } from "../../src/webhooks.js";
import { orderPaid, orderPaidBody, signedHeaders } from "./fixtures.js";

const whsec = `whsec_${randomBytes(24).toString("base64")}`;

/** Keyed as the service's SDK 0.48.1 keys a secret: its UTF-8 bytes (given to the library in base64). */
const asSdk048 = new Webhook(Buffer.from(whsec, "utf8").toString("base64"));
/** Keyed as Standard Webhooks keys a `whsec_` secret: the bytes its base64 part decodes to. */
const asStandard = new Webhook(whsec);

/** SDK 1.0's rule (see above): the UTF-8 key, then the base64 after `whsec_`; any `v1` signature. */
function sdk1Verifies(body: string, headers: Record<string, string>, secret: string): boolean {
  const keys = [Buffer.from(secret, "utf8"), Buffer.from(secret.replace(/^whsec_/, ""), "base64")];
  const message = `${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`;
  const expected = keys.map((key) => createHmac("sha256", key).update(message).digest("base64"));
  return (headers["webhook-signature"] ?? "")
    .split(" ")
    .some((entry) => entry.startsWith("v1,") && expected.includes(entry.slice(3)));
}

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe("a whsec_ secret, keyed either way", () => {
  const signedAsSdk048 = signedHeaders(orderPaidBody, { by: asSdk048 });
  const signedAsStandard = signedHeaders(orderPaidBody, { by: asStandard });

  it("SDK 1.0's rule takes both deliveries, and SDK 0.48.1 only the UTF-8 one", () => {
    expect(sdk1Verifies(orderPaidBody, signedAsSdk048, whsec)).toBe(true);
    expect(sdk1Verifies(orderPaidBody, signedAsStandard, whsec)).toBe(true);
    expect(validateEvent(orderPaidBody, signedAsSdk048, whsec).type).toBe("order.paid");
    expect(() => validateEvent(orderPaidBody, signedAsStandard, whsec)).toThrow(SdkVerificationError);
  });

  it("verifyWebhook takes both, as SDK 1.0 does", async () => {
    expect(await verifyWebhook(orderPaidBody, signedAsSdk048, whsec)).toEqual(orderPaid);
    expect(await verifyWebhook(orderPaidBody, signedAsStandard, whsec)).toEqual(orderPaid);
  });

  it("the handler takes both", async () => {
    const paid: string[] = [];
    const handler = createWebhookHandler({
      secret: whsec,
      on: { "order.paid": (event) => void paid.push(event.data.id) },
      onError: (error) => {
        throw error;
      },
    });
    for (const headers of [signedAsSdk048, signedAsStandard]) {
      const request = new Request("http://127.0.0.1/webhooks", {
        method: "POST",
        headers,
        body: orderPaidBody,
      });
      expect((await handler(request)).status).toBe(204);
    }
    expect(paid).toEqual([orderPaid.data.id, orderPaid.data.id]);
  });

  it("what we sign with a whsec_ secret verifies with SDK 0.48.1, SDK 1.0's rule and the Standard Webhooks library keyed as the SDK keys it", async () => {
    const at = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": "msg_ours",
      "webhook-timestamp": String(at),
      "webhook-signature": `v1,${await sign(whsec, "msg_ours", String(at), orderPaidBody)}`,
    };
    expect(validateEvent(orderPaidBody, headers, whsec).type).toBe("order.paid");
    expect(sdk1Verifies(orderPaidBody, headers, whsec)).toBe(true);
    expect(asSdk048.verify(orderPaidBody, headers)).toEqual(orderPaid);
  });

  it("a whsec_ secret that is neither key: the message says both were tried", async () => {
    const other = `whsec_${randomBytes(24).toString("base64")}`;
    const error = await refusal(verifyWebhook(orderPaidBody, signedAsStandard, other));
    expect(error.reason).toBe("bad_signature");
    expect(error.message).toMatch(
      /this whsec_ secret was tried as both keys it can mean \(the UTF-8 bytes of the whole secret, and the Standard Webhooks key: the base64 after whsec_\)/,
    );
    expect(sdk1Verifies(orderPaidBody, signedAsStandard, other)).toBe(false);
  });
});

describe("a timestamp in milliseconds", () => {
  it("is refused, saying it is in milliseconds and what the sender must send", async () => {
    const now = new Date();
    const milliseconds = String(now.getTime());
    const headers = {
      "webhook-id": "msg_ms",
      "webhook-timestamp": milliseconds,
      "webhook-signature": `v1,${await sign(whsec, "msg_ms", milliseconds, orderPaidBody)}`,
    };
    const error = await refusal(verifyWebhook(orderPaidBody, headers, whsec, { now }));
    expect([error.reason, error.message]).toEqual([
      "timestamp_out_of_tolerance",
      `webhook-timestamp ${milliseconds} is in milliseconds: Standard Webhooks timestamps are whole seconds since 1970 (Math.floor(Date.now() / 1000)); the sender must send seconds`,
    ]);
  });
});
