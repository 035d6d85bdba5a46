/**
 * The customer portal: a customer (or a member of a team customer) sees only
 * their own subscriptions, payment methods and orders. Another customer's
 * records are 404, exactly like records that do not exist.
 */

import {
  getOrderReceiptOperation,
  listCustomerSubscriptionsOperation,
  listMyPaymentMethodsOperation,
} from "@commerce-api/client/core";
import { CustomerSubscriptionSortPropertyValues } from "@commerce-api/schemas";
import { asCustomer } from "../http/auth.js";
import { notFound } from "../http/responses.js";
import type { SubscriptionRecord, SubscriptionStatus } from "../state/records.js";
import type { Store } from "../state/store.js";
import { containsText, isOneOf, offsetPage, sortItems } from "./listing.js";
import { presentPaymentMethod, presentSubscription } from "./present.js";
import { receiptUrl } from "./receipts.js";
import { defineOperation, ok, pathId } from "./types.js";

/** `active=true` keeps these; `active=false` keeps the revoked ones. Others match neither. */
const ACTIVE: readonly SubscriptionStatus[] = ["trialing", "active"];
const REVOKED: readonly SubscriptionStatus[] = ["past_due", "canceled", "unpaid"];

/** Subscriptions that have started (an incomplete one, never started, is not listed). */
export const listCustomerSubscriptions = defineOperation(listCustomerSubscriptionsOperation, (ctx) => {
  const principal = asCustomer(ctx.principal);
  const q = ctx.query;
  const productIds = q.uuids("product_id");
  const active = q.boolean("active");
  const text = q.string("query");
  const sorting = q.sorting(CustomerSubscriptionSortPropertyValues, ["-started_at"]);
  const paging = q.paging();
  q.done();

  const store = ctx.store;
  const mine = [...store.subscriptions.values()].filter(
    (s) =>
      s.customer_id === principal.customerId &&
      s.started_at !== null &&
      isOneOf(s.product_id, productIds) &&
      (active === undefined || (active ? ACTIVE : REVOKED).includes(s.status)) &&
      (text === undefined ||
        containsText([productName(store, s), organizationSlug(store, s), organizationName(store, s)], text)),
  );
  const sorted = sortItems(mine, sorting, {
    started_at: (s) => s.started_at,
    amount: (s) => s.amount,
    status: (s) => s.status,
    organization: (s) => organizationSlug(store, s),
    product: (s) => productName(store, s),
  });
  const page = offsetPage(sorted, paging);
  return ok({ items: page.items.map((s) => presentSubscription(store, s)), pagination: page.pagination });
});

export const listMyPaymentMethods = defineOperation(listMyPaymentMethodsOperation, (ctx) => {
  const principal = asCustomer(ctx.principal);
  const paging = ctx.query.paging();
  ctx.query.done();
  const methods = [...ctx.store.paymentMethods.values()].filter(
    (m) => m.customer_id === principal.customerId,
  );
  const sorted = sortItems(methods, [{ key: "created_at", descending: true }], {
    created_at: (m) => m.created_at,
  });
  const page = offsetPage(sorted, paging);
  return ok({
    items: page.items.map((m) => presentPaymentMethod(ctx.store, m, "customer")),
    pagination: page.pagination,
  });
});

/**
 * 200 with a download URL, or 202 without a body while the receipt is being
 * generated: an order seeded with `receipt_pending_polls: n` answers 202 n times.
 */
export const getOrderReceipt = defineOperation(getOrderReceiptOperation, (ctx) => {
  const principal = asCustomer(ctx.principal);
  const order = ctx.store.orders.get(pathId(ctx));
  if (!order || order.customer_id !== principal.customerId) throw notFound();
  if (order.receipt_pending_polls > 0) {
    ctx.store.update("orders", order.id, { receipt_pending_polls: order.receipt_pending_polls - 1 });
    return { status: 202 };
  }
  return ok({ url: receiptUrl(ctx.baseUrl, order.id, ctx.secret, ctx.now()) });
});

function productName(store: Store, s: SubscriptionRecord): string | undefined {
  return store.products.get(s.product_id)?.name;
}

function organizationSlug(store: Store, s: SubscriptionRecord): string | undefined {
  return store.organizations.get(s.organization_id)?.slug;
}

function organizationName(store: Store, s: SubscriptionRecord): string | undefined {
  return store.organizations.get(s.organization_id)?.name;
}
