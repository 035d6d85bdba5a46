/**
 * The seed data: deterministic for a given seed number and "now".
 * Each organization gets the same structure with its own customers and names.
 */
import { createRandom } from "../state/random.js";
import type { SeedData } from "../state/store.js";
import { seedCatalog } from "./catalog.js";
import { seedCheckoutLinks, seedDiscounts } from "./commerce-objects.js";
import { emptySeedData, type SeedContext } from "./context.js";
import { seedCustomers } from "./customers.js";
import { seedEvents } from "./events.js";
import { seedLicenseKeys } from "./license-keys.js";
import { seedOrders } from "./orders.js";
import { seedOrganization } from "./organizations.js";
import { seedPaymentMethods } from "./payment-methods.js";
import { ORGANIZATIONS } from "./profiles.js";
import { seedSubscriptions } from "./subscriptions.js";
import { seedTokens, seedUserToken } from "./tokens.js";

export const DEFAULT_SEED = 20260415;

export function buildSeed(options: { seed: number; now: Date }): SeedData {
  const ctx: SeedContext = { random: createRandom(options.seed), now: options.now, data: emptySeedData() };
  const organizations = [];
  for (const profile of ORGANIZATIONS) {
    const organization = seedOrganization(ctx, profile);
    organizations.push(organization);
    const people = seedCustomers(ctx, organization, profile);
    const catalog = seedCatalog(ctx, organization, profile);
    seedPaymentMethods(ctx, profile, people);
    const discounts = seedDiscounts(ctx, organization, profile);
    seedCheckoutLinks(ctx, organization, catalog);
    const subscriptions = seedSubscriptions(ctx, organization, profile, people, catalog, discounts);
    const orders = seedOrders(ctx, organization, profile, people, catalog, subscriptions);
    seedLicenseKeys(ctx, organization, profile, people, catalog);
    seedEvents(ctx, organization, people, catalog, subscriptions, orders);
    seedTokens(ctx, organization, profile, people);
  }
  seedUserToken(ctx, organizations);
  return ctx.data;
}
