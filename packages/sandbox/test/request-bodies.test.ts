/**
 * A request body as its operation writes it (spec/README.md, "Bodies"): JSON, or a form
 * whose fields the sandbox reads as the service's form reading gives them, then checks with the
 * operation's input schema as any other body.
 */
import { describe, expect, it } from "vitest";
import { readBody } from "../src/http/validation.js";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://sandbox.test/v1/oauth2/token", { method: "POST", body, headers });

describe("a request body", () => {
  it("of a urlencoded form is its fields, a repeated key a list", async () => {
    const form = new URLSearchParams([
      ["grant_type", "refresh_token"],
      ["refresh_token", "rt_1"],
      ["scope", "a"],
      ["scope", "b"],
    ]);
    const fields = await readBody(post(form), { bodyMediaType: "application/x-www-form-urlencoded" });
    expect(fields).toEqual({ grant_type: "refresh_token", refresh_token: "rt_1", scope: ["a", "b"] });
  });

  it("of a multipart form keeps a file part as its Blob", async () => {
    const form = new FormData();
    form.append("name", "invoice");
    form.append("file", new Blob(["%PDF"], { type: "application/pdf" }), "invoice.pdf");
    const fields = (await readBody(post(form), { bodyMediaType: "multipart/form-data" })) as Record<
      string,
      unknown
    >;
    expect(fields.name).toBe("invoice");
    expect(await (fields.file as Blob).text()).toBe("%PDF");
  });

  it("of an operation that sends JSON is its JSON, and a broken one the service's 422", async () => {
    await expect(readBody(post('{"name":"x"}'), {})).resolves.toEqual({ name: "x" });
    await expect(readBody(post("{"), {})).rejects.toMatchObject({ status: 422 });
  });
});
