/**
 * Fuzz, in process: thousands of generated and mutated requests. No 5xx but injected ones, the
 * sandbox keeps answering, memory stays bounded, and a refused request changes nothing (the run
 * itself is in fuzz-run.ts; over HTTP is fuzz-http.test.ts). Bounded by count only (the shared
 * test limits end a hang; nothing is judged on speed). The seed is fixed, so a run is the same
 * everywhere.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { fuzz, IN_PROCESS_REQUESTS, memoryCheck, seed } from "./fuzz-run.js";
import { NOW } from "./helpers.js";

describe(`fuzz in process (seed ${seed})`, () => {
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
});
