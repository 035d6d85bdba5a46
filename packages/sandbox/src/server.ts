/**
 * The sandbox over HTTP: a node:http adapter to the fetch handler, published as
 * `@commerce-api/sandbox/server` (apart from the index, which uses only web APIs).
 *
 * Tests start their own on an ephemeral port: `const server = await startServer({ port: 0 })`,
 * then `server.url`, and `await server.close()` when done. The start command is start.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { payloadTooLarge } from "./http/request-body.js";
import { errorBody, ServiceError } from "./http/responses.js";
import { InjectedNetworkError } from "./kit/faults.js";
import { createSandbox } from "./sandbox.js";
import type { Sandbox, SandboxOptions } from "./sandbox-types.js";
import type { FixtureToken } from "./state/fixtures.js";

export interface StartServerOptions extends SandboxOptions {
  /** 0 picks a free port. Default: `PORT` from the environment, else 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve this sandbox instead of creating one from the options. */
  sandbox?: Sandbox;
}

export interface RunningServer {
  /** E.g. `http://127.0.0.1:4010`, no trailing slash. */
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
const KEEP_ALIVE_MS = 60_000;

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    port = portFromEnvironment(process.env.PORT),
    host = "127.0.0.1",
    sandbox: given,
    ...sandboxOptions
  } = options;
  const sandbox = given ?? createSandbox(sandboxOptions);
  const server = createServer((req, res) => {
    serve(sandbox, req, res).catch((error: unknown) => {
      // An injected network error: the connection drops, as a real one would.
      if (error instanceof InjectedNetworkError) return void res.destroy();
      console.error("[sandbox] could not answer:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ error: "InternalServerError", detail: "The sandbox server failed to answer." }),
      );
    });
  });
  // Node closes an idle connection after 5 s and fetch (undici) reuses one until a second before
  // the time the server announces; on a busy CI runner a stalled process misses that second and
  // a request goes out on a socket the server is closing: ECONNRESET, a failure of the user's
  // test that the service never causes. A minute leaves the race to idle gaps no test has.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    sandbox,
    close: () => close(server),
  };
}

/** The port `PORT` asks for; as in the shell's `${PORT:-4010}`, empty counts as unset. */
export function portFromEnvironment(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT=${JSON.stringify(value)} is not a port: give a whole number from 0 to 65535.`);
  }
  return port;
}

async function serve(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let response: Response;
  try {
    response = await sandbox.fetch(await toRequest(req, sandbox.maxBodyBytes));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // Refused before the sandbox saw it (a body over the limit): the rest is not read.
    response = error.toResponse();
    response.headers.set("connection", "close");
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The absolute URL of the request; a Host or target no URL can be made of is a 400. */
function requestUrl(req: IncomingMessage): string {
  try {
    return new URL(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`).href;
  } catch {
    throw new ServiceError(
      400,
      errorBody("BadRequest", "The request's Host header or target is not a valid URL."),
    );
  }
}

/** The request as a fetch `Request`; every method but GET and HEAD may carry a body. */
async function toRequest(req: IncomingMessage, maxBodyBytes: number): Promise<Request> {
  const url = requestUrl(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req, maxBodyBytes);
  return new Request(url, { method, headers, ...(body && body.length > 0 ? { body } : {}) });
}

/**
 * The body's bytes, or a 413 as soon as they pass the limit. The rest is drained
 * unread (never buffered), so the 413 can still be written on the connection.
 */
function readBody(req: IncomingMessage, maxBodyBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) {
        chunks.push(chunk);
        return;
      }
      req.off("data", onData);
      req.off("end", onEnd);
      req.resume();
      reject(payloadTooLarge(maxBodyBytes));
    };
    const onEnd = () => resolve(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** What `start` prints: where the sandbox is, and which token to use for what. */
export function banner(url: string, tokens: readonly FixtureToken[]): string {
  const width = Math.max(...tokens.map((t) => t.token.length));
  const lines = [
    `Commerce API sandbox listening on ${url}`,
    "",
    `  fixtures (ids and tokens):  GET  ${url}/__sandbox/fixtures`,
    `  reset to the seed data:     POST ${url}/__sandbox/reset`,
    `  a sandbox of your own:      POST ${url}/__sandbox/sandboxes  (one per test or worker)`,
    `  make requests fail:         POST ${url}/__sandbox/fail  {"count": 2, "status": 503}`,
    "",
    "Tokens (Authorization: Bearer <token>):",
  ];
  for (const token of tokens)
    lines.push(`  ${token.token.padEnd(width)}  ${token.kind.padEnd(16)} ${token.label}`);
  return lines.join("\n");
}
