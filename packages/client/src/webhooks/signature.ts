/**
 * The Standard Webhooks signature, with WebCrypto only (`globalThis.crypto.subtle`), so it
 * runs the same in Node 20, browsers, Workers, Deno and Bun: HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, base64, sent as `v1,<base64>`.
 *
 * A secret can mean two keys, and both are tried, as the service's SDK 1.0 does: the UTF-8
 * bytes of the whole secret, as the dashboard shows it (the service's SDK 0.x base64-encodes
 * the secret before handing it to the standardwebhooks library, which decodes it back to these
 * bytes), and the Standard Webhooks key, the base64 after `whsec_`.
 */

const encoder = /* @__PURE__ */ new TextEncoder();

// The keys are imported once per secret and kept: importing costs about as much as signing.
let cachedSecret: string | undefined;
let cachedKeys: Promise<CryptoKey[]> | undefined;

/**
 * The keys a secret can mean, as the service's SDK 1.0 tries them: its UTF-8 bytes, whole
 * (what the service's SDK 0.x and the dashboard's `polar_whs_` secrets use), then the Standard
 * Webhooks key: the base64 after `whsec_` (or the whole secret, when it is base64), decoded.
 */
function keyBytes(secret: string): Uint8Array<ArrayBuffer>[] {
  const utf8 = encoder.encode(secret);
  const decoded = fromBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  return decoded && decoded.length > 0 && !sameBytes(decoded, utf8) ? [utf8, decoded] : [utf8];
}

function hmacKeys(secret: string): Promise<CryptoKey[]> {
  if (secret !== cachedSecret || !cachedKeys) {
    cachedSecret = secret;
    cachedKeys = Promise.all(
      keyBytes(secret).map((bytes) =>
        crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
      ),
    );
  }
  return cachedKeys;
}

/**
 * The base64 signatures of a message under each key the secret can mean (keyBytes), the first
 * under its UTF-8 bytes: `id.timestamp.body`, the body as received: its text (one encoding of
 * the whole message) or its bytes (copied after the encoded prefix).
 */
export async function signatures(
  secret: string,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string[]> {
  let message: Uint8Array<ArrayBuffer>;
  if (typeof body === "string") message = encoder.encode(`${id}.${timestamp}.${body}`);
  else {
    const prefix = encoder.encode(`${id}.${timestamp}.`);
    message = new Uint8Array(prefix.length + body.length);
    message.set(prefix);
    message.set(body, prefix.length);
  }
  const keys = await hmacKeys(secret);
  return Promise.all(
    keys.map(async (key) => toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, message)))),
  );
}

/** The signature under the secret's UTF-8 bytes, as the sandbox signs. */
export async function sign(
  secret: string,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string> {
  return (await signatures(secret, id, timestamp, body))[0] as string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Whether one of the header's space-separated `v1,<base64>` signatures is one of `expected`
 * (several while the sender rotates its secret; one expected per key the secret can mean).
 * Compared in constant time: how far a guess matches must not show in how long it takes.
 */
export function matchesOne(header: string, expected: readonly string[]): boolean {
  let found = false;
  for (const entry of header.split(" ")) {
    const comma = entry.indexOf(",");
    if (entry.slice(0, comma) !== "v1") continue;
    for (const signature of expected) if (constantTimeEqual(entry.slice(comma + 1), signature)) found = true;
  }
  return found;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
