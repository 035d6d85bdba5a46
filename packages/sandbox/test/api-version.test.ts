/**
 * The sandbox reads the headers the service's SDK 1.0 and our client send: each request's
 * `Polar-Version` is in `sandbox.requests` (and `GET /__sandbox/requests`), and a user's token
 * reaching several organizations acts on the one `Polar-Organization` names.
 */
import { apiVersion, createClient, listProducts } from "@commerce-api/client";
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { call, get } from "./helpers.js";

describe("Polar-Version", () => {
  it("each request's version is in sandbox.requests, and over HTTP", async () => {
    const sandbox = createSandbox({ seed: false });
    sandbox.add.product({ name: "Pro plan" });
    const client = createClient({ fetch: sandbox.fetch, token: "polar_oat_acme_all" });
    await listProducts(client, {});
    const asked = await call(sandbox, "GET", "/v1/products/", {
      token: "polar_oat_acme_all",
      headers: { "Polar-Version": "2027-01" },
    });
    expect(asked.status).toBe(200);
    await get(sandbox, "/v1/products/", "polar_oat_acme_all");
    expect(sandbox.requests.map((r) => [r.operation, r.apiVersion])).toEqual([
      ["listProducts", apiVersion],
      ["listProducts", "2027-01"],
      ["listProducts", null],
    ]);
    expect((await get(sandbox, "/__sandbox/requests")).json).toEqual(sandbox.requests);
    expect((await get(sandbox, "/__sandbox")).json.api_version).toBe(apiVersion);
    sandbox.reset();
    expect(sandbox.requests).toEqual([]);
  });
});

describe("Polar-Organization", () => {
  const sandbox = createSandbox({ seed: false });
  const [acme, globex] = sandbox.fixtures.ids.organizations.map((organization) => organization.id);
  sandbox.add.product({ name: "Acme plan", organization: "acme" });
  sandbox.add.product({ name: "Globex plan", organization: "globex" });
  const names = async (token: string, organization?: string) => {
    const client = createClient({
      fetch: sandbox.fetch,
      token,
      ...(organization === undefined ? {} : { organizationId: organization }),
    });
    return (await listProducts(client, {})).items.map((product) => product.name);
  };

  it("narrows a user's token that reaches several organizations to the one named", async () => {
    expect(await names("polar_pat_user_all", globex)).toEqual(["Globex plan"]);
    expect(await names("polar_pat_user_all", acme)).toEqual(["Acme plan"]);
    expect(await names("polar_pat_user_all")).toEqual(["Acme plan"]);
    expect(sandbox.requests.at(-3)?.organization).toBe(globex);
  });

  it("an organization the token does not reach: 403 NotPermitted, saying so", async () => {
    const answer = await call(sandbox, "GET", "/v1/products/", {
      token: "polar_oat_acme_all",
      headers: { "Polar-Organization": globex as string },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      error: "NotPermitted",
      detail: `Polar-Organization: this token does not reach organization ${globex}.`,
    });
    expect(await names("polar_oat_acme_all", acme)).toEqual(["Acme plan"]);
  });
});
