/**
 * verifyWebhook against the Standard Webhooks reference library and the service's own SDK,
 * both ways, and each check it makes, refused with its reason.
 */
import { validateEvent } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import { verifyWebhook, WebhookVerificationError } from "../../src/webhooks.js";
import { orderPaid, orderPaidBody, reference, secret, signedHeaders } from "./fixtures.js";

/** Headers signed by our own signer, as the sandbox signs. */
async function ourHeaders(body: string, id = "msg_ours", at = new Date()) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = await sign(secret, id, timestamp, new TextEncoder().encode(body));
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe("verifyWebhook interoperates", () => {
  it("verifies what the reference library signs, keyed as the service's SDK keys it", async () => {
    const event = await verifyWebhook(orderPaidBody, signedHeaders(orderPaidBody), secret);
    expect(event).toEqual(orderPaid);
    expect(event.type).toBe("order.paid");
  });

  it("signs what the service's SDK (validateEvent) and the reference library verify", async () => {
    const headers = await ourHeaders(orderPaidBody);
    expect(reference.verify(orderPaidBody, headers)).toEqual(orderPaid);
    const event = validateEvent(orderPaidBody, headers, secret);
    expect(event.type).toBe("order.paid");
    expect((event.data as { id: string }).id).toBe(orderPaid.data.id);
  });

  it("and the SDK refuses what a wrong secret signed, as ours does", async () => {
    const headers = signedHeaders(orderPaidBody, {
      by: new Webhook(Buffer.from("other").toString("base64")),
    });
    expect(() => validateEvent(orderPaidBody, headers, secret)).toThrow(/signature/i);
    expect((await refusal(verifyWebhook(orderPaidBody, headers, secret))).reason).toBe("bad_signature");
  });

  it("takes the body as text, bytes or an ArrayBuffer, and the headers as Headers or a record in any case", async () => {
    const headers = signedHeaders(orderPaidBody);
    const bytes = new TextEncoder().encode(orderPaidBody);
    const shouting = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const [body, given] of [
      [bytes, headers],
      [Buffer.from(orderPaidBody), new Headers(headers)],
      [bytes.buffer, shouting],
      [orderPaidBody, { ...headers, "webhook-id": [headers["webhook-id"]!] }],
    ] as const)
      expect(await verifyWebhook(body, given, secret)).toEqual(orderPaid);
  });

  it("accepts any one of several signatures (a secret being rotated)", async () => {
    const headers = signedHeaders(orderPaidBody);
    const old = signedHeaders(orderPaidBody, { by: new Webhook(Buffer.from("old").toString("base64")) });
    const rotated = {
      ...headers,
      "webhook-signature": `${old["webhook-signature"]} ${headers["webhook-signature"]}`,
    };
    expect((await verifyWebhook(orderPaidBody, rotated, secret)).type).toBe("order.paid");
    const onlyOthers = {
      ...headers,
      "webhook-signature": `${old["webhook-signature"]} v2,${headers["webhook-signature"]!.slice(3)}`,
    };
    expect((await refusal(verifyWebhook(orderPaidBody, onlyOthers, secret))).reason).toBe("bad_signature");
  });

  it("answers an event type it does not know as the open variant, not an error", async () => {
    const body = JSON.stringify({
      type: "member.created",
      timestamp: orderPaid.timestamp,
      data: { id: "m" },
    });
    const event = await verifyWebhook(body, signedHeaders(body), secret);
    expect(event).toEqual({ type: "member.created", timestamp: orderPaid.timestamp, data: { id: "m" } });
  });
});

describe("verifyWebhook refuses, with the reason", () => {
  const headers = signedHeaders(orderPaidBody);

  it.each([
    ["the body", orderPaidBody.replace("4900", "4800"), headers],
    ["the id", orderPaidBody, { ...headers, "webhook-id": "msg_other" }],
    [
      "the timestamp",
      orderPaidBody,
      { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) },
    ],
    ["the signature", orderPaidBody, { ...headers, "webhook-signature": `v1,${"A".repeat(43)}=` }],
  ])(
    "a tampered %s: bad_signature, saying to check the secret and pass the raw body",
    async (_part, body, given) => {
      const error = await refusal(verifyWebhook(body, given, secret));
      expect(error.reason).toBe("bad_signature");
      expect(error.message).toMatch(/check the secret/);
      expect(error.message).toMatch(/JSON\.stringify\(req\.body\)/);
    },
  );

  it("a signature cut short, or empty, is not a match: bad_signature", async () => {
    const full = headers["webhook-signature"]!;
    for (const cut of [full.slice(0, 10), full.slice(0, -1), "v1,"]) {
      const error = await refusal(
        verifyWebhook(orderPaidBody, { ...headers, "webhook-signature": cut }, secret),
      );
      expect(error.reason).toBe("bad_signature");
    }
  });

  it("another secret: bad_signature", async () => {
    expect((await refusal(verifyWebhook(orderPaidBody, headers, `${secret}x`))).reason).toBe("bad_signature");
  });

  it("a body parsed and re-serialised with other spacing: bad_signature with the raw-body hint", async () => {
    const reserialised = JSON.stringify(JSON.parse(orderPaidBody), null, 2);
    const error = await refusal(verifyWebhook(reserialised, headers, secret));
    expect(error.reason).toBe("bad_signature");
    expect(error.message).toMatch(/pass the body exactly as received/);
  });

  it("a parsed object as the body: body_not_raw, saying how to pass the raw body", async () => {
    const error = await refusal(verifyWebhook(orderPaid as never, headers, secret));
    expect(error.reason).toBe("body_not_raw");
    expect(error.message).toMatch(/the body is an object, not the raw body/);
    expect(error.message).toMatch(/toNodeHandler|keepRawBody/);
  });

  it.each(["webhook-id", "webhook-timestamp", "webhook-signature"])(
    "no %s: missing_header, naming it",
    async (name) => {
      const { [name]: _left, ...rest } = headers;
      const error = await refusal(verifyWebhook(orderPaidBody, rest, secret));
      expect(error.reason).toBe("missing_header");
      expect(error.message).toContain(name);
    },
  );

  it("a timestamp that is not whole seconds: malformed_timestamp", async () => {
    const given = { ...headers, "webhook-timestamp": "2026-04-01T12:00:00Z" };
    expect((await refusal(verifyWebhook(orderPaidBody, given, secret))).reason).toBe("malformed_timestamp");
  });

  it("stale and future timestamps beyond the tolerance (5 min by default, configurable)", async () => {
    const at = new Date("2026-04-01T12:00:00Z");
    const signed = signedHeaders(orderPaidBody, { at });
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    expect((await verifyWebhook(orderPaidBody, signed, secret, { now: later(300) })).type).toBe("order.paid");
    const stale = await refusal(verifyWebhook(orderPaidBody, signed, secret, { now: later(301) }));
    expect([stale.reason, stale.message]).toEqual([
      "timestamp_out_of_tolerance",
      expect.stringMatching(/301 s in the past/),
    ]);
    const future = await refusal(verifyWebhook(orderPaidBody, signed, secret, { now: later(-301) }));
    expect([future.reason, future.message]).toEqual([
      "timestamp_out_of_tolerance",
      expect.stringMatching(/301 s in the future/),
    ]);
    expect(
      (await verifyWebhook(orderPaidBody, signed, secret, { now: later(3000), tolerance: 3600 })).type,
    ).toBe("order.paid");
    expect(
      (await refusal(verifyWebhook(orderPaidBody, signed, secret, { now: later(31), tolerance: 30 }))).reason,
    ).toBe("timestamp_out_of_tolerance");
  });

  it("a signed body that is not JSON: body_not_json", async () => {
    const body = "type=order.paid";
    expect((await refusal(verifyWebhook(body, signedHeaders(body), secret))).reason).toBe("body_not_json");
  });

  it.each([
    ["an array", "[]"],
    ["no type", JSON.stringify({ timestamp: "2026-04-01T12:00:00Z", data: {} })],
    ["no timestamp", JSON.stringify({ type: "order.paid", data: {} })],
    ["no data", JSON.stringify({ type: "order.paid", timestamp: "2026-04-01T12:00:00Z" })],
    ["null", "null"],
  ])("signed JSON with %s: not_a_webhook", async (_what, body) => {
    expect((await refusal(verifyWebhook(body, signedHeaders(body), secret))).reason).toBe("not_a_webhook");
  });
});

describe("verifyWebhook's refusals say what is wrong, for the log", () => {
  const headers = signedHeaders(orderPaidBody);

  it("the error is a WebhookVerificationError by name, as loggers print it", async () => {
    const error = await refusal(verifyWebhook(orderPaidBody, headers, `${secret}x`));
    expect(error.name).toBe("WebhookVerificationError");
    expect(String(error)).toMatch(/^WebhookVerificationError: no signature in webhook-signature matches/);
  });

  it.each([
    [null, "the body is null, not the raw body"],
    [42, "the body is a number, not the raw body"],
  ])("a body that is %s: body_not_raw, saying what it got", async (body, message) => {
    const error = await refusal(verifyWebhook(body as never, headers, secret));
    expect(error.reason).toBe("body_not_raw");
    expect(error.message).toContain(message);
  });

  it("a timestamp with anything around its digits is malformed, and the message quotes it", async () => {
    for (const timestamp of [
      "2026-04-01T12:00:00Z",
      `x${headers["webhook-timestamp"]}`,
      `${headers["webhook-timestamp"]}x`,
    ]) {
      // Signed over that very timestamp: only its form is wrong.
      const signature = await sign(secret, headers["webhook-id"]!, timestamp, orderPaidBody);
      const given = { ...headers, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
      const error = await refusal(verifyWebhook(orderPaidBody, given, secret));
      expect([error.reason, error.message]).toEqual([
        "malformed_timestamp",
        `webhook-timestamp '${timestamp}' is not a whole number of seconds`,
      ]);
    }
  });

  it("a body that is signed but not JSON, or not an event, says so", async () => {
    const text = "type=order.paid";
    expect((await refusal(verifyWebhook(text, signedHeaders(text), secret))).message).toBe(
      "the body is signed but is not JSON",
    );
    expect((await refusal(verifyWebhook("[]", signedHeaders("[]"), secret))).message).toBe(
      "the body is signed JSON but not a webhook event { type, timestamp, data }",
    );
  });

  it("a repeated header counts by its first value (Node's record of headers)", async () => {
    const other = signedHeaders(orderPaidBody, { by: new Webhook(Buffer.from("other").toString("base64")) });
    const first = {
      ...headers,
      "webhook-signature": [headers["webhook-signature"]!, other["webhook-signature"]!],
    };
    expect((await verifyWebhook(orderPaidBody, first, secret)).type).toBe("order.paid");
    const second = {
      ...headers,
      "webhook-signature": [other["webhook-signature"]!, headers["webhook-signature"]!],
    };
    expect((await refusal(verifyWebhook(orderPaidBody, second, secret))).reason).toBe("bad_signature");
  });
});
