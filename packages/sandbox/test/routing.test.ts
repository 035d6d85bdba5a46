/**
 * Routing by the client's definitions: an operation of the spec without a
 * route answers 501 naming it (a 404 would read as "no such resource" in the
 * client), and `start` warns about it before any call.
 */
import { describe, expect, it } from "vitest";
import { DEFINITIONS } from "../src/http/definitions.js";
import { QueryReader } from "../src/http/query.js";
import { ServiceError } from "../src/http/responses.js";
import { createRouter, unroutedWarning } from "../src/http/routing.js";
import { ROUTES } from "../src/routes/index.js";
import { defineOperation } from "../src/routes/types.js";

const getNote = {
  ...DEFINITIONS.deleteDiscount,
  id: "getNote",
  method: "GET" as const,
  path: "/v1/notes/{id}",
};
const replaceNote = { ...getNote, id: "replaceNote", method: "PUT" as const };
const definitions = { getNote, replaceNote };
const routes = { getNote: defineOperation(getNote, () => ({ status: 200, body: {} })) };

function thrown(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}

describe("the router", () => {
  const router = createRouter(definitions, routes);

  it("finds a routed operation with its path parameters", () => {
    const match = router.find("GET", "/v1/notes/n1");
    expect(match.route).toBe(routes.getNote);
    expect(match.params).toEqual({ id: "n1" });
  });

  it("answers an operation without a route with 501 naming it and the fix, not 404", () => {
    const error = thrown(() => router.find("PUT", "/v1/notes/n1"));
    expect(error.status).toBe(501);
    expect(error.body).toEqual({
      error: "NotImplemented",
      detail:
        "The sandbox has no route for replaceNote (PUT /v1/notes/{id}) yet: write its handler in " +
        "packages/sandbox/src/routes/ and list it in ROUTES (README.md, 'Changing the API').",
    });
  });

  it("still answers 405 (with the methods the path takes) and 404 for paths no operation has", () => {
    const wrongMethod = thrown(() => router.find("DELETE", "/v1/notes/n1"));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe("GET, PUT");
    expect(thrown(() => router.find("GET", "/v1/nothing")).status).toBe(404);
  });

  it("lists the operations without a route, and start's warning names them", () => {
    expect(router.unrouted.map((definition) => definition.id)).toEqual(["replaceNote"]);
    expect(unroutedWarning(router.unrouted)).toBe(
      "warning: the sandbox has no route for replaceNote (PUT /v1/notes/{id}); these answer 501 until one " +
        "is written in packages/sandbox/src/routes/ and listed in ROUTES (README.md, 'Changing the API')",
    );
  });

  it("has a route for every operation the client defines, so start warns of nothing", () => {
    const real = createRouter(DEFINITIONS, ROUTES);
    expect(real.unrouted).toEqual([]);
    expect(unroutedWarning(real.unrouted)).toBeUndefined();
  });
});

describe("query parameters come from the generated definitions", () => {
  it("a route reading a parameter its definition does not declare is a sandbox bug, caught at once", () => {
    const reader = new QueryReader(new URLSearchParams("limit=5"), DEFINITIONS.listRefunds);
    expect(reader.paging()).toEqual({ page: 1, limit: 5 });
    expect(() => reader.string("visibility")).toThrow(
      'sandbox bug: listRefunds reads query parameter "visibility", which its definition does not declare',
    );
  });
});
