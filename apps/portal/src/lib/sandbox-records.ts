/**
 * The sandbox's records as the screens show them: an order with its product's name, what was
 * paid and whether it can have an invoice; a license key with whether it has expired by the
 * sandbox's clock. Read from its current state (`GET /__sandbox/state/<table>`), so an order
 * made after the seed (a renewal, `POST /__sandbox/add/order`) is listed and opens like any other.
 */
import type { InvoiceSituation, SandboxState } from "@commerce-api/sandbox";

type OrderRecord = SandboxState["orders"][number];
type RefundRecord = SandboxState["refunds"][number];
type LicenseKeyRecord = SandboxState["licenseKeys"][number];

export interface OrderView {
  id: string;
  organization_id: string;
  customer_id: string;
  status: string;
  created_at: string;
  product_name: string;
  /** What was paid: net + tax, in the currency's minor unit. */
  amount: number;
  /** Of which tax. */
  tax: number;
  /** What its succeeded refunds gave back (0 when none). */
  refunded: number;
  currency: string;
  invoice: InvoiceSituation;
  /** When its invoice was generated (the order's record keeps it), or null. */
  invoice_generated_at: string | null;
  /** `pending`: the receipt operation answers 202 a few times first. */
  receipt: "ready" | "pending";
}

export interface LicenseKeyView {
  id: string;
  key: string;
  organization_id: string;
  customer_id: string;
  benefit_id: string;
  status: string;
  expired: boolean;
  usage: number;
  limit_usage: number | null;
}

/** As the service decides it: drafts and voids get none; an order needs billing details. */
export function invoiceSituation(order: Pick<OrderRecord, "status" | "billing_name" | "billing_address">) {
  if (order.status === "draft" || order.status === "void") return "not_eligible" as const;
  if (order.billing_name === null || order.billing_address === null)
    return "missing_billing_details" as const;
  return "eligible" as const;
}

/** Drafts and voids have no receipt: nothing was paid. */
export function hasReceipt(order: Pick<OrderView, "status">): boolean {
  return order.status !== "draft" && order.status !== "void";
}

export function orderView(
  order: OrderRecord,
  productName: (id: string) => string | undefined,
  refunds: readonly RefundRecord[] = [],
): OrderView {
  return {
    id: order.id,
    organization_id: order.organization_id,
    customer_id: order.customer_id,
    status: order.status,
    created_at: order.created_at,
    product_name: productName(order.product_id) ?? "An order",
    amount: order.net_amount + order.tax_amount,
    tax: order.tax_amount,
    refunded: refunds
      .filter((r) => r.order_id === order.id && r.status === "succeeded")
      .reduce((sum, r) => sum + r.amount, 0),
    currency: order.currency,
    invoice: invoiceSituation(order),
    invoice_generated_at: order.invoice_generated_at,
    receipt: order.receipt_pending_polls > 0 ? "pending" : "ready",
  };
}

/** `now`: the sandbox's clock (its seed's keys expire relative to it), or the reader's if unknown. */
export function licenseKeyView(key: LicenseKeyRecord, now: string | undefined): LicenseKeyView {
  const today = now ? Date.parse(now) : Date.now();
  return {
    id: key.id,
    key: key.key,
    organization_id: key.organization_id,
    customer_id: key.customer_id,
    benefit_id: key.benefit_id,
    status: key.status,
    expired: key.expires_at !== null && Date.parse(key.expires_at) <= today,
    usage: key.usage,
    limit_usage: key.limit_usage,
  };
}

/** Newest first: how people look for an order. */
export function newestFirst<T extends { created_at: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.created_at.localeCompare(a.created_at));
}
