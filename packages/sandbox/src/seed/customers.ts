import { customerRecord } from "../factories/people.js";
import type { Customer, Member, Organization } from "../state/records.js";
import { isoDaysAgo, type SeedContext, timestamps } from "./context.js";
import type { OrganizationProfile } from "./profiles.js";

export interface SeededPeople {
  /** Customers by handle (`alice`, `dunder`, …). */
  customers: Map<string, Customer>;
  /** Members by handle, with the customer they belong to. */
  members: Map<string, Member>;
}

/** The organization's customers (one without billing details) and the members of its team customers. */
export function seedCustomers(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
): SeededPeople {
  const customers = new Map<string, Customer>();
  const members = new Map<string, Member>();

  profile.customers.forEach((person, index) => {
    const createdAt = isoDaysAgo(ctx, 170 - index * 3);
    const customer = customerRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, createdAt),
      metadata: {
        segment: person.type === "team" ? "b2b" : "b2c",
        signup_source: ctx.random.pick(["web", "referral", "ads"]),
      },
      external_id: person.external_id,
      email: person.email,
      email_verified: index % 3 !== 2,
      type: person.type,
      name: person.name,
      billing_name: person.billing ? person.name : null,
      billing_address: person.billing
        ? {
            line1: `${ctx.random.int(1, 999)} ${ctx.random.pick(["Main", "Oak", "Elm", "Lake"])} Street`,
            line2: person.type === "team" ? `Floor ${ctx.random.int(2, 12)}` : null,
            postal_code: String(ctx.random.int(10000, 99999)),
            city: profile.address.city,
            state: profile.address.state,
            country: profile.address.country,
          }
        : null,
      tax_id: person.tax_id ?? null,
      locale: person.locale,
      organization_id: organization.id,
      default_payment_method_id: null,
      deleted_at: null,
      first_user_event_at: null,
      // The service builds an avatar URL for every customer with an e-mail address (all of ours).
      avatar_url: `https://avatars.sandbox.invalid/${profile.slug}/${person.handle}.png`,
    });
    customers.set(person.handle, customer);
    ctx.data.customers.push(customer);

    for (const m of person.members ?? []) {
      const member: Member = {
        id: ctx.random.uuid(),
        organization_id: organization.id,
        customer_id: customer.id,
        email: m.email,
        name: m.name,
        external_id: `${person.external_id ?? person.handle}-${m.handle}`,
        role: m.role,
      };
      members.set(m.handle, member);
      ctx.data.members.push(member);
    }
  });

  return { customers, members };
}
