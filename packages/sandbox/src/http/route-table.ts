/**
 * Control routes as data: each route is one row (method, path pattern, what it is for).
 * The server matches requests against the rows and lists them in `GET /__sandbox`;
 * `connectSandbox` builds its requests from the same rows. Plain data and string work
 * only, so browser bundles of `connectSandbox` can read it.
 *
 * A path pattern is the path after `/__sandbox/`, in segments: `state/:table?` (an
 * optional last parameter), `add/:kind`, `sandboxes/:id/*rest` (any further segments).
 */

export type RouteMethod = "GET" | "POST" | "DELETE" | "ANY";

export interface RouteSpec {
  readonly method: RouteMethod;
  readonly path: string;
  /** One line for the overview. */
  readonly description: string;
  /**
   * A request under this route's first segment that matches no route is a 400 naming the
   * routes there that set this (a mistyped clock action or webhooks route), not a bare 404.
   */
  readonly explainMisses?: boolean;
}

export type RouteTable = Readonly<Record<string, RouteSpec>>;

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** How the overview shows a route: `GET /__sandbox/state[/<table>]`. */
export function routeLine(route: RouteSpec): string {
  const shown = route.path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      if (segment.startsWith("*")) return `/<${segment.slice(1)}…>`;
      if (!segment.startsWith(":")) return `/${segment}`;
      const name = segment.replace(/^:|\?$/g, "");
      return segment.endsWith("?") ? `[/<${name}>]` : `/<${name}>`;
    })
    .join("");
  return `${route.method} /__sandbox${shown}`;
}

/** The path after `/__sandbox/` for these parameters (each encoded); a missing required one throws. */
export function routePath(route: RouteSpec, params: RouteParams = {}): string {
  return route.path
    .split("/")
    .flatMap((segment) => {
      if (!segment.startsWith(":")) return [segment];
      const name = segment.replace(/^:|\?$/g, "");
      const value = params[name];
      if (value !== undefined) return [encodeURIComponent(value)];
      if (segment.endsWith("?")) return [];
      throw new TypeError(`${routeLine(route)}: no value for <${name}>`);
    })
    .join("/");
}

/** The parameters of a route whose pattern fits these (decoded) segments, or undefined. */
export function matchPath(route: RouteSpec, segments: readonly string[]): Record<string, string> | undefined {
  const pattern = route.path === "" ? [] : route.path.split("/");
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (part.startsWith("*")) {
      params[part.slice(1)] = segments.slice(index).join("/");
      return params;
    }
    if (segment === undefined) return part.startsWith(":") && part.endsWith("?") ? params : undefined;
    if (part.startsWith(":")) params[part.replace(/^:|\?$/g, "")] = segment;
    else if (part !== segment) return undefined;
  }
  return segments.length === pattern.length ? params : undefined;
}
