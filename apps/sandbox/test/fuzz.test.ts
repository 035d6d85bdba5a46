/**
 * Fuzz: thousands of generated and mutated requests, in-process and over HTTP on
 * 127.0.0.1. No 5xx but injected ones, the sandbox keeps answering, memory stays
 * bounded, and a refused request changes nothing. Bounded by count only (the shared test
 * limits end a hang; nothing is judged on speed). The seed is fixed, so a run is the same
 * everywhere; `FUZZ_SEED=<seed> pnpm exec vitest run test/fuzz.test.ts` runs another.
 * Memory is the heap after a full collection (vitest.config.ts runs workers with --expose-gc).
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";
import { createRandom, type FuzzRequest, fuzzSeed, generateRequest } from "./fuzz.js";
import { NOW } from "./helpers.js";

/** Requests sent (those fetch refuses to send are not counted). */
const IN_PROCESS_REQUESTS = 4000;
const HTTP_REQUESTS = 1000;

const SLACK_BYTES = 3 * 1024 * 1024;

const seed = fuzzSeed();

/** The heap in use after full collections: what the run keeps, not what it has yet to collect. */
function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run node with --expose-gc (vitest.config.ts does)");
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * What the second half of a run adds to the heap, past what the sandbox's data grew by. The
 * first half warms up (schemas built on first use, code compiled), so what the second half
 * keeps is what requests leak.
 */
function memoryCheck(sandbox: Sandbox) {
  let heap = 0;
  let state = 0;
  let held = 0;
  return {
    halfway() {
      heap = heapAfterGc();
      state = JSON.stringify(sandbox.state).length;
    },
    /** The run itself keeps each request that succeeded, to replay it. */
    held(request: FuzzRequest, what: string) {
      held += request.path.length + (request.body?.length ?? 0) + what.length + 500;
      for (const [name, value] of Object.entries(request.headers)) held += name.length + value.length + 100;
    },
    end() {
      const heapGrown = heapAfterGc() - heap;
      const stateGrown = Math.max(0, JSON.stringify(sandbox.state).length - state);
      // Bytes, for text counted in characters: up to two bytes each, and a slack for what the
      // heap holds at one moment and not another (sockets, pools, compiled code). A request
      // that leaks its request or its response (kilobytes each) passes it within the half.
      const bound = 2 * held + 8 * stateGrown + SLACK_BYTES;
      expect(heapGrown, `heap growth over the second half, in bytes (bound ${bound})`).toBeLessThan(bound);
    },
  };
}

/** A short stand-in for the data at a point of the run. */
function digest(state: unknown): string {
  return createHash("sha256").update(JSON.stringify(state)).digest("hex");
}

function toRequest(base: string, fuzz: FuzzRequest): Request | undefined {
  try {
    return new Request(`${base}${fuzz.path}`, {
      method: fuzz.method,
      headers: fuzz.headers,
      ...(fuzz.body !== undefined ? { body: fuzz.body } : {}),
    });
  } catch {
    return undefined; // what fetch itself refuses to send (e.g. a header of non-Latin-1 text) never reaches a server
  }
}

/** A 5xx the sandbox was told to send, by failNext. */
function isInjected(response: Response): boolean {
  return response.headers.get("x-sandbox-injected") === "true";
}

/**
 * Sends requests one at a time. Then the requests that succeeded (but those that
 * queue failures) are sent again, alone, to a fresh sandbox: each must answer the
 * same, and both sandboxes must end with the same data. So a refused request that
 * changed anything shows, wherever it was in the run.
 */
async function fuzz(
  sandbox: Sandbox,
  send: (request: Request) => Promise<Response>,
  base: string,
  count: number,
  seedOffset: number,
  memory: ReturnType<typeof memoryCheck>,
) {
  const random = createRandom(seed + seedOffset);
  const fixtures = sandbox.fixtures;
  const statuses = new Map<number, number>();
  const succeeded: {
    request: FuzzRequest;
    status: number;
    what: string;
    stateBefore?: string | undefined;
  }[] = [];
  let sent = 0;
  // A generated request fetch would refuse is drawn again; the cap only ends a generator
  // that draws nothing else.
  for (let i = 0; sent < count && i < count * 2; i++) {
    const generated = generateRequest(random, fixtures);
    const request = toRequest(base, generated);
    if (!request) continue;
    // A reset would hide what refused requests changed before it: compare there too.
    const stateBefore = generated.path.startsWith("/__sandbox/reset") ? digest(sandbox.state) : undefined;
    const response = await send(request).catch((error: unknown) => {
      // What fetch refuses to send (e.g. an Authorization header it deems invalid) never left.
      if ((error as { cause?: { code?: string } }).cause?.code === "UND_ERR_INVALID_ARG") return undefined;
      throw error;
    });
    if (!response) continue;
    await response.arrayBuffer();
    sent++;
    if (sent === count / 2) memory.halfway();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const what = `seed ${seed}, request ${i}: ${generated.method} ${generated.path.slice(0, 200)} ${generated.body?.slice(0, 200) ?? ""}`;
    if (response.status >= 500) expect(isInjected(response), `${what} → ${response.status}`).toBe(true);
    if (response.status < 400 && !generated.path.startsWith("/__sandbox/fail")) {
      succeeded.push({ request: generated, status: response.status, what, stateBefore });
      if (sent > count / 2) memory.held(generated, what);
    }
  }
  memory.end();
  const replayed = createSandbox({ now: () => new Date(NOW) });
  for (const { request, status, what, stateBefore } of succeeded) {
    if (stateBefore !== undefined) {
      expect(digest(replayed.state) === stateBefore, `refused requests before ${what} changed the data`).toBe(
        true,
      );
    }
    const response = await replayed.fetch(toRequest("http://sandbox.test", request) as Request);
    expect(response.status, `replaying ${what}`).toBe(status);
  }
  expect(
    JSON.stringify(sandbox.state) === JSON.stringify(replayed.state),
    `refused requests changed the data (seed ${seed})`,
  ).toBe(true);
  return { sent, statuses };
}

describe(`fuzz (seed ${seed})`, () => {
  it("in-process: no 5xx but injected ones, refused requests change nothing, memory bounded", async () => {
    const sandbox = createSandbox({ now: () => new Date(NOW) });
    const memory = memoryCheck(sandbox);
    const { sent, statuses } = await fuzz(
      sandbox,
      (r) => sandbox.fetch(r),
      "http://sandbox.test",
      IN_PROCESS_REQUESTS,
      0,
      memory,
    );
    console.log(`in-process: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(sent).toBe(IN_PROCESS_REQUESTS);
    // A refused request of each kind, so the run covered what it claims to.
    for (const status of [401, 404, 405, 422])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  });

  describe("over HTTP", () => {
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
});
