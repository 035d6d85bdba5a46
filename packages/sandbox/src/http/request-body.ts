/**
 * Request bodies, read defensively: strangers' tests send anything. A body is read
 * for every method that may carry one (not only POST), at most `maxBodyBytes` of
 * it (413 beyond), and JSON nested deeper than `MAX_JSON_DEPTH` is refused before
 * parsing, since echoing it back in a 422 (or walking it) would overflow the stack.
 */
import { errorBody, ServiceError } from "./responses.js";

/** 4 MiB: far above any body the service takes (the largest is a few kilobytes). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Far deeper than any body the service takes; shallow enough for any recursive walk. */
export const MAX_JSON_DEPTH = 64;

export function payloadTooLarge(maxBodyBytes: number): ServiceError {
  return new ServiceError(
    413,
    errorBody(
      "PayloadTooLarge",
      `The request body is larger than the sandbox's limit of ${maxBodyBytes} bytes; ` +
        "send a smaller body, or raise the limit with createSandbox({ maxBodyBytes }).",
    ),
  );
}

/** Methods whose requests never carry a body (the Request API refuses one for these). */
const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * The request with its body read into memory, or a 413 once it passes the limit
 * (the rest of the stream is not read). A declared `content-length` over the limit
 * is refused before reading anything.
 */
export async function withBodyLimit(request: Request, maxBodyBytes: number): Promise<Request> {
  if (BODYLESS.has(request.method) || request.body === null) return request;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBodyBytes) throw payloadTooLarge(maxBodyBytes);
  const bytes = await readLimited(request.body, maxBodyBytes);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes,
    signal: request.signal,
  });
}

async function readLimited(
  stream: ReadableStream<Uint8Array>,
  maxBodyBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(maxBodyBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const [QUOTE, BACKSLASH, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [...'"\\[]{}'].map((c) =>
  c.charCodeAt(0),
);

/**
 * The character offset where JSON text first nests deeper than `maxDepth`, or -1.
 * A scan, not a parse: brackets inside strings (escapes included) do not count.
 */
export function excessiveNesting(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      const escaped = c === BACKSLASH;
      if (escaped) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return i;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return -1;
}
