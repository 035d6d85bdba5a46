/**
 * The generated validators against the zod schemas of @commerce-api/schemas, over the
 * schemas' response fixtures (bodies as the service sends them), inputs built from the
 * operations' own examples, and seeded mutations of each. The sandbox's answers go through
 * the same check in packages/sandbox/test/validators.test.ts.
 */
import * as schemas from "@commerce-api/schemas";
import { describe, expect, it } from "vitest";
import * as customers from "../../../schemas/test/fixtures/customers.js";
import * as events from "../../../schemas/test/fixtures/events.js";
import * as licenseKeys from "../../../schemas/test/fixtures/license-keys.js";
import * as orders from "../../../schemas/test/fixtures/orders.js";
import * as paymentMethods from "../../../schemas/test/fixtures/payment-methods.js";
import * as products from "../../../schemas/test/fixtures/products.js";
import * as refunds from "../../../schemas/test/fixtures/refunds.js";
import * as subscriptions from "../../../schemas/test/fixtures/subscriptions.js";
import * as tagged from "../../../schemas/test/fixtures/tagged.js";
import * as validators from "../../src/generated/validators.js";
import { expectAgreement, mutations, type Pair, pairsOf, prng, throughSchema } from "./differential.js";
import { inputCorpus } from "./inputs.js";

const pairs = pairsOf(validators, schemas);
const fixtureModules = {
  customers,
  events,
  licenseKeys,
  orders,
  paymentMethods,
  products,
  refunds,
  subscriptions,
  tagged,
};
const fixtures = Object.entries(fixtureModules).flatMap(([module, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([, value]) => typeof value === "object" && value !== null)
    .map(([name, value]) => ({ label: `${module}.${name}`, value })),
);

/** Every corpus value through every pair; each value a pair accepts, mutated `perValue` times too. */
function runCorpus(
  corpus: readonly { label: string; value: unknown }[],
  candidates: readonly Pair[],
  seed: number,
  perValue: number,
) {
  const random = prng(seed);
  let cases = 0;
  let accepted = 0;
  for (const { label, value } of corpus) {
    for (const pair of candidates) {
      cases++;
      if (!expectAgreement(pair, value, label)) continue;
      accepted++;
      for (const mutation of mutations(value, perValue, random)) {
        cases++;
        expectAgreement(pair, mutation.value, `${label}, ${mutation.label}`);
      }
    }
  }
  return { cases, accepted };
}

describe("generated validators agree with the zod schemas", () => {
  it("pairs a validator with the schema of each operation's input and named response type", () => {
    const names = pairs.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(["ValidateLicenseKeyInput", "ListEventsInput", "Event", "ValidatedLicenseKey"]),
    );
    expect(pairs.length).toBeGreaterThan(100);
  });

  it("on the schemas' response fixtures and their mutations", () => {
    const responses = pairs.filter((p) => !p.name.endsWith("Input"));
    const { cases, accepted } = runCorpus(fixtures, responses, 17, 40);
    // Each fixture is a body some type accepts; the rest of the pairs check rejections.
    expect(accepted).toBeGreaterThanOrEqual(fixtures.length);
    expect(cases).toBeGreaterThan(5000);
  });

  it("on inputs made from the operations' examples and their mutations", () => {
    const inputs = pairs.filter((p) => p.name.endsWith("Input"));
    const { cases, accepted } = runCorpus(inputCorpus, inputs, 1717, 60);
    expect(accepted).toBeGreaterThanOrEqual(inputCorpus.length);
    expect(cases).toBeGreaterThan(2000);
  });

  it("on date-times across the calendar and on UUIDs of every form", () => {
    const activation = pairs.find((p) => p.name === "LicenseKeyActivation")!;
    const base = {
      id: "2ad8b8b8-42c2-469c-93ea-f932247e4b51",
      license_key_id: "2ad8b8b8-42c2-469c-93ea-f932247e4b51",
      label: "laptop",
      meta: {},
      created_at: "2026-04-01T00:00:00Z",
      modified_at: null,
    };
    const two = (n: number) => String(n).padStart(2, "0");
    // Leap years (2024, 2000, 0000) and years that are not (2023, 1900, 2100); every month's last days.
    const dates = [2024, 2023, 2000, 1900, 2100, 0, 9999].flatMap((year) =>
      [0, 1, 2, 3, 4, 6, 9, 11, 12, 13].flatMap((month) =>
        [0, 1, 28, 29, 30, 31, 32].map(
          (day) => `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T23:59:59.999+14:00`,
        ),
      ),
    );
    const times = ["24:00:00Z", "23:60:00Z", "12:00:00", "12:00:00.Z", "12:00:00-00:00", "12:00Z"];
    const uuids = [
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
      "2AD8B8B8-42C2-469C-93EA-F932247E4B51",
      "2ad8b8b8-42c2-069c-93ea-f932247e4b51",
      "2ad8b8b8-42c2-969c-93ea-f932247e4b51",
      "2ad8b8b8-42c2-469c-c3ea-f932247e4b51",
      "2ad8b8b8-42c2-469c-93ea-f932247e4b5",
      "2ad8b8b842c2469c93eaf932247e4b51",
      "2ad8b8b8-42c2-469c-93ea-f932247e4b5g",
    ];
    for (const created_at of [...dates, ...times.map((time) => `2024-02-29T${time}`)])
      expectAgreement(activation, { ...base, created_at }, created_at);
    for (const id of uuids) expectAgreement(activation, { ...base, id }, id);
    const accepted = dates.filter(
      (created_at) => throughSchema(activation.schema, { ...base, created_at }).ok,
    );
    // 29 February exists in 2024, 2000 and 0000 only.
    expect(accepted.filter((date) => date.endsWith("-02-29T23:59:59.999+14:00"))).toHaveLength(3);
  });
});
