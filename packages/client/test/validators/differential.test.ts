/**
 * The generated validators against the zod schemas of @commerce-api/schemas, over the
 * schemas' response fixtures (bodies as the service sends them), inputs built from the
 * operations' own examples, and seeded mutations of each. The sandbox's answers go through
 * the same check in apps/sandbox/test/validators.test.ts.
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
import { expectAgreement, mutations, type Pair, pairsOf, prng } from "./differential.js";
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
});
