/**
 * POST /v1/orders/{id}/invoice — schedule the invoice: 202 with a JSON `null` body.
 * 409 OrderNotEligibleForInvoice for a draft or void order; 422
 * MissingInvoiceBillingDetails (error-shaped) when the order has no billing name
 * or address. Generating again is allowed (the invoice is regenerated).
 */
import { generateOrderInvoiceOperation } from "@commerce-api/client/core";
import { asOrganization } from "../http/auth.js";
import { errorBody, notFound, ServiceError } from "../http/responses.js";
import { iso } from "../state/clock.js";
import { findOwned } from "../state/store.js";
import { defineOperation, pathId } from "./types.js";

export const generateOrderInvoice = defineOperation(generateOrderInvoiceOperation, (ctx) => {
  const principal = asOrganization(ctx.principal);
  const order = findOwned(ctx.store.orders, pathId(ctx), principal.organizationId);
  if (!order) throw notFound();
  if (order.status === "draft" || order.status === "void") {
    throw new ServiceError(
      409,
      errorBody(
        "OrderNotEligibleForInvoice",
        `Order is not eligible for invoice generation (status: ${order.status}).`,
      ),
    );
  }
  if (order.billing_name === null || order.billing_address === null) {
    throw new ServiceError(
      422,
      errorBody(
        "MissingInvoiceBillingDetails",
        "Billing name and address are required to generate an invoice.",
      ),
    );
  }
  ctx.store.update("orders", order.id, { invoice_generated_at: iso(ctx.now()) });
  return { status: 202, body: null };
});
