/**
 * Standard Webhooks signatures, made as the service makes them: headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`.
 *
 * The HMAC key is the UTF-8 bytes of the secret exactly as the service's
 * dashboard shows it, prefix and all. The service's SDK (`validateEvent`)
 * base64-encodes those bytes before handing them to the `standardwebhooks`
 * library, which decodes them back, so that is the key a receiver checks with.
 *
 * WebCrypto only, so the sandbox signs in Node, browsers and workers alike.
 */

const encoder = new TextEncoder();

/** Imported keys by secret: importing is most of the cost of signing one small message. */
const keys = new Map<string, Promise<CryptoKey>>();
const KEY_CACHE_SIZE = 64;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value as string);
    keys.set(secret, key);
  }
  return key;
}

/** `v1,<base64>`: the signature of one message. */
export async function signature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`${id}.${timestamp}.${body}`),
  );
  return `v1,${base64(new Uint8Array(mac))}`;
}

export type SignedHeaders = Record<
  "content-type" | "webhook-id" | "webhook-timestamp" | "webhook-signature",
  string
>;

/** The headers of one delivery attempt; `timestamp` in Unix seconds. */
export async function signedHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<SignedHeaders> {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signature(secret, id, timestamp, body),
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
