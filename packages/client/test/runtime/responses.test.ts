import { describe, expect, it } from "vitest";
import { ResponseValidationError } from "../../src/errors.js";
import { request } from "../../src/request.js";
import {
  deleteThingOperation,
  failure,
  fakeFetch,
  generateInvoiceOperation,
  getReceiptOperation,
  getThing,
  json,
  testClient,
} from "./helpers.js";

describe("reading responses", () => {
  it("returns the schema's output for a JSON body, unknown fields kept by a tolerant schema", async () => {
    const fetch = fakeFetch(json(200, { id: "t1", name: "Thing", added_later: true }));
    await expect(getThing(testClient(fetch), { id: "t1" })).resolves.toEqual({
      id: "t1",
      name: "Thing",
      added_later: true,
    });
  });

  it("reads JSON whatever the content type says", async () => {
    const fetch = fakeFetch(
      new Response('{"id":"t1","name":"Thing"}', { headers: { "content-type": "text/plain" } }),
    );
    await expect(getThing(testClient(fetch), { id: "t1" })).resolves.toEqual({ id: "t1", name: "Thing" });
  });

  it("returns undefined for a void response with an empty body (204)", async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    await expect(request(testClient(fetch), deleteThingOperation, { id: "t1" })).resolves.toBeUndefined();
  });

  it("returns undefined for a void response whose body is JSON null or empty (202)", async () => {
    const client = testClient(fakeFetch(json(202, null), new Response("", { status: 202 })));
    await expect(request(client, generateInvoiceOperation, { id: "o1" })).resolves.toBeUndefined();
    await expect(request(client, generateInvoiceOperation, { id: "o1" })).resolves.toBeUndefined();
  });

  it("returns null for a 202 with an empty body and no content type, the body for a 200", async () => {
    const pending = new Response(null, { status: 202 });
    expect(pending.headers.has("content-type")).toBe(false);
    const client = testClient(fakeFetch(pending, json(200, { url: "https://receipts.test/r.pdf" })));
    await expect(request(client, getReceiptOperation, { id: "o1" })).resolves.toBeNull();
    await expect(request(client, getReceiptOperation, { id: "o1" })).resolves.toEqual({
      url: "https://receipts.test/r.pdf",
    });
  });

  it("rejects a 2xx body that does not match the schema, with issues, raw body and status", async () => {
    const text = '{"id":7,"name":"Thing"}';
    const fetch = fakeFetch(new Response(text, { status: 200 }));
    const error = (await failure(getThing(testClient(fetch), { id: "t1" }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.name).toBe("ResponseValidationError");
    expect(error.status).toBe(200);
    expect(error.body).toBe(text);
    expect(error.issues).toEqual([
      { path: ["id"], message: "expected string, received number", code: "invalid_type" },
    ]);
    expect(error.message).toBe(
      "GET /v1/things/t1 → 200: body does not match the response schema: id: expected string, received number",
    );
  });

  it("rejects a 2xx body that is not JSON where JSON is expected", async () => {
    const html = "<html><body>Welcome</body></html>";
    const fetch = fakeFetch(new Response(html, { status: 200, headers: { "content-type": "text/html" } }));
    const error = (await failure(getThing(testClient(fetch), { id: "t1" }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.body).toBe(html);
    expect(error.issues).toEqual([]);
    expect(error.message).toContain("body is not JSON");
  });

  it("rejects a 2xx status the operation does not define", async () => {
    const fetch = fakeFetch(json(201, { id: "t1", name: "Thing" }));
    const error = (await failure(getThing(testClient(fetch), { id: "t1" }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.status).toBe(201);
    expect(error.message).toContain("unexpected status");
  });

  it("skips the schema when validate.response is false, but still needs JSON", async () => {
    const fetch = fakeFetch(json(200, { id: 7 }), new Response("oops", { status: 200 }));
    const client = testClient(fetch, { validate: { response: false } });
    await expect(getThing(client, { id: "t1" })).resolves.toEqual({ id: 7 });
    await expect(getThing(client, { id: "t1" })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
