/**
 * `sandboxHandlers`: app code with no baseUrl of its own runs unchanged against a sandbox
 * behind MSW, and gets the service's answers (its auth rules included).
 */
import {
  AuthenticationError,
  createClient,
  deactivateLicenseKey,
  listProducts,
  NetworkError,
} from "@commerce-api/client";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { DEFAULT_BASE_URLS, sandboxHandlers } from "../src/msw.js";

const sandbox = createSandbox({ seed: false });
const server = setupServer(
  ...sandboxHandlers(sandbox),
  ...sandboxHandlers(sandbox, { baseUrl: "http://app.test/api/" }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => sandbox.reset());
afterAll(() => server.close());

describe("sandboxHandlers", () => {
  it("answers on the client's own base URLs: production and the hosted sandbox", async () => {
    expect(DEFAULT_BASE_URLS).toEqual(["https://api.polar.sh", "https://sandbox-api.polar.sh"]);
    sandbox.add.product({ name: "Pro plan" });
    const production = createClient({ token: "polar_oat_acme_all" });
    const hosted = createClient({ token: "polar_oat_acme_all", environment: "sandbox" });
    for (const client of [production, hosted]) {
      const page = await listProducts(client, {});
      expect(page.items.map((p) => p.name)).toEqual(["Pro plan"]);
    }
  });

  it("takes bodies through, and the sandbox's state shows what the app changed", async () => {
    const customer = sandbox.add.customer();
    const key = sandbox.add.licenseKey({ customer, activations: [{ label: "Laptop" }] });
    const client = createClient({ token: "polar_oat_acme_all" });
    await deactivateLicenseKey(client, {
      key: key.key,
      organization_id: key.organization_id,
      activation_id: key.activations[0]?.id as string,
    });
    expect(sandbox.state.activations).toEqual([]);
  });

  it("refuses a customer token on an organization operation, as the service does", async () => {
    const customer = sandbox.add.customer();
    const session = sandbox.add.customerSession(customer);
    await expect(listProducts(createClient({ token: session }), {})).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });

  it("an injected network error is a network error for the app", async () => {
    sandbox.inject("listProducts", { networkError: true });
    const client = createClient({ token: "polar_oat_acme_all", retry: { maxRetries: 0 } });
    await expect(listProducts(client, {})).rejects.toBeInstanceOf(NetworkError);
  });

  it("a baseUrl with a path: the sandbox sees what follows it", async () => {
    sandbox.add.product({ name: "Behind a proxy" });
    const client = createClient({ baseUrl: "http://app.test/api", token: "polar_oat_acme_all" });
    expect((await listProducts(client, {})).items.map((p) => p.name)).toEqual(["Behind a proxy"]);
  });
});
