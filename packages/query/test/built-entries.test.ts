// The built entries as an app loads them (turbo runs these tests after the build): the root
// and a dated entry, in ESM and in CommonJS, are separate copies of the runtime; a client must
// still have one cache id in all of them, or one entry's invalidation would miss the other's.
import { createRequire } from "node:module";
import { createClient } from "@commerce-api/client/core";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// Loaded by URL: the type check may run before this package's own build.
const built = (file: string) => import(/* @vite-ignore */ new URL(`../dist/${file}`, import.meta.url).href);

describe("the built root and dated entries", () => {
  it("give a client the same key in every copy: ESM and CommonJS, root and 2026-10", async () => {
    const client = createClient({ baseUrl: "https://api.test", token: "t" });
    const copies = [
      await built("index.js"),
      await built("2026-10.js"),
      require("../dist/index.cjs"),
      require("../dist/2026-10.cjs"),
    ];
    // Another client seen by one copy first: separate registries would number `client` apart.
    copies[0].getCustomerLicenseKeyQueryKey(
      { id: "k" },
      createClient({ baseUrl: "https://api.test", token: "u" }),
    );
    const keys = copies.map((entry) => entry.getCustomerLicenseKeyQueryKey({ id: "k" }, client));
    for (const key of keys) expect(key).toEqual(keys[0]);
    expect(keys[0].at(-1)).toEqual({ client: expect.stringMatching(/^https:\/\/api\.test#\d+$/) });
  });
});
