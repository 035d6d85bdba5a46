import { describe, expect, it } from "vitest";
import type { OperationDefinition } from "../../src/operation.js";
import { request } from "../../src/request.js";
import { anything, string } from "../../src/validate.js";
import { fakeFetch, objectCheck, TOKEN, testClient } from "./helpers.js";

/*
 * What a call sends and reads beyond a JSON object of fields: a form, a multipart body with a
 * file, a body that is one value, no token for an operation that takes none, text and binary
 * answers. (The generated client on the wire: codegen/test/import/wire.test.ts.)
 */

const done = { 204: { body: "void" } } as const;

function operation(fields: Partial<OperationDefinition>): OperationDefinition {
  return {
    id: "send",
    method: "POST",
    path: "/v1/things",
    bodyFields: ["name", "tags", "note"],
    input: objectCheck(true, {
      name: { optional: anything },
      tags: { optional: anything },
      note: { optional: anything },
    }),
    auth: ["pat"],
    scopes: [],
    responses: done,
    ...fields,
  } as OperationDefinition;
}

describe("request bodies", () => {
  it("writes a form: each field as text, an array as one entry per item, null as empty, undefined left out", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    const form = operation({ bodyMediaType: "application/x-www-form-urlencoded" });
    await request(testClient(fetch), form, { name: "a b", tags: ["x", "y"], note: null });
    expect(fetch.calls[0]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(fetch.calls[0]!.body).toBe("name=a+b&tags=x&tags=y&note=");
    // An object field (a form has no nesting) goes as its JSON text.
    await request(testClient(fetch), form, { name: "n", note: { plan: "pro" } });
    expect(new URLSearchParams(fetch.calls[1]!.body).get("note")).toBe('{"plan":"pro"}');
  });

  it("writes multipart/form-data with a Blob as a file part, the boundary set by fetch", async () => {
    let parts: FormData | undefined;
    const fetch = fakeFetch(async (sent) => {
      parts = await sent.formData();
      return new Response(null, { status: 204 });
    });
    const multipart = operation({ bodyMediaType: "multipart/form-data" });
    const file = new Blob(["%PDF"], { type: "application/pdf" });
    await request(testClient(fetch), multipart, { name: "invoice", note: file });
    expect(fetch.calls[0]!.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts!.get("name")).toBe("invoice");
    const part = parts!.get("note") as File;
    expect(await part.text()).toBe("%PDF");
    expect(part.type).toBe("application/pdf");
  });

  it("sends a body that is one value (an array) as the whole JSON body", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    const tags = operation({
      bodyFields: ["body"],
      bodyIsValue: true,
      input: objectCheck(true, { body: anything }),
    });
    await request(testClient(fetch), tags, { body: ["a", "b"] });
    expect(fetch.calls[0]!.headers.get("content-type")).toBe("application/json");
    expect(fetch.calls[0]!.body).toBe('["a","b"]');
  });
});

describe("operations that take no token", () => {
  it("send no Authorization and never ask the token function", async () => {
    let asked = 0;
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    const client = testClient(fetch, {
      token: () => {
        asked++;
        return TOKEN;
      },
    });
    await request(client, operation({ auth: [] }), { name: "k" });
    expect(fetch.calls[0]!.headers.get("authorization")).toBeNull();
    expect(asked).toBe(0);
    await request(client, operation({}), { name: "k" });
    expect(fetch.calls[1]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(asked).toBe(1);
  });
});

describe("answers that are not JSON", () => {
  const get = (responses: OperationDefinition["responses"]) =>
    operation({ method: "GET", bodyFields: undefined, input: objectCheck(true, {}), responses });

  it("resolve a text body to its text, asking for its media type", async () => {
    const fetch = fakeFetch(new Response("id,total\n1,10\n", { headers: { "content-type": "text/csv" } }));
    const csv = get({ 200: { body: "text", mediaType: "text/csv" } });
    await expect(request(testClient(fetch), csv, {})).resolves.toBe("id,total\n1,10\n");
    expect(fetch.calls[0]!.headers.get("accept")).toBe("text/csv, application/json");
  });

  it("resolve a binary body to a Blob of its bytes, and still read an error's JSON", async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const fetch = fakeFetch(
      new Response(bytes, { headers: { "content-type": "application/pdf" } }),
      new Response(JSON.stringify({ error: "ResourceNotFound", detail: "No such invoice." }), {
        status: 404,
        headers: { "content-type": "application/json" },
      }),
    );
    const pdf = get({ 200: { body: "binary", mediaType: "application/pdf" } });
    const blob = (await request(testClient(fetch), pdf, {})) as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    await expect(request(testClient(fetch), pdf, {})).rejects.toMatchObject({
      status: 404,
      code: "ResourceNotFound",
    });
  });

  it("keep reading a string a JSON answer holds as JSON", async () => {
    const fetch = fakeFetch(Response.json("plain"));
    const text = get({ 200: { body: "json", validate: string } });
    await expect(request(testClient(fetch), text, {})).resolves.toBe("plain");
  });
});
