/**
 * The sandbox's data model: what the in-memory store holds.
 *
 * Records that the service embeds as they are (organizations, customers,
 * benefits, media, custom fields, refunds) are stored in their wire shape.
 * Records that responses assemble from several others (products, subscriptions,
 * license keys, events, payment methods) keep references instead, and the
 * presenters in `present.ts` build their wire shape per request, so a delete
 * or an update is seen everywhere at once.
 */

export type Metadata = Record<string, string | number | boolean>;

export interface Timestamps {
  created_at: string;
  modified_at: string | null;
}

export interface Organization extends Timestamps {
  id: string;
  name: string;
  slug: string;
  avatar_url: string | null;
  proration_behavior: "invoice" | "prorate";
  allow_customer_updates: boolean;
  customer_portal_settings: {
    usage: { show: boolean };
    subscription: { update_seats: boolean; update_plan: boolean; pause: boolean };
    customer: { allow_email_change: boolean };
  };
  organization_features: { member_model_enabled: boolean; checkout_localization_enabled: boolean };
}

export interface Address {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string;
}

export interface Customer extends Timestamps {
  id: string;
  metadata: Metadata;
  external_id: string | null;
  email: string;
  email_verified: boolean;
  type: "individual" | "team";
  name: string | null;
  billing_name: string | null;
  billing_address: Address | null;
  /** `[id, format]`, e.g. `["DE123456789", "eu_vat"]`. */
  tax_id: [string, string] | null;
  locale: string | null;
  organization_id: string;
  default_payment_method_id: string | null;
  deleted_at: string | null;
  first_user_event_at: string | null;
  avatar_url: string | null;
}

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

export interface Benefit extends Timestamps {
  id: string;
  type: "custom" | "license_keys";
  description: string;
  selectable: boolean;
  deletable: boolean;
  is_deleted: boolean;
  organization_id: string;
  metadata: Metadata;
  visibility: "public" | "private" | "draft";
  properties: Record<string, unknown>;
  visibility_configurable: boolean;
}

export interface Media {
  id: string;
  organization_id: string;
  name: string;
  path: string;
  mime_type: string;
  size: number;
  storage_version: string | null;
  checksum_etag: string | null;
  checksum_sha256_base64: string | null;
  checksum_sha256_hex: string | null;
  last_modified_at: string | null;
  version: string | null;
  service: "product_media";
  is_uploaded: boolean;
  created_at: string;
  size_readable: string;
  public_url: string;
}

export interface CustomField extends Timestamps {
  id: string;
  metadata: Metadata;
  type: "text";
  slug: string;
  name: string;
  organization_id: string;
  properties: {
    form_label: string;
    form_help_text: string;
    form_placeholder: string;
    textarea: boolean;
    min_length: number;
    max_length: number;
  };
}

export type RecurringInterval = "day" | "week" | "month" | "year";

/**
 * A price. `amount_type` decides which amount fields are present: `fixed` has
 * `price_amount`, `custom` (pay what you want) `minimum_amount`, `maximum_amount`
 * and `preset_amount`, `seat_based` `seat_tiers`. Legacy recurring prices also
 * carry `type`, `recurring_interval` and `legacy: true`.
 */
export interface Price extends Timestamps {
  id: string;
  source: "catalog";
  amount_type: "fixed" | "custom" | "seat_based";
  price_currency: string;
  tax_behavior: "location" | "inclusive" | "exclusive" | null;
  is_archived: boolean;
  product_id: string;
  type?: "one_time" | "recurring";
  recurring_interval?: RecurringInterval;
  legacy?: boolean;
  price_amount?: number;
  minimum_amount?: number;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  seat_tiers?: {
    seat_tier_type: "volume" | "graduated";
    tiers: { min_seats: number; max_seats: number | null; price_per_seat: number }[];
    minimum_seats: number;
    maximum_seats: number | null;
  };
}

export interface ProductRecord extends Timestamps {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  visibility: "draft" | "private" | "public";
  is_recurring: boolean;
  is_archived: boolean;
  metadata: Metadata;
  recurring_interval: RecurringInterval | null;
  recurring_interval_count: number | null;
  trial_interval: RecurringInterval | null;
  trial_interval_count: number | null;
  meter_interval: RecurringInterval | null;
  meter_interval_count: number | null;
  prices: Price[];
  benefit_ids: string[];
  media_ids: string[];
  custom_fields: { custom_field_id: string; order: number; required: boolean }[];
}

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

export interface SubscriptionMeter extends Timestamps {
  id: string;
  consumed_units: number;
  credited_units: number;
  amount: number;
  meter_id: string;
}

export interface PendingUpdate extends Timestamps {
  id: string;
  applies_at: string;
  product_id: string | null;
  seats: number | null;
}

export interface SubscriptionRecord extends Timestamps {
  id: string;
  organization_id: string;
  customer_id: string;
  product_id: string;
  amount: number;
  currency: string;
  recurring_interval: RecurringInterval;
  recurring_interval_count: number;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  current_meter_period_start: string | null;
  current_meter_period_end: string | null;
  trial_start: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  canceled_at: string | null;
  started_at: string | null;
  ends_at: string | null;
  ended_at: string | null;
  past_due_at: string | null;
  pause_at_period_end: boolean;
  paused_at: string | null;
  resumes_at: string | null;
  discount_id: string | null;
  checkout_id: string | null;
  seats: number | null;
  customer_cancellation_reason: string | null;
  customer_cancellation_comment: string | null;
  meters: SubscriptionMeter[];
  pending_update: PendingUpdate | null;
}

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

export interface Dispute extends Timestamps {
  id: string;
  status: "prevented" | "early_warning" | "needs_response" | "under_review" | "lost" | "won";
  resolved: boolean;
  closed: boolean;
  amount: number;
  tax_amount: number;
  currency: string;
  reason: string | null;
  evidence_due_by: string | null;
  past_due: boolean;
  order_id: string;
  payment_id: string;
}

export interface Refund extends Timestamps {
  id: string;
  metadata: Metadata;
  status: "pending" | "succeeded" | "failed" | "canceled";
  reason:
    | "duplicate"
    | "fraudulent"
    | "customer_request"
    | "service_disruption"
    | "satisfaction_guarantee"
    | "dispute_prevention"
    | "other";
  amount: number;
  tax_amount: number;
  currency: string;
  organization_id: string;
  order_id: string;
  subscription_id: string | null;
  customer_id: string;
  revoke_benefits: boolean;
  dispute: Dispute | null;
}

export interface PaymentMethodRecord extends Timestamps {
  id: string;
  processor: "stripe";
  customer_id: string;
  type: "card";
  method_metadata: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    wallet: string | null;
  };
}

export type LicenseKeyStatus = "granted" | "revoked" | "disabled";

export interface LicenseKeyRecord extends Timestamps {
  id: string;
  organization_id: string;
  customer_id: string;
  benefit_id: string;
  key: string;
  display_key: string;
  status: LicenseKeyStatus;
  limit_activations: number | null;
  usage: number;
  limit_usage: number | null;
  validations: number;
  last_validated_at: string | null;
  expires_at: string | null;
}

export type ConditionValue = string | number | boolean;

export interface ActivationRecord extends Timestamps {
  id: string;
  license_key_id: string;
  label: string;
  meta: Record<string, ConditionValue>;
  /** When not empty, a validation naming this activation must send exactly these conditions. */
  conditions: Record<string, ConditionValue>;
}

export interface EventRecord {
  id: string;
  timestamp: string;
  organization_id: string;
  customer_id: string | null;
  external_customer_id: string | null;
  member_id: string | null;
  external_member_id: string | null;
  parent_id: string | null;
  label: string;
  name: string;
  source: "system" | "user";
  metadata: Record<string, unknown>;
}

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
