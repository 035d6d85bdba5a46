/** The rehearsal's commands run as in a maintainer's shell, not with the test runner's settings. */
import { describe, expect, it } from "vitest";
import { cleanEnvironment } from "../src/rehearsal.js";

describe("cleanEnvironment", () => {
  it("drops what vitest, pnpm and turbo set, and keeps the rest", () => {
    const env = cleanEnvironment({
      PATH: "/usr/bin",
      HOME: "/root",
      CI: "1",
      NODE_ENV: "test",
      VITEST: "true",
      npm_config_registry: "http://127.0.0.1:1/",
      npm_lifecycle_event: "test",
      TURBO_HASH: "abc",
    });
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/root", CI: "1" });
  });
});
