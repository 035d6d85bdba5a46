import { describe, expect, test } from "vitest";
import { resolveConfig } from "../src/config.js";

const origin = "http://127.0.0.1:4010";

describe("resolveConfig: where the app sends its calls", () => {
  test("by default, the sandbox at the page's own origin, with no token", () => {
    expect(resolveConfig(undefined, {}, origin)).toEqual({ mode: "sandbox", apiBaseUrl: origin });
    expect(resolveConfig({ mode: "sandbox" }, {}, origin)).toEqual({ mode: "sandbox", apiBaseUrl: origin });
  });

  test("a build-time base URL means the real service, with its token when one is given", () => {
    expect(
      resolveConfig(
        undefined,
        { COMMERCE_API_BASE_URL: " https://api.example.com ", COMMERCE_API_TOKEN: "t" },
        origin,
      ),
    ).toEqual({ mode: "service", apiBaseUrl: "https://api.example.com", token: "t" });
    expect(resolveConfig(undefined, { COMMERCE_API_BASE_URL: "", COMMERCE_API_TOKEN: "" }, origin).mode).toBe(
      "sandbox",
    );
  });

  test("the server's run-time settings win over the build's", () => {
    expect(
      resolveConfig(
        { mode: "service", apiBaseUrl: "https://run.example.com" },
        { COMMERCE_API_BASE_URL: "https://build.example.com", COMMERCE_API_TOKEN: "build" },
        origin,
      ),
    ).toEqual({ mode: "service", apiBaseUrl: "https://run.example.com", token: "build" });
    // A server serving the sandbox keeps the app on it, whatever the build said.
    expect(
      resolveConfig({ mode: "sandbox" }, { COMMERCE_API_BASE_URL: "https://build.example.com" }, origin),
    ).toEqual({
      mode: "sandbox",
      apiBaseUrl: origin,
    });
  });
});

describe("resolveConfig: blank settings", () => {
  test("a base URL or token of spaces is no setting", () => {
    expect(
      resolveConfig(undefined, { COMMERCE_API_BASE_URL: "   ", COMMERCE_API_TOKEN: "  " }, origin),
    ).toEqual({
      mode: "sandbox",
      apiBaseUrl: origin,
    });
    expect(
      resolveConfig(
        { mode: "service" },
        { COMMERCE_API_BASE_URL: "https://api.example.com", COMMERCE_API_TOKEN: " " },
        origin,
      ),
    ).toEqual({ mode: "service", apiBaseUrl: "https://api.example.com" });
    // Told it is the service but not where: the page's own origin (a proxy in front of it).
    expect(resolveConfig({ mode: "service" }, {}, origin)).toEqual({ mode: "service", apiBaseUrl: origin });
  });
});
