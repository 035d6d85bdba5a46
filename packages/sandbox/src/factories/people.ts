/**
 * Record factories for people and what they pay with: every field of the
 * record with its default, in one place, so the seed and the builders make the
 * same record (the seed passes what its profiles chose, a builder what the test
 * gave). The caller supplies ids and timestamps, so the seed's random sequence
 * (and with it every seeded id) stays its own.
 */
import type { Address, Customer, PaymentMethodRecord, TokenRecord } from "../state/records.js";

type Given<T, Required extends keyof T> = Pick<T, Required> & Partial<T>;

export function customerRecord(
  init: Given<Customer, "id" | "created_at" | "organization_id" | "email">,
): Customer {
  return {
    modified_at: null,
    metadata: {},
    external_id: null,
    email_verified: true,
    type: "individual",
    name: null,
    billing_name: null,
    billing_address: null,
    tax_id: null,
    locale: "en",
    default_payment_method_id: null,
    deleted_at: null,
    first_user_event_at: null,
    avatar_url: null,
    ...init,
  };
}

/** A street address in the organization's city, as builders default it. */
export function defaultAddress(): Address {
  return {
    line1: "1 Main Street",
    line2: null,
    postal_code: "94107",
    city: "San Francisco",
    state: "US-CA",
    country: "US",
  };
}

export function paymentMethodRecord(
  init: Given<PaymentMethodRecord, "id" | "created_at" | "customer_id"> & {
    card?: Partial<PaymentMethodRecord["method_metadata"]>;
  },
): PaymentMethodRecord {
  const { card, ...fields } = init;
  return {
    modified_at: null,
    processor: "stripe",
    type: "card",
    ...fields,
    method_metadata: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, wallet: null, ...card },
  };
}

/** The scopes of a customer (or member) session token. */
export const CUSTOMER_SESSION_SCOPES = ["customer_portal:read", "customer_portal:write"] as const;

/** A customer session token of `customer`, as the seed and `sandbox.add.customerSession` make it. */
export function customerSessionToken(
  init: Pick<TokenRecord, "token" | "label"> & { customer: Pick<Customer, "id" | "organization_id"> },
): TokenRecord {
  return {
    token: init.token,
    kind: "customer_session",
    organization_id: init.customer.organization_id,
    scopes: [...CUSTOMER_SESSION_SCOPES],
    customer_id: init.customer.id,
    label: init.label,
  };
}
