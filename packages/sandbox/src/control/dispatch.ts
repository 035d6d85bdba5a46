/**
 * Answers a control request from a route table and its handlers: the first route whose
 * method and path fit it; its parameters and body checked as its handler declares. A misuse
 * (unknown kind, option or operation id) answers 400 `SandboxUsageError` with the message the
 * in-process call would throw.
 */

import { json, noSuchControlRoute, readObject } from "../http/body.js";
import { routeNotFound } from "../http/responses.js";
import type { RouteHandler, RouteHandlers } from "../http/route-handlers.js";
import { matchPath, type RouteTable, routeLine } from "../http/route-table.js";
import { checkKeys, checkOneOf, SandboxUsageError } from "../kit/usage.js";

export interface ControlWhere {
  url: URL;
  /** The path after this sandbox's prefix (`/__sandbox/...`). */
  path: string;
  baseUrl: string;
}

export type ControlDispatch<Context> = (
  request: Request,
  where: ControlWhere,
  context: Context,
) => Promise<Response>;

export function controlDispatch<Table extends RouteTable, Context>(
  routes: Table,
  handlers: RouteHandlers<Table, Context>,
): ControlDispatch<Context> {
  return async (request, { url, path, baseUrl }, context) => {
    const segments = path.replace(/\/+$/, "").split("/").slice(2).map(decodeSegment);
    try {
      const found = findRoute(routes, request.method, segments);
      if (!found) throw miss(routes, request.method, path, segments[0] ?? "");
      const handler = handlers[found.name as keyof Table] as RouteHandler<Context>;
      const where = `${request.method} /__sandbox${segments.map((s) => `/${s}`).join("")}`;
      const line = routeLine(found.route).replace(/\[|\]/g, "");
      for (const [name, accepted] of Object.entries(handler.params ?? {}))
        if (found.params[name] !== undefined) checkOneOf(line, found.params[name], accepted);
      const body = handler.body === undefined ? {} : await readObject(request, where);
      if (Array.isArray(handler.body)) checkKeys(where, body, handler.body);
      return await handler.handle(
        { request, url, method: request.method, path, baseUrl, params: found.params, body, where, routes },
        context,
      );
    } catch (error) {
      if (error instanceof SandboxUsageError)
        return json(400, { error: "SandboxUsageError", detail: error.message });
      throw error;
    }
  };
}

/** The first row whose path fits and whose method is the request's (or any). */
function findRoute(routes: RouteTable, method: string, segments: readonly string[]) {
  for (const [name, route] of Object.entries(routes)) {
    if (route.method !== method && route.method !== "ANY") continue;
    const params = matchPath(route, segments);
    if (params) return { name, route, params };
  }
  return undefined;
}

/** No route fits: a 400 naming the routes under this first segment that explain misses, else 404. */
function miss(routes: RouteTable, method: string, path: string, first: string): Error {
  const explained = Object.values(routes).filter(
    (route) => route.explainMisses && route.path.split("/")[0] === first,
  );
  return explained.length > 0 ? noSuchControlRoute(method, path, explained.map(routeLine)) : routeNotFound();
}

/** A path segment, decoded; one no URI can have (`%ED%A0%80`) matches no route: 404. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw routeNotFound();
  }
}
