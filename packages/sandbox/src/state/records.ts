/**
 * The sandbox's data model: what the in-memory store holds.
 *
 * Records that the service embeds as they are (organizations, customers,
 * benefits, media, custom fields, refunds) are stored in their wire shape.
 * Records that responses assemble from several others (products, subscriptions,
 * license keys, events, payment methods) keep references instead, and the
 * presenters in `routes/present.ts` build their wire shape per request, so a delete
 * or an update is seen everywhere at once.
 *
 * Every record is derived from the type `@commerce-api/schemas` generates for
 * its wire shape (never re-declared): a required field added to a response in
 * the spec is then a type error where the seed and the builders make that
 * record, and the presenters are checked against the wire types with
 * `satisfies`. The sandbox stores every field (the service sends them all) and
 * keeps its enums closed to the values it produces.
 */
import type * as Wire from "@commerce-api/schemas";

/** Every field present: the service sends optional fields too (as null when empty). */
type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** A wire type as the sandbox stores it: complete, with some fields narrowed to what the sandbox produces. */
type Stored<T, Narrowed = Record<never, never>> = Omit<Complete<T>, keyof Narrowed> & Narrowed;

export type Metadata = Record<string, string | number | boolean>;

export interface Timestamps {
  created_at: string;
  modified_at: string | null;
}

export type Organization = Stored<
  Wire.Organization,
  {
    proration_behavior: "invoice" | "prorate";
    customer_portal_settings: Complete<Wire.CustomerPortalSettings>;
    organization_features: Complete<Wire.OrganizationFeatures>;
  }
>;

export type Address = Stored<Wire.BillingAddress, { country: string }>;

export type Customer = Stored<
  Wire.IndividualCustomer,
  {
    type: "individual" | "team";
    billing_address: Address | null;
    /** `[id, format]`, e.g. `["DE123456789", "eu_vat"]`. */
    tax_id: [string, string] | null;
  }
>;

/** A member of a team customer (B2B); member sessions act as one. Never sent as such. */
export interface Member {
  id: string;
  organization_id: string;
  customer_id: string;
  email: string;
  name: string;
  external_id: string | null;
  role: "owner" | "billing_manager" | "member";
}

export type Benefit = Stored<
  Wire.CustomBenefit,
  {
    type: "custom" | "license_keys";
    visibility: "public" | "private" | "draft";
    properties: Record<string, unknown>;
  }
>;

export type Media = Stored<Wire.Media, { service: "product_media" }>;

export type CustomField = Stored<
  Wire.TextCustomField,
  { properties: Complete<Wire.TextCustomFieldProperties> }
>;

export type RecurringInterval = "day" | "week" | "month" | "year";

/** The fields of a price the sandbox narrows: it makes catalog prices only. */
interface PriceNarrowed {
  source: "catalog";
  tax_behavior: "location" | "inclusive" | "exclusive" | null;
}

/** Legacy recurring prices also carry `type`, `recurring_interval` and `legacy: true`. */
interface LegacyNarrowed {
  type?: "one_time" | "recurring";
  recurring_interval?: RecurringInterval;
}

/** A known price type as the sandbox stores it: its generated wire type, some fields narrowed. */
type StoredPrice<T, Narrowed> = Omit<T, keyof Narrowed> & Narrowed;

/** `fixed`: `price_amount`. */
export type FixedPrice = StoredPrice<Wire.FixedPrice, PriceNarrowed & LegacyNarrowed>;
/** `custom` (pay what you want): `minimum_amount`, `maximum_amount` and `preset_amount`. */
export type CustomPrice = StoredPrice<Wire.CustomPrice, PriceNarrowed & LegacyNarrowed>;
/** `seat_based`: `seat_tiers`. */
export type SeatBasedPrice = StoredPrice<Wire.SeatBasedPrice, PriceNarrowed>;

/**
 * A price: one of the generated known price types (never `Wire.UnknownPrice`, whose open
 * `amount_type` would accept a price missing a field its known type requires), so a required
 * field added to a price in the spec is a type error where the seed and the builders make it.
 */
export type Price = FixedPrice | CustomPrice | SeatBasedPrice;

export type ProductRecord = Stored<
  Omit<Wire.Product, "prices" | "benefits" | "medias" | "attached_custom_fields">,
  {
    visibility: "draft" | "private" | "public";
    recurring_interval: RecurringInterval | null;
    trial_interval: RecurringInterval | null;
    meter_interval: RecurringInterval | null;
  }
> & {
  prices: Price[];
  benefit_ids: string[];
  media_ids: string[];
  custom_fields: { custom_field_id: string; order: number; required: boolean }[];
};

export type SubscriptionStatus =
  | "incomplete"
  | "incomplete_expired"
  | "trialing"
  | "active"
  | "past_due"
  | "canceled"
  | "unpaid"
  | "paused";

export interface Meter extends Timestamps {
  id: string;
  organization_id: string;
  name: string;
  /** The meter's filter clause: which events it counts (see `events-filter.ts`). */
  filter: FilterClause;
}

export type SubscriptionMeter = Stored<Omit<Wire.CustomerSubscriptionMeter, "meter">>;

export type PendingUpdate = Stored<Wire.PendingUpdate>;

export type SubscriptionRecord = Stored<
  Omit<Wire.CustomerSubscription, "product" | "prices" | "meters" | "pending_update">,
  {
    recurring_interval: RecurringInterval;
    status: SubscriptionStatus;
    customer_cancellation_reason: string | null;
  }
> & {
  organization_id: string;
  meters: SubscriptionMeter[];
  pending_update: PendingUpdate | null;
};

export type OrderStatus = "draft" | "pending" | "paid" | "refunded" | "partially_refunded" | "void";

/** Orders are not listed by any operation; they back invoices, receipts and refunds. */
export interface OrderRecord extends Timestamps {
  id: string;
  organization_id: string;
  customer_id: string;
  product_id: string;
  subscription_id: string | null;
  status: OrderStatus;
  net_amount: number;
  tax_amount: number;
  currency: string;
  billing_name: string | null;
  billing_address: Address | null;
  invoice_generated_at: string | null;
  /** How many receipt requests still answer 202 (receipt being generated) before the URL is ready. */
  receipt_pending_polls: number;
}

export type Dispute = Stored<
  Wire.Dispute,
  {
    status: "prevented" | "early_warning" | "needs_response" | "under_review" | "lost" | "won";
    reason: string | null;
  }
>;

export type Refund = Stored<
  Wire.Refund,
  {
    status: "pending" | "succeeded" | "failed" | "canceled";
    reason:
      | "duplicate"
      | "fraudulent"
      | "customer_request"
      | "service_disruption"
      | "satisfaction_guarantee"
      | "dispute_prevention"
      | "other";
    dispute: Dispute | null;
  }
>;

export type PaymentMethodRecord = Stored<
  Wire.CustomerPaymentMethod,
  { processor: "stripe"; type: "card"; method_metadata: Complete<Wire.CardMetadata> }
>;

export type LicenseKeyStatus = "granted" | "revoked" | "disabled";

export type LicenseKeyRecord = Stored<Omit<Wire.LicenseKey, "customer">, { status: LicenseKeyStatus }> & {
  /** The seat member holding the key (a member of its customer), if any: sent from 2026-10. */
  member_id: string | null;
  /** What granted the key, a subscription or a one-time order, if known: sent on validation from 2027-01. */
  subscription_id: string | null;
  order_id: string | null;
};

export type ConditionValue = string | number | boolean;

export type ActivationRecord = Stored<
  Wire.LicenseKeyActivation,
  {
    meta: Record<string, ConditionValue>;
    /** When not empty, a validation naming this activation must send exactly these conditions. */
    conditions: Record<string, ConditionValue>;
  }
>;

export type EventRecord = Stored<
  Omit<Wire.EventBase, "customer" | "child_count">,
  { source: "system" | "user"; metadata: Record<string, unknown> }
>;

/** A meter filter clause, as `filter=` of list events takes it (JSON). */
export type FilterClause =
  | { property: string; operator: FilterOperator; value: string | number | boolean }
  | { conjunction: "and" | "or"; clauses: FilterClause[] };

export type FilterOperator = "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "like" | "not_like";

export interface CheckoutLink extends Timestamps {
  id: string;
  organization_id: string;
  label: string | null;
  url: string;
  product_ids: string[];
}

export interface Discount extends Timestamps {
  id: string;
  organization_id: string;
  name: string;
  code: string | null;
  type: "percentage" | "fixed";
  amount: number;
  duration: "once" | "forever" | "repeating";
}

export type OrganizationTokenKind = "pat" | "oat" | "oidc";
export type CustomerTokenKind = "customer_session" | "member_session";
export type TokenKind = OrganizationTokenKind | CustomerTokenKind;

export interface TokenRecord {
  token: string;
  kind: TokenKind;
  organization_id: string;
  /**
   * A user's token reaching several organizations: all of them (`organization_id`, the first,
   * unless `Polar-Organization` names another).
   */
  organization_ids?: string[];
  scopes: string[];
  /** Customer sessions and member sessions act for this customer. */
  customer_id?: string;
  /** Member sessions act as this member of `customer_id`. */
  member_id?: string;
  /** What the token is for, in a few words (shown by the server and the fixtures). */
  label: string;
  /** An expired token answers 401 invalid_token like an unknown one. */
  expired?: boolean;
}
