import type { Organization } from "../state/records.js";
import { isoDaysAgo, type SeedContext } from "./context.js";
import type { OrganizationProfile } from "./profiles.js";

export function seedOrganization(ctx: SeedContext, profile: OrganizationProfile): Organization {
  const teamFriendly = profile.customers.some((c) => c.type === "team");
  const organization: Organization = {
    id: ctx.random.uuid(),
    created_at: isoDaysAgo(ctx, 400),
    modified_at: isoDaysAgo(ctx, 30),
    name: profile.name,
    slug: profile.slug,
    avatar_url: `https://avatars.sandbox.invalid/${profile.slug}.png`,
    proration_behavior: "prorate",
    allow_customer_updates: true,
    customer_portal_settings: {
      usage: { show: true },
      subscription: { update_seats: teamFriendly, update_plan: true, pause: profile.slug === "acme" },
      customer: { allow_email_change: false },
    },
    organization_features: { member_model_enabled: teamFriendly, checkout_localization_enabled: false },
  };
  ctx.data.organizations.push(organization);
  return organization;
}
