/**
 * `@commerce-api/sandbox/msw`: the sandbox behind Mock Service Worker, so an app's own
 * code (its client, with no `baseUrl` of its own) talks to a sandbox in tests and
 * in the browser:
 *
 * ```ts
 * import { setupServer } from "msw/node";
 * const server = setupServer(...sandboxHandlers(createSandbox()));
 * ```
 *
 * By default the handlers answer on the service's production and hosted-sandbox URLs
 * (the client's `environments`), which is where a client without `baseUrl` sends its
 * requests. An injected network error becomes MSW's `HttpResponse.error()`.
 */
import { environments } from "@commerce-api/client/core";
import { HttpResponse, http } from "msw";
import { InjectedNetworkError } from "./kit/faults.js";
import type { Sandbox } from "./sandbox-types.js";

export interface SandboxHandlersOptions {
  /** Where the handlers answer: one base URL or several. Default: every URL the client knows. */
  baseUrl?: string | readonly string[];
}

/** The base URLs the client calls without `baseUrl`: production and the hosted sandbox. */
export const DEFAULT_BASE_URLS: readonly string[] = Object.values(environments);

export function sandboxHandlers(sandbox: Sandbox, options: SandboxHandlersOptions = {}) {
  const bases = options.baseUrl === undefined ? DEFAULT_BASE_URLS : [options.baseUrl].flat();
  return bases.map((base) =>
    http.all(`${base.replace(/\/+$/, "")}/*`, async ({ request }) => {
      try {
        return await sandbox.fetch(withoutPrefix(request, base));
      } catch (error) {
        if (error instanceof InjectedNetworkError) return HttpResponse.error();
        throw error;
      }
    }),
  );
}

/**
 * For `server.listen({ onUnhandledRequest: unhandledRequestHint(options) })`: a request
 * no handler answered that looks like a call of the service (a path of one of its
 * operations, or `/v1/v1/...` from a base URL ending in `/v1`) fails the test with the
 * fix: the base URL the handlers should answer on. Anything else gets MSW's usual warning.
 */
export function unhandledRequestHint(options: SandboxHandlersOptions = {}) {
  const bases = options.baseUrl === undefined ? DEFAULT_BASE_URLS : [options.baseUrl].flat();
  return (request: Request, print: { warning(): void; error(): void }): void => {
    const url = new URL(request.url);
    const at = url.pathname.search(SERVICE_PATH);
    if (at < 0) {
      print.warning();
      return;
    }
    const base = `${url.origin}${url.pathname.slice(0, at)}`.replace(/\/v1$/, "");
    console.error(
      `[sandbox] ${request.method} ${url.href} looks like a Commerce API call, but no sandbox handler answers it: ` +
        `the handlers answer on ${bases.join(", ")}. Give the client's base URL to the handlers: ` +
        `sandboxHandlers(sandbox, { baseUrl: ${JSON.stringify(base)} }) (without /v1: the operations' paths start with it).`,
    );
    print.error();
  };
}

/** Where a path of the service starts: `/v1/` and a name of one of its resources. */
const SERVICE_PATH = /\/v1\/(?:v1\/)?[a-z-]+\//;

/** A base URL with a path (`https://example.test/api`): the sandbox sees the path after it. */
function withoutPrefix(request: Request, base: string): Request {
  const prefix = new URL(base).pathname.replace(/\/+$/, "");
  if (prefix === "") return request;
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || "/";
  return new Request(url, request);
}
