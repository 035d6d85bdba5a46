/**
 * The Standard Webhooks signature, with WebCrypto only (`globalThis.crypto.subtle`), so it
 * runs the same in Node 20, browsers, Workers, Deno and Bun: HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, base64, sent as `v1,<base64>`.
 *
 * The key is the secret's UTF-8 bytes, exactly as the service's dashboard shows it: the
 * service's own SDK base64-encodes the secret before handing it to the standardwebhooks
 * library, which decodes it back to these same bytes.
 */

const encoder = /* @__PURE__ */ new TextEncoder();

// One key is imported per secret and kept: importing costs about as much as signing.
let cachedSecret: string | undefined;
let cachedKey: Promise<CryptoKey> | undefined;

function hmacKey(secret: string): Promise<CryptoKey> {
  if (secret !== cachedSecret || !cachedKey) {
    cachedSecret = secret;
    cachedKey = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
  }
  return cachedKey;
}

/**
 * The base64 signature of a message: `id.timestamp.body`, the body as received: its text (one
 * encoding of the whole message) or its bytes (copied after the encoded prefix).
 */
export async function sign(
  secret: string,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string> {
  let message: Uint8Array<ArrayBuffer>;
  if (typeof body === "string") message = encoder.encode(`${id}.${timestamp}.${body}`);
  else {
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    message = new Uint8Array(prefix.length + body.length);
    message.set(prefix);
    message.set(body, prefix.length);
  }
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), message));
  let binary = "";
  for (const byte of signature) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Whether one of the header's space-separated `v1,<base64>` signatures is `expected` (several
 * while the sender rotates its secret). Compared in constant time: how far a guess matches
 * must not show in how long the comparison takes.
 */
export function matchesOne(header: string, expected: string): boolean {
  let found = false;
  for (const entry of header.split(" ")) {
    const comma = entry.indexOf(",");
    if (entry.slice(0, comma) !== "v1") continue;
    if (constantTimeEqual(entry.slice(comma + 1), expected)) found = true;
  }
  return found;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
