/**
 * The server's half of a route table (route-table.ts): one handler per route, keyed by
 * the route's name, with the checks its input takes. Each part of the sandbox that has
 * control routes (control/, webhooks/) declares its handlers with `RouteHandlers`, so a
 * route without a handler, or a handler without a route, does not compile.
 */
import type { RouteTable } from "./route-table.js";

/** One matched control request. */
export interface RouteRequest {
  request: Request;
  url: URL;
  method: string;
  /** The path after this sandbox's prefix, as requested. */
  path: string;
  /** Where this sandbox is served (origin and prefix). */
  baseUrl: string;
  /** The route's parameters, decoded (and checked when the handler lists their values). */
  params: Readonly<Record<string, string>>;
  /** The JSON body when the handler reads one (`{}` for an empty body), else `{}`. */
  body: Record<string, unknown>;
  /** How errors name this request: `POST /__sandbox/clock/advance`. */
  where: string;
  /** The table this request was matched in (the overview lists it). */
  routes: RouteTable;
}

export interface RouteHandler<Context> {
  /** The values each parameter takes; another value is a 400 naming them. */
  params?: Readonly<Record<string, readonly string[]>>;
  /** Read the body as a JSON object: the keys it may have, or "object" for any. */
  body?: readonly string[] | "object";
  handle(request: RouteRequest, context: Context): Response | Promise<Response>;
}

export type RouteHandlers<Table extends RouteTable, Context> = {
  readonly [Name in keyof Table]: RouteHandler<Context>;
};
