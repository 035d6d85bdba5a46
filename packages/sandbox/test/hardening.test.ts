/**
 * Bodies from strangers: a size limit (413), JSON too deep to echo (422, never a
 * 500), whitespace as a missing body, and bodies read for every method that has one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";
import { call, tokens } from "./helpers.js";

const VALIDATE = "/v1/license-keys/validate";

describe("the body limit", () => {
  it("refuses a body over maxBodyBytes with 413 naming the limit and the option", async () => {
    const sandbox = createSandbox({ maxBodyBytes: 1000 });
    const { acmeAll } = tokens(sandbox.fixtures);
    const answer = await call(sandbox, "POST", VALIDATE, {
      token: acmeAll,
      rawBody: `"${"x".repeat(1200)}"`,
    });
    expect(answer.status).toBe(413);
    expect(answer.json.error).toBe("PayloadTooLarge");
    expect(answer.json.detail).toContain("1000 bytes");
    expect(answer.json.detail).toContain("maxBodyBytes");
  });

  it("takes a body of exactly the limit", async () => {
    const sandbox = createSandbox({ maxBodyBytes: 10 });
    const { acmeAll } = tokens(sandbox.fixtures);
    const answer = await call(sandbox, "POST", VALIDATE, {
      token: acmeAll,
      rawBody: '{"key":"x"}'.slice(0, 10),
    });
    expect(answer.status).toBe(422);
  });

  it("is a few megabytes by default", async () => {
    const sandbox = createSandbox();
    expect(sandbox.maxBodyBytes).toBe(4 * 1024 * 1024);
    const { acmeAll } = tokens(sandbox.fixtures);
    const big = await call(sandbox, "POST", VALIDATE, {
      token: acmeAll,
      rawBody: `"${"x".repeat(4 * 1024 * 1024)}"`,
    });
    expect(big.status).toBe(413);
    const fine = await call(sandbox, "POST", VALIDATE, {
      token: acmeAll,
      rawBody: `"${"x".repeat(100_000)}"`,
    });
    expect(fine.status).toBe(422);
  });

  it("applies to PUT and PATCH bodies too: they are read, not only POST's", async () => {
    const sandbox = createSandbox({ maxBodyBytes: 100 });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await call(sandbox, method, VALIDATE, { rawBody: "y".repeat(200) });
      expect(answer.status, method).toBe(413);
    }
  });

  it("refuses a bad option clearly", () => {
    expect(() => createSandbox({ maxBodyBytes: -1 })).toThrow(/maxBodyBytes must be a whole number/);
  });
});

describe("JSON bodies", () => {
  it("a 100,000-deep array is a 422 json_invalid, not a stack overflow", async () => {
    const sandbox = createSandbox();
    const { acmeAll } = tokens(sandbox.fixtures);
    for (const rawBody of ["[".repeat(100_000) + "]".repeat(100_000), `{"key":${"[".repeat(100_000)}}`]) {
      const answer = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody });
      expect(answer.status).toBe(422);
      expect(answer.json.detail[0].type).toBe("json_invalid");
      expect(answer.json.detail[0].ctx.error).toMatch(/nested deeper than 64 levels/);
    }
  });

  it("64 levels of nesting are read; 65 are refused as too deep", async () => {
    const sandbox = createSandbox();
    const { acmeAll } = tokens(sandbox.fixtures);
    // The body object is the first level; `key` holds the rest.
    const nested = (levels: number) => `{"key":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    const deepest = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody: nested(64) });
    expect(deepest.status).toBe(422);
    expect(deepest.json.detail[0].type).not.toBe("json_invalid");
    expect(deepest.json.detail[0].loc).toEqual(["body", "key"]);
    const tooDeep = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody: nested(65) });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.json.detail[0].type).toBe("json_invalid");
    expect(tooDeep.json.detail[0].ctx.error).toMatch(/nested deeper than 64 levels/);
  });

  it("brackets inside strings do not count as nesting", async () => {
    const sandbox = createSandbox();
    const { acmeAll, acme } = tokens(sandbox.fixtures);
    // An escaped quote does not end the string: the brackets after it are still text.
    const rawBody = JSON.stringify({ key: `a"${"[{".repeat(200)}`, organization_id: acme.id });
    const answer = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody });
    expect(answer.status).toBe(404);
  });

  it("a whitespace-only body is a missing body (422 missing), not invalid JSON", async () => {
    const sandbox = createSandbox();
    const { acmeAll } = tokens(sandbox.fixtures);
    for (const rawBody of [" ", "\n\t \r\n"]) {
      const answer = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody });
      expect(answer.status).toBe(422);
      expect(answer.json.detail).toEqual([
        { loc: ["body"], msg: "Field required", type: "missing", input: null },
      ]);
    }
  });

  it("other space characters are not JSON whitespace: invalid JSON", async () => {
    const sandbox = createSandbox();
    const { acmeAll } = tokens(sandbox.fixtures);
    const answer = await call(sandbox, "POST", VALIDATE, { token: acmeAll, rawBody: "\u00a0" });
    expect(answer.json.detail[0].type).toBe("json_invalid");
  });
});

describe("over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, maxBodyBytes: 1000 });
  });
  afterAll(() => server.close());

  it("a body over the limit is 413, for POST, PUT and PATCH, and the server keeps answering", async () => {
    for (const method of ["POST", "PUT", "PATCH"]) {
      const response = await fetch(`${server.url}${VALIDATE}`, { method, body: "z".repeat(5000) });
      expect(response.status, method).toBe(413);
      expect((await response.json()).detail).toContain("1000 bytes");
    }
    const after = await fetch(`${server.url}/__sandbox`);
    expect(after.status).toBe(200);
  });

  it("keeps an idle connection a minute, so a client on a stalled CI runner never reuses one it is closing", async () => {
    const response = await fetch(`${server.url}/__sandbox`);
    await response.arrayBuffer();
    // What fetch (undici) reads to decide how long it may reuse the connection.
    expect(response.headers.get("keep-alive")).toBe("timeout=60");
  });

  it("a whitespace-only body is a missing body over HTTP too", async () => {
    const { acmeAll } = tokens(server.sandbox.fixtures);
    const response = await fetch(`${server.url}${VALIDATE}`, {
      method: "POST",
      headers: { authorization: `Bearer ${acmeAll}`, "content-type": "application/json" },
      body: "   ",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).detail[0].type).toBe("missing");
  });
});

describe("the body limit over HTTP, at the edge", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, maxBodyBytes: 10 });
  });
  afterAll(() => server.close());

  it("takes a body of exactly maxBodyBytes and refuses one byte more", async () => {
    const { acmeAll } = tokens(server.sandbox.fixtures);
    const post = (body: string) =>
      fetch(`${server.url}${VALIDATE}`, {
        method: "POST",
        headers: { authorization: `Bearer ${acmeAll}`, "content-type": "application/json" },
        body,
      });
    // Ten bytes of JSON, read and checked: the service's own 422 for a wrong body.
    const exactly = await post('{"key":1} ');
    expect(exactly.status).toBe(422);
    expect((await exactly.json()).detail[0].loc).toEqual(["body", "key"]);
    const over = await post('{"key":12} ');
    expect(over.status).toBe(413);
    expect((await over.json()).detail).toContain("10 bytes");
  });
});
