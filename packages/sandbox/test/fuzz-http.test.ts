/**
 * Fuzz over HTTP on 127.0.0.1: generated and mutated requests through a real server, and
 * requests no fetch would send. No 5xx but injected ones, no dropped connection, and the server
 * keeps answering (the run itself is in fuzz-run.ts; in process is fuzz.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/server.js";
import { fuzz, HTTP_REQUESTS, memoryCheck, seed } from "./fuzz-run.js";
import { NOW } from "./helpers.js";

describe(`fuzz over HTTP on 127.0.0.1 (seed ${seed})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, now: () => new Date(NOW) });
  });
  afterAll(() => server.close());

  it("no 5xx but injected ones, no dropped connection, and the server keeps answering", async () => {
    const memory = memoryCheck(server.sandbox);
    const { sent } = await fuzz(server.sandbox, (r) => fetch(r), server.url, HTTP_REQUESTS, 1, memory);
    expect(sent).toBe(HTTP_REQUESTS);

    const after = await fetch(`${server.url}/__sandbox`);
    expect(after.status).toBe(200);
  });

  it("requests no fetch would send: a bad Host, an absolute or asterisk target", async () => {
    const { request } = await import("node:http");
    const raw = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port: server.port, path, method: "GET", headers: { host }, setHost: false },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end();
      });
    expect(await raw("/__sandbox", "exa mple")).toBe(400);
    expect(await raw("/__sandbox", "[::1")).toBe(400);
    expect(await raw("*", "127.0.0.1")).toBeLessThan(500);
    expect(await raw(`/${"x".repeat(6000)}`, "127.0.0.1")).toBe(404);
    expect((await fetch(`${server.url}/__sandbox`)).status).toBe(200);
  });
});
