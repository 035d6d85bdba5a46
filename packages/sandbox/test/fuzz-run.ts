/**
 * The fuzz run both fuzz files share (fuzz.test.ts in process, fuzz-http.test.ts over HTTP, two
 * files so that the two halves run side by side): requests generated from one fixed seed, sent
 * one at a time, every success replayed alone into a fresh sandbox, and the heap checked over
 * the second half of the run. `FUZZ_SEED=<seed> pnpm exec vitest run test/fuzz` runs another seed.
 * Memory is the heap after a full collection.
 */
import { createHash } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect } from "vitest";
import { createSandbox, type Sandbox } from "../src/index.js";
import { createRandom, type FuzzRequest, fuzzSeed, generateRequest } from "./fuzz.js";
import { NOW } from "./helpers.js";

/** Requests sent (those fetch refuses to send are not counted). */
export const IN_PROCESS_REQUESTS = 4000;
export const HTTP_REQUESTS = 1000;

const SLACK_BYTES = 3 * 1024 * 1024;

export const seed = fuzzSeed();

/** The heap in use after full collections: what the run keeps, not what it has yet to collect. */
function heapAfterGc(): number {
  // Node's own way to reach gc() without starting the worker with --expose-gc (a flag worker
  // threads refuse, and the mutation run's test runner uses threads).
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * What the second half of a run adds to the heap, past what the sandbox's data grew by. The
 * first half warms up (schemas built on first use, code compiled), so what the second half
 * keeps is what requests leak.
 */
export function memoryCheck(sandbox: Sandbox) {
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
export async function fuzz(
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
