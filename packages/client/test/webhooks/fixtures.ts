/**
 * Webhook deliveries for the tests: an `order.paid` event as the service sends it (its
 * organization-side Order, about 2 KB of JSON), a secret as the dashboard shows it, and
 * deliveries signed by the Standard Webhooks reference library the way the service's own SDK
 * (`@polar-sh/sdk`'s validateEvent) expects: the library keyed with the secret's base64.
 */
import { Webhook } from "standardwebhooks";

export const secret = "polar_whs_6GFfpvS1qG3bN0dkx2MP9sDyI3uLbZ3QxYwVjzZk8aE";

export const orderPaid = {
  type: "order.paid",
  timestamp: "2026-04-01T12:00:05.123456Z",
  data: {
    id: "0e5c0a1e-4f0b-4a8e-9a3c-5d8a1f0b2c31",
    created_at: "2026-04-01T12:00:00.000000Z",
    modified_at: "2026-04-01T12:00:05.000000Z",
    status: "paid",
    paid: true,
    subtotal_amount: 4900,
    discount_amount: 0,
    net_amount: 4900,
    tax_amount: 980,
    total_amount: 5880,
    applied_balance_amount: 0,
    due_amount: 5880,
    refunded_amount: 0,
    refunded_tax_amount: 0,
    currency: "eur",
    billing_reason: "purchase",
    billing_name: "Jane Doe",
    billing_address: { line1: "1 Rue de Rivoli", postal_code: "75001", city: "Paris", country: "FR" },
    invoice_number: "ACME-0042",
    is_invoice_generated: false,
    receipt_number: null,
    customer_id: "7a1c1e0c-2f44-4b5e-8d51-61a2e3b4c5d6",
    product_id: "9b2d2f1d-3a55-4c6f-9e62-72b3f4c5d6e7",
    discount_id: null,
    subscription_id: null,
    checkout_id: "1c3e3a2e-4b66-4d7a-8f73-83c4a5d6e7f8",
    metadata: { campaign: "spring" },
    platform_fee_amount: 245,
    platform_fee_currency: "eur",
    customer: {
      id: "7a1c1e0c-2f44-4b5e-8d51-61a2e3b4c5d6",
      created_at: "2026-03-01T09:00:00Z",
      modified_at: null,
      metadata: {},
      external_id: null,
      email: "jane@example.com",
      email_verified: true,
      type: "individual",
      name: "Jane Doe",
      billing_name: null,
      billing_address: null,
      tax_id: null,
      organization_id: "2d4f4b3f-5c77-4e8b-9a84-94d5b6e7f809",
      deleted_at: null,
      first_user_event_at: null,
      avatar_url: "https://www.gravatar.com/avatar/0?d=404",
    },
    product: {
      id: "9b2d2f1d-3a55-4c6f-9e62-72b3f4c5d6e7",
      created_at: "2026-01-15T10:00:00Z",
      modified_at: null,
      trial_interval: null,
      trial_interval_count: null,
      name: "Acme Pro (lifetime)",
      description: "Every Pro feature, forever.",
      visibility: "public",
      recurring_interval: null,
      recurring_interval_count: null,
      meter_interval: null,
      meter_interval_count: null,
      is_recurring: false,
      is_archived: false,
      organization_id: "2d4f4b3f-5c77-4e8b-9a84-94d5b6e7f809",
      metadata: {},
    },
    discount: null,
    subscription: null,
    items: [
      {
        id: "3e5a5c4a-6d88-4f9c-8b95-a5e6c7f8091a",
        created_at: "2026-04-01T12:00:00Z",
        modified_at: null,
        label: "Acme Pro (lifetime)",
        amount: 4900,
        tax_amount: 980,
        proration: false,
        product_price_id: "4f6b6d5b-7e99-4a0d-9ca6-b6f7d8091a2b",
      },
    ],
    description: "Acme Pro (lifetime)",
    refundable_amount: 4900,
    refundable_tax_amount: 980,
  },
};

export const orderPaidBody = JSON.stringify(orderPaid);

/** The reference library, keyed as the service's SDK keys it: the secret's UTF-8, in base64. */
export const reference = new Webhook(Buffer.from(secret, "utf8").toString("base64"));

/** Headers of a delivery of `body`, signed by the reference library (at `at`, now by default). */
export function signedHeaders(
  body: string,
  { id = "msg_2uXlRS5cFdbkPZ0QjWqPxsOeGhA", at = new Date(), by = reference } = {},
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": by.sign(id, at, body),
  };
}
