/**
 * Standard Webhooks signatures, made as the service makes them: headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature:
 * v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`.
 *
 * The HMAC key is the UTF-8 bytes of the secret exactly as the service's
 * dashboard shows it, prefix and all. The service's SDK (`validateEvent`)
 * base64-encodes those bytes before handing them to the `standardwebhooks`
 * library, which decodes them back, so that is the key a receiver checks with.
 * A `whsec_` secret (a Standard Webhooks one) is signed twice, a signature per key it can
 * mean (its UTF-8 bytes, and the base64 after `whsec_`, decoded), space-separated as Standard
 * Webhooks allows: so the service's SDK 0.x, its SDK 1.0, the `standardwebhooks` library given
 * the secret itself, and `verifyWebhook` all verify it.
 *
 * WebCrypto only, so the sandbox signs in Node, browsers and workers alike.
 */

const encoder = new TextEncoder();

/** Imported keys by secret: importing is most of the cost of signing one small message. */

const keys = new Map<string, Promise<CryptoKey[]>>();
const KEY_CACHE_SIZE = 64;

/** The bytes each key is made of: the secret's UTF-8, and for `whsec_` its base64 part decoded. */
function keyBytes(secret: string): Uint8Array<ArrayBuffer>[] {
  const utf8 = encoder.encode(secret);
  if (!secret.startsWith("whsec_")) return [utf8];
  try {
    const binary = atob(secret.slice("whsec_".length));
    return binary.length === 0 ? [utf8] : [utf8, Uint8Array.from(binary, (char) => char.charCodeAt(0))];
  } catch {
    return [utf8];
  }
}

function hmacKeys(secret: string): Promise<CryptoKey[]> {
  let found = keys.get(secret);
  if (!found) {
    found = Promise.all(
      keyBytes(secret).map((bytes) =>
        crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
      ),
    );
    if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value as string);
    keys.set(secret, found);
  }
  return found;
}

/** `v1,<base64>`: the signature of one message (two, space-separated, for a `whsec_` secret). */
export async function signature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const message = encoder.encode(`${id}.${timestamp}.${body}`);
  const macs = await Promise.all(
    (await hmacKeys(secret)).map((key) => crypto.subtle.sign("HMAC", key, message)),
  );
  return macs.map((mac) => `v1,${base64(new Uint8Array(mac))}`).join(" ");
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
