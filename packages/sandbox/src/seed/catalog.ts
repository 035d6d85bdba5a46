import {
  benefitRecord,
  customFieldRecord,
  customPriceFields,
  licenseKeyProperties,
  meterRecord,
  priceBase,
  productRecord,
} from "../factories/catalog.js";
import type {
  Benefit,
  CustomField,
  Media,
  Meter,
  Organization,
  Price,
  ProductRecord,
} from "../state/records.js";
import { isoDaysAgo, type SeedContext, timestamps } from "./context.js";
import {
  BENEFITS,
  type BenefitKey,
  CUSTOM_FIELDS,
  type OrganizationProfile,
  type ProductKey,
  type ProductProfile,
  productProfiles,
} from "./profiles.js";

export interface SeededCatalog {
  products: Map<ProductKey, ProductRecord>;
  benefits: Map<BenefitKey, Benefit>;
  customFields: CustomField[];
  /** `api` counts `api.request` events, `tokens` counts `llm.completion` events. */
  meters: { api: Meter; tokens: Meter };
}

/** Benefits, media, custom fields, meters and products (both kinds, every visibility, one archived). */
export function seedCatalog(
  ctx: SeedContext,
  organization: Organization,
  profile: OrganizationProfile,
): SeededCatalog {
  const benefits = seedBenefits(ctx, organization, profile);
  const customFields = seedCustomFields(ctx, organization);
  const meters = seedMeters(ctx, organization);
  const products = new Map<ProductKey, ProductRecord>();

  productProfiles(profile.brand).forEach((spec, index) => {
    const createdAt = isoDaysAgo(ctx, 200 - index * 7);
    const product = productRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, createdAt),
      organization_id: organization.id,
      name: spec.name,
      description: spec.description,
      visibility: spec.visibility,
      is_recurring: spec.recurring !== null,
      is_archived: spec.archived,
      metadata: { ...spec.metadata },
      recurring_interval: spec.recurring,
      recurring_interval_count: spec.recurring ? 1 : null,
      trial_interval: spec.trialDays ? "day" : null,
      trial_interval_count: spec.trialDays,
      meter_interval: spec.metered ? "month" : null,
      meter_interval_count: spec.metered ? 1 : null,
      prices: [],
      benefit_ids: spec.benefits.map((key) => (benefits.get(key) as Benefit).id),
      media_ids: seedMedia(ctx, organization, spec).map((m) => m.id),
      custom_fields: spec.customFields.map((fieldIndex, order) => ({
        custom_field_id: (customFields[fieldIndex] as CustomField).id,
        order,
        required: order === 0,
      })),
    });
    product.prices = [makePrice(ctx, product, spec, profile.currency)];
    products.set(spec.key, product);
    ctx.data.products.push(product);
  });

  return { products, benefits, customFields, meters };
}

function makePrice(ctx: SeedContext, product: ProductRecord, spec: ProductProfile, currency: string): Price {
  const base = priceBase(product, {
    id: ctx.random.uuid(),
    currency,
    tax_behavior: ctx.random.pick(["location", "exclusive", null] as const),
    is_archived: spec.archived,
  });
  const legacy =
    spec.price.kind === "fixed" && spec.price.legacy && spec.recurring
      ? { type: "recurring" as const, recurring_interval: spec.recurring, legacy: true }
      : {};
  switch (spec.price.kind) {
    case "fixed":
      return { ...base, ...legacy, amount_type: "fixed", price_amount: spec.price.amount };
    case "custom":
      return { ...base, ...customPriceFields(spec.price.minimum, spec.price.preset) };
    case "seat_based":
      return {
        ...base,
        amount_type: "seat_based",
        seat_tiers: {
          seat_tier_type: "volume",
          tiers: [
            { min_seats: 1, max_seats: 9, price_per_seat: spec.price.perSeat },
            { min_seats: 10, max_seats: null, price_per_seat: Math.round(spec.price.perSeat * 0.8) },
          ],
          minimum_seats: 1,
          maximum_seats: null,
        },
      };
  }
}

function seedBenefits(ctx: SeedContext, organization: Organization, profile: OrganizationProfile) {
  const benefits = new Map<BenefitKey, Benefit>();
  for (const [key, spec] of Object.entries(BENEFITS) as [BenefitKey, (typeof BENEFITS)[BenefitKey]][]) {
    const properties =
      spec.type === "custom"
        ? {
            note:
              key === "support" ? `Write to support@${profile.slug}.example with your order number.` : null,
          }
        : licenseKeyProperties(profile.brand.toUpperCase(), {
            expires: key === "api_license" ? { ttl: 1, timeframe: "year" } : null,
            activations: key === "desktop_license" ? { limit: 3, enable_customer_admin: true } : null,
            limit_usage: key === "api_license" ? 10000 : null,
          });
    const benefit = benefitRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, isoDaysAgo(ctx, 210)),
      type: spec.type,
      description: spec.description,
      organization_id: organization.id,
      metadata: { internal_code: `${profile.slug}-${key}` },
      properties,
    });
    benefits.set(key, benefit);
    ctx.data.benefits.push(benefit);
  }
  return benefits;
}

function seedCustomFields(ctx: SeedContext, organization: Organization): CustomField[] {
  return CUSTOM_FIELDS.map((spec) => {
    const field = customFieldRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, isoDaysAgo(ctx, 205)),
      slug: spec.slug,
      name: spec.name,
      organization_id: organization.id,
      label: spec.label,
      placeholder: spec.placeholder,
      textarea: spec.textarea,
    });
    ctx.data.customFields.push(field);
    return field;
  });
}

function seedMeters(ctx: SeedContext, organization: Organization): SeededCatalog["meters"] {
  const make = (name: string, eventName: string): Meter => {
    const meter = meterRecord({
      id: ctx.random.uuid(),
      ...timestamps(ctx, isoDaysAgo(ctx, 200)),
      organization_id: organization.id,
      name,
      eventName,
    });
    ctx.data.meters.push(meter);
    return meter;
  };
  return { api: make("API requests", "api.request"), tokens: make("LLM completions", "llm.completion") };
}

function seedMedia(ctx: SeedContext, organization: Organization, spec: ProductProfile): Media[] {
  const media: Media[] = [];
  for (let i = 0; i < spec.media; i++) {
    const name = `${spec.key}-${i + 1}.png`;
    const size = ctx.random.int(20_000, 900_000);
    const hex = ctx.random.string(64, "0123456789abcdef");
    const path = `${organization.id}/product_media/${ctx.random.uuid()}/${name}`;
    const item: Media = {
      id: ctx.random.uuid(),
      organization_id: organization.id,
      name,
      path,
      mime_type: "image/png",
      size,
      storage_version: null,
      checksum_etag: `"${hex.slice(0, 32)}"`,
      checksum_sha256_base64: hexToBase64(hex),
      checksum_sha256_hex: hex,
      last_modified_at: isoDaysAgo(ctx, 190),
      version: null,
      service: "product_media",
      is_uploaded: true,
      created_at: isoDaysAgo(ctx, 195),
      size_readable: `${(size / 1000).toFixed(1)} kB`,
      public_url: `https://files.sandbox.invalid/${path}`,
    };
    media.push(item);
    ctx.data.media.push(item);
  }
  return media;
}

function hexToBase64(hex: string): string {
  const bytes = hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  return btoa(String.fromCharCode(...bytes));
}
