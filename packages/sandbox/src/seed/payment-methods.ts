import { paymentMethodRecord } from "../factories/people.js";
import type { Customer } from "../state/records.js";
import { type SeedContext, timestamps } from "./context.js";
import type { SeededPeople } from "./customers.js";
import type { OrganizationProfile } from "./profiles.js";

const BRANDS = ["visa", "mastercard", "amex"] as const;

/** Saved cards per the profile; the first card of each customer is their default. */
export function seedPaymentMethods(
  ctx: SeedContext,
  profile: OrganizationProfile,
  people: SeededPeople,
): void {
  for (const person of profile.customers) {
    const customer = people.customers.get(person.handle) as Customer;
    for (let i = 0; i < person.cards; i++) {
      const method = paymentMethodRecord({
        id: ctx.random.uuid(),
        ...timestamps(ctx, customer.created_at),
        customer_id: customer.id,
        card: {
          brand: BRANDS[i % BRANDS.length] as string,
          last4: String(ctx.random.int(0, 9999)).padStart(4, "0"),
          exp_month: ctx.random.int(1, 12),
          exp_year: ctx.random.int(2026, 2031),
          wallet: i === 1 ? "apple_pay" : null,
        },
      });
      ctx.data.paymentMethods.push(method);
      if (i === 0) customer.default_payment_method_id = method.id;
    }
  }
}
