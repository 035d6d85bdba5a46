/**
 * The `x-sandbox-hint` of a 401: why the call was refused and which seeded tokens
 * the operation takes (never the token sent), and the console line, written once per
 * distinct hint and only for a token the sandbox does not know.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSandbox } from "../src/index.js";
import { call, NOW } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const empty = createSandbox({ seed: false, now: () => new Date(NOW) });

afterEach(() => vi.restoreAllMocks());

const hintOf = async (path: string, token?: string, on = sandbox) =>
  (await call(on, "GET", path, token ? { token } : {})).headers.get("x-sandbox-hint");

describe("x-sandbox-hint", () => {
  it("no token: says so, and lists up to four seeded tokens the operation takes", async () => {
    const hint = await hintOf("/v1/products/");
    expect(hint).toMatch(/^no Authorization: Bearer <token> header; seeded tokens this operation takes: /);
    expect(hint).toMatch(/, \.\.\.; all tokens: GET \/__sandbox\/fixtures$/);
    const listed = (hint ?? "").split("takes: ")[1]?.split(", ...")[0]?.split(", ") ?? [];
    expect(listed).toHaveLength(4);
    const kinds = new Map(sandbox.fixtures.tokens.map((t) => [t.token, t]));
    for (const token of listed) {
      expect(["pat", "oat", "oidc"]).toContain(kinds.get(token)?.kind);
      expect(kinds.get(token)?.expired).toBeFalsy();
    }
    expect(hint).not.toContain("customerSession");
  });

  it("an expired token: says so, without repeating it", async () => {
    const expired = sandbox.fixtures.tokens.find((t) => t.expired && t.kind === "oat")?.token as string;
    const hint = await hintOf("/v1/products/", expired);
    expect(hint).toMatch(/^the token is one of the sandbox's expired ones; /);
    expect(hint).not.toContain(expired);
  });

  it("a token of another kind: names its kind and the kinds taken; a customer route suggests making a session", async () => {
    const hint = await hintOf("/v1/customer-portal/subscriptions/", "polar_oat_acme_all");
    expect(hint).toMatch(
      /^a token of kind oat is not accepted here \(this operation takes customer_session, member_session\); /,
    );
    expect(hint).toMatch(
      /\(or sandbox\.add\.customerSession\(customer\)\); all tokens: GET \/__sandbox\/fixtures$/,
    );
  });

  it("a list of four or fewer tokens is shown whole; none says none", async () => {
    const hint = await hintOf("/v1/customer-portal/subscriptions/", undefined, empty);
    expect(hint).toBe(
      "no Authorization: Bearer <token> header; seeded tokens this operation takes: none (or sandbox.add.customerSession(customer)); all tokens: GET /__sandbox/fixtures",
    );
  });

  it("is only on a 401 of a routed operation", async () => {
    expect(await hintOf("/v1/products/", "polar_oat_acme_all")).toBeNull();
    expect(await hintOf("/v1/nowhere")).toBeNull();
  });
});

describe("the console", () => {
  it("an unknown token's hint is written once; no token or a known one writes nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const own = createSandbox({ now: () => new Date(NOW) });
    await hintOf("/v1/products/", undefined, own);
    await hintOf("/v1/products/", "polar_oat_acme_expired", own);
    expect(warn).not.toHaveBeenCalled();
    const hint = await hintOf("/v1/products/", "polar_oat_made_up", own);
    await hintOf("/v1/products/", "polar_oat_made_up_too", own);
    expect(hint).toMatch(/^the sandbox has no such token; /);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(`[sandbox] 401: ${hint}`);
  });
});
