/**
 * Which operation a request is for. Every operation the client defines is
 * matched, routed or not: an operation added to the spec whose handler has not
 * been written yet answers 501 naming it, never the 404 that the client would
 * read as "no such resource". (`ROUTES` is typed to list every operation, but
 * `tsx` and the build do not type-check, so the sandbox says it at run time too.)
 */

import type { OperationRoute } from "../routes/types.js";
import type { OperationDefinition } from "./definitions.js";
import { methodNotAllowed, notImplemented, routeNotFound } from "./responses.js";
import { compilePath, type PathPattern } from "./router.js";

export interface RouteMatch {
  route: OperationRoute;
  params: Record<string, string>;
}

export interface Router {
  /** The route of a request; throws the ServiceError of a 404, 405 or 501. */
  find(method: string, pathname: string): RouteMatch;
  /** Operations the client defines that have no route yet. */
  readonly unrouted: readonly OperationDefinition[];
}

export function createRouter(
  definitions: Readonly<Record<string, OperationDefinition>>,
  routes: Readonly<Partial<Record<string, OperationRoute>>>,
): Router {
  const entries: { definition: OperationDefinition; route?: OperationRoute; pattern: PathPattern }[] =
    Object.entries(definitions).map(([id, definition]) => ({
      definition,
      route: routes[id],
      pattern: compilePath(definition.path),
    }));
  return {
    unrouted: entries.filter((entry) => !entry.route).map((entry) => entry.definition),
    find(method, pathname) {
      const allowed: string[] = [];
      for (const { definition, route, pattern } of entries) {
        const params = pattern.match(pathname);
        if (!params) continue;
        if (definition.method !== method) {
          allowed.push(definition.method);
          continue;
        }
        if (!route) throw notImplemented(definition);
        return { route, params };
      }
      throw allowed.length > 0 ? methodNotAllowed(allowed) : routeNotFound();
    },
  };
}

/** What `start` prints when operations have no route, so the author sees it before any call. */
export function unroutedWarning(unrouted: readonly OperationDefinition[]): string | undefined {
  if (unrouted.length === 0) return undefined;
  const names = unrouted.map((definition) => `${definition.id} (${definition.method} ${definition.path})`);
  return (
    `warning: the sandbox has no route for ${names.join(", ")}; these answer 501 until one is written ` +
    "in packages/sandbox/src/routes/ and listed in ROUTES (README.md, 'Changing the API')"
  );
}
