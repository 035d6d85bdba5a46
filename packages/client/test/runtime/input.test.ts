import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import type { OperationDefinition } from "../../src/operation.js";
import { request } from "../../src/request.js";
import type { Check } from "../../src/validate.js";
import {
  deleteThingOperation,
  failure,
  fakeFetch,
  json,
  listThings,
  listThingsOperation,
  testClient,
  validateKeyOperation,
} from "./helpers.js";

describe("input validation", () => {
  it("rejects invalid input with issues, before any request", async () => {
    const fetch = fakeFetch(json(200, {}));
    const error = await failure(
      // @ts-expect-error organization_id is missing and key has the wrong type
      request(testClient(fetch), validateKeyOperation, { key: 42 }),
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toBeInstanceOf(Error);
    const invalid = error as InvalidInputError;
    expect(invalid.name).toBe("InvalidInputError");
    expect(invalid.operationId).toBe("validateLicenseKey");
    expect(invalid.issues).toEqual([
      { path: ["key"], message: "expected string, received number", code: "invalid_type" },
      { path: ["organization_id"], message: "expected string, received undefined", code: "invalid_type" },
    ]);
    expect(invalid.message).toBe(
      "validateLicenseKey: invalid input: key: expected string, received number; organization_id: expected string, received undefined",
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it("describes bounds, unknown keys and nested paths", async () => {
    const fetch = fakeFetch(json(200, {}));
    const error = (await failure(
      // @ts-expect-error unknown key
      listThings(testClient(fetch), { limit: 500, metadata: { a: [1] }, extra: true }),
    )) as InvalidInputError;
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: ["limit"], message: "must be at most 100", code: "too_big" },
        { path: [], message: 'unknown key "extra"', code: "unrecognized_keys" },
        // `[1]` fits none of string | number | string[]: the issue comes from the member it got
        // furthest into, the array, at the offending element.
        { path: ["metadata", "a", 0], message: "expected string, received number", code: "invalid_type" },
      ]),
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it("skips the schema when validate.input is false", async () => {
    const fetch = fakeFetch(json(200, { id: "k", status: "granted", usage: 0 }));
    const client = testClient(fetch, { validate: { input: false } });
    // @ts-expect-error deliberately invalid
    await request(client, validateKeyOperation, { key: 42 });
    expect(JSON.parse(fetch.calls[0]?.body ?? "")).toEqual({ key: 42 });
  });

  it("still refuses a missing or empty path parameter when validation is off", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    const client = testClient(fetch, { validate: { input: false } });
    for (const input of [{}, { id: "" }, { id: null }]) {
      const error = await failure(request(client, deleteThingOperation, input as { id: string }));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).issues[0]?.path).toEqual(["id"]);
    }
    expect(fetch.calls).toHaveLength(0);
  });

  it("refuses '.' and '..' as path parameters, which would address the collection or its parent", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    for (const validate of [true, false]) {
      const client = testClient(fetch, { validate: { input: validate } });
      for (const id of [".", ".."]) {
        const error = await failure(request(client, deleteThingOperation, { id }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).issues).toEqual([
          { path: ["id"], message: `path parameter must not be "${id}"`, code: "invalid_value" },
        ]);
      }
    }
    expect(fetch.calls).toHaveLength(0);
    await request(testClient(fetch), deleteThingOperation, { id: "..." });
    expect(fetch.calls[0]?.url.pathname).toBe("/v1/things/...");
  });

  it("treats a missing input as an empty object", async () => {
    const fetch = fakeFetch(json(200, { items: [], pagination: { total_count: 0, max_page: 0 } }));
    await listThings(testClient(fetch), undefined as never);
    expect(fetch.calls[0]?.url.search).toBe("");
  });

  it("sends the schema's output, so defaults apply", async () => {
    // A validator that fills in a default, as a schema with one would.
    const withDefault: Check = (value) => ({ limit: 10, ...(value as object) });
    const definition: OperationDefinition<{ limit?: number }, unknown> = {
      ...listThingsOperation,
      input: withDefault,
      auth: ["pat", "oat"],
      scopes: [],
      responses: { 200: { body: "json", validate: (value) => value } },
    };
    const fetch = fakeFetch(json(200, {}));
    await request(testClient(fetch), definition, {});
    expect(fetch.calls[0]?.url.search).toBe("?limit=10");
  });
});
