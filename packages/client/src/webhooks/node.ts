import { RAW_BODY_HINT, WebhookVerificationError } from "./error.js";

/**
 * A Node request (`node:http`'s IncomingMessage, Express's Request), as much as the adapter
 * reads of it; `body` set by a body parser, if one ran. Structural, so using this entry
 * needs no Node types.
 */
export interface NodeWebhookRequest extends AsyncIterable<Uint8Array | string> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly readableEnded?: boolean;
  body?: unknown;
  rawBody?: unknown;
}

/** A Node response (`node:http`'s ServerResponse, Express's Response), as much as the adapter writes. */
export interface NodeWebhookResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(chunk?: Uint8Array): unknown;
}

export interface NodeHandlerOptions {
  /**
   * Told why a request never reached the handler (its body was parsed already).
   * @defaultValue logs with console.error
   */
  readonly onError?: (error: unknown) => void;
}

/**
 * The webhook handler (createWebhookHandler) as a `node:http` or Express handler:
 * `app.post("/webhooks", toNodeHandler(handler))`. It reads the raw body from the request
 * stream. Behind a body parser that reads it first (`app.use(express.json())`), let the
 * parser keep the raw bytes: `express.json({ verify: keepRawBody })`. A body left parsed only
 * (an object) is never re-serialised, since the signature is over the bytes sent: the request
 * is answered 400, and `onError` told how to pass the raw body.
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
  options: NodeHandlerOptions = {},
): (req: NodeWebhookRequest, res: NodeWebhookResponse) => Promise<void> {
  return async (req, res) => {
    let response: Response;
    try {
      response = await handler(await toRequest(req));
    } catch (error) {
      (options.onError ?? console.error)(error);
      res.statusCode = error instanceof WebhookVerificationError ? 400 : 500;
      res.end();
      return;
    }
    res.statusCode = response.status;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}

/**
 * For a body parser that runs before the webhook route: keeps the bytes it parsed as
 * `req.rawBody`, where toNodeHandler finds them (`express.json({ verify: keepRawBody })`).
 */
export function keepRawBody(req: object, _res: unknown, buffer: Uint8Array): void {
  (req as { rawBody?: unknown }).rawBody = buffer;
}

async function toRequest(req: NodeWebhookRequest): Promise<Request> {
  const url = new URL(req.url ?? "/", `http://${headerOf(req, "host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const one of value) headers.append(name, one);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? null : await rawBody(req);
  return new Request(url, { method, headers, body });
}

async function rawBody(req: NodeWebhookRequest): Promise<Uint8Array<ArrayBuffer> | string> {
  const kept = req.rawBody ?? req.body;
  if (typeof kept === "string") return kept;
  if (ArrayBuffer.isView(kept))
    return new Uint8Array(kept.buffer as ArrayBuffer, kept.byteOffset, kept.byteLength);
  if (req.readableEnded)
    throw new WebhookVerificationError(
      "body_not_raw",
      `the request body was read by a body parser before the webhook handler (express.json()?), and its raw bytes were not kept: ${RAW_BODY_HINT}`,
    );
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    chunks.push(bytes);
    length += bytes.length;
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

function headerOf(req: NodeWebhookRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : value?.[0];
}
