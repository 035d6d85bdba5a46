/**
 * The control table drives the dispatch, the `GET /__sandbox` overview and the client side:
 * a route added as one row (and its handler) answers over HTTP, is listed in the overview
 * with its description, and is callable through connectSandbox's control caller, with the
 * same input checks as the other routes. Every row of the real table is in the overview.
 */
import { describe, expect, it } from "vitest";
import { controlDispatch } from "../src/control/dispatch.js";
import { CONTROL_HANDLERS } from "../src/control/index.js";
import { CONTROL_ROUTES } from "../src/control/routes.js";
import type { ControlContext } from "../src/control/types.js";
import { json } from "../src/http/body.js";
import type { RouteHandlers } from "../src/http/route-handlers.js";
import { routeLine } from "../src/http/route-table.js";
import { createSandbox, SandboxUsageError } from "../src/index.js";
import { controlCaller } from "../src/kit/connect.js";
import { OPERATIONS } from "../src/routes/index.js";
import { BASE, get } from "./helpers.js";

const ROUTES = {
  ...CONTROL_ROUTES,
  echo: { method: "POST", path: "echo/:word", description: "says the word back, times over" },
} as const;

const HANDLERS: RouteHandlers<typeof ROUTES, ControlContext> = {
  ...CONTROL_HANDLERS,
  echo: {
    params: { word: ["hello", "bye"] },
    body: ["times"],
    handle: ({ params, body }) =>
      json(200, { said: `${params.word} `.repeat(Number(body.times ?? 1)).trim() }),
  },
};

function withEcho() {
  const sandbox = createSandbox({ seed: false });
  const context = {
    sandbox,
    operations: OPERATIONS,
    pendingFaults: () => 0,
  } as unknown as ControlContext;
  const dispatch = controlDispatch(ROUTES, HANDLERS);
  const fetchEcho = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return dispatch(request, { url, path: url.pathname, baseUrl: url.origin }, context);
  };
  return { call: controlCaller(BASE, { fetch: fetchEcho as typeof fetch }), fetchEcho };
}

describe("a control route added as one row", () => {
  it("is listed in GET /__sandbox with its description", async () => {
    const overview = (await (await withEcho().fetchEcho(`${BASE}/__sandbox`)).json()) as {
      control: string[];
      control_described: Record<string, string>;
    };
    expect(overview.control).toContain("POST /__sandbox/echo/<word>");
    expect(overview.control_described["POST /__sandbox/echo/<word>"]).toBe("says the word back, times over");
  });

  it("is callable from the client side, its parameters and body checked as its handler declares", async () => {
    const { call } = withEcho();
    expect(await call(ROUTES.echo, { word: "hello" }, { times: 2 })).toEqual({ said: "hello hello" });
    await expect(call(ROUTES.echo, { word: "helo" })).rejects.toThrow(
      new SandboxUsageError(
        'POST /__sandbox/echo/<word>: unknown "helo" (did you mean "hello"?); accepted: hello, bye',
      ),
    );
    await expect(call(ROUTES.echo, { word: "bye" }, { loud: true })).rejects.toThrow(
      /POST \/__sandbox\/echo\/bye: unknown option "loud"/,
    );
  });

  it("answers its own method only: another is the 404 the sandbox answers, as for every route that lists no misses", async () => {
    await expect(
      withEcho().fetchEcho(`${BASE}/__sandbox/echo/hello`, { method: "GET" }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("the sandbox's own table", () => {
  it("every row is in GET /__sandbox, described", async () => {
    const overview = (await get(createSandbox({ seed: false }), "/__sandbox")).json;
    for (const route of Object.values(CONTROL_ROUTES).filter((r) => r.path !== "")) {
      expect(overview.control).toContain(routeLine(route));
      expect(overview.control_described[routeLine(route)]).toBe(route.description);
    }
  });

  it("a row without a handler does not compile", () => {
    const { echo: _, ...withoutEcho } = HANDLERS;
    // @ts-expect-error: the echo row has no handler
    const missing: RouteHandlers<typeof ROUTES, ControlContext> = withoutEcho;
    expect(Object.keys(missing)).not.toContain("echo");
  });
});
