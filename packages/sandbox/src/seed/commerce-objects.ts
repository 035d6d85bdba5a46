import { checkoutLinkRecord, discountRecord } from "../factories/catalog.js";
import type { CheckoutLink, Discount, Organization, ProductRecord } from "../state/records.js";
import type { SeededCatalog } from "./catalog.js";
import { isoDaysAgo, type SeedContext, timestamps } from "./context.js";
import type { OrganizationProfile } from "./profiles.js";

/** Discounts of each kind; the delete operation's targets. */
export function seedDiscounts(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
): Discount[] {
  const specs: Omit<Discount, "id" | "organization_id" | "created_at" | "modified_at">[] = [
    {
      name: "Launch week",
      code: `${profile.brand.toUpperCase()}LAUNCH`,
      type: "percentage",
      amount: 2000,
      duration: "once",
    },
    { name: "Partner discount", code: null, type: "percentage", amount: 1500, duration: "forever" },
    { name: "Five off for three months", code: "FIVEOFF", type: "fixed", amount: 500, duration: "repeating" },
  ];
  return specs.map((spec) => {
    const discount = discountRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, isoDaysAgo(ctx, 180)),
      organization_id: organization.id,
      ...spec,
    });
    ctx.data.discounts.push(discount);
    return discount;
  });
}

/** Checkout links for a few public products; the delete operation's targets. */
export function seedCheckoutLinks(
  ctx: SeedContext,
  organization: Organization,
  catalog: SeededCatalog,
): CheckoutLink[] {
  const targets: [string | null, ProductRecord[]][] = [
    ["Homepage pricing", [catalog.products.get("starter"), catalog.products.get("pro")].filter(isProduct)],
    ["Desktop launch", [catalog.products.get("desktop")].filter(isProduct)],
    [null, [catalog.products.get("ebook")].filter(isProduct)],
  ];
  return targets.map(([label, products]) => {
    const link = checkoutLinkRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, isoDaysAgo(ctx, 150)),
      organization_id: organization.id,
      label,
      url: `https://buy.sandbox.invalid/${organization.slug}/${ctx.random.string(16, "abcdefghijklmnopqrstuvwxyz0123456789")}`,
      product_ids: products.map((p) => p.id),
    });
    ctx.data.checkoutLinks.push(link);
    return link;
  });
}

function isProduct(product: ProductRecord | undefined): product is ProductRecord {
  return product !== undefined;
}
