/** Record factories for the catalog: benefits, prices, products, custom fields, meters, discounts, checkout links. See people.ts. */
import type {
  Benefit,
  CheckoutLink,
  CustomField,
  CustomPrice,
  Discount,
  FixedPrice,
  Meter,
  ProductRecord,
} from "../state/records.js";

type Given<T, Required extends keyof T> = Pick<T, Required> & Partial<T>;

export function benefitRecord(
  init: Given<Benefit, "id" | "created_at" | "organization_id" | "type" | "description">,
): Benefit {
  return {
    modified_at: null,
    selectable: true,
    deletable: true,
    is_deleted: false,
    metadata: {},
    visibility: "public",
    properties: {},
    visibility_configurable: init.type === "custom",
    ...init,
  };
}

/** The properties of a license key benefit: a key prefix, and no expiry or limits unless given. */
export function licenseKeyProperties(prefix: string, limits: Record<string, unknown> = {}) {
  return { prefix, expires: null, activations: null, limit_usage: null, ...limits };
}

/** What every catalog price shares; the seed and builders add the amount fields of its type. */
export function priceBase(
  product: Pick<ProductRecord, "id" | "created_at">,
  init: { id: string; currency: string; tax_behavior?: FixedPrice["tax_behavior"]; is_archived?: boolean },
) {
  return {
    id: init.id,
    created_at: product.created_at,
    modified_at: null,
    source: "catalog" as const,
    price_currency: init.currency,
    tax_behavior: init.tax_behavior ?? null,
    is_archived: init.is_archived ?? false,
    product_id: product.id,
  };
}

export function customPriceFields(
  minimum: number,
  preset: number | null,
): Pick<CustomPrice, "amount_type" | "minimum_amount" | "maximum_amount" | "preset_amount"> {
  return { amount_type: "custom", minimum_amount: minimum, maximum_amount: null, preset_amount: preset };
}

export function productRecord(
  init: Given<ProductRecord, "id" | "created_at" | "organization_id" | "name">,
): ProductRecord {
  const recurring = init.recurring_interval === undefined ? "month" : init.recurring_interval;
  return {
    modified_at: null,
    description: null,
    visibility: "public",
    is_recurring: recurring !== null,
    is_archived: false,
    metadata: {},
    recurring_interval: recurring,
    recurring_interval_count: recurring ? 1 : null,
    trial_interval: null,
    trial_interval_count: null,
    meter_interval: null,
    meter_interval_count: null,
    prices: [],
    benefit_ids: [],
    media_ids: [],
    custom_fields: [],
    ...init,
  };
}

export function customFieldRecord(
  init: Given<CustomField, "id" | "created_at" | "organization_id" | "slug" | "name"> & {
    label?: string;
    placeholder?: string;
    textarea?: boolean;
  },
): CustomField {
  const { label = init.name, placeholder = "", textarea = false, ...fields } = init;
  return {
    modified_at: null,
    metadata: {},
    type: "text",
    properties: {
      form_label: label,
      form_help_text: `Shown on the checkout page as "${label}".`,
      form_placeholder: placeholder,
      textarea,
      min_length: 1,
      max_length: textarea ? 2000 : 100,
    },
    ...fields,
  };
}

/** A meter counting the events of one name. */
export function meterRecord(
  init: Given<Meter, "id" | "created_at" | "organization_id" | "name"> & { eventName: string },
): Meter {
  const { eventName, ...fields } = init;
  return {
    modified_at: null,
    filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: eventName }] },
    ...fields,
  };
}

export function discountRecord(
  init: Given<Discount, "id" | "created_at" | "organization_id" | "name">,
): Discount {
  return { modified_at: null, code: null, type: "percentage", amount: 1000, duration: "once", ...init };
}

export function checkoutLinkRecord(
  init: Given<CheckoutLink, "id" | "created_at" | "organization_id" | "url" | "product_ids">,
): CheckoutLink {
  return { modified_at: null, label: null, ...init };
}
