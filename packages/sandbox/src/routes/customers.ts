/** GET /v1/customers/{id}/payment-methods — a customer's saved payment methods, newest first. */
import { listCustomerPaymentMethodsOperation } from "@commerce-api/client/core";
import { asOrganization } from "../http/auth.js";
import { notFound } from "../http/responses.js";
import { findOwned } from "../state/store.js";
import { offsetPage, sortItems } from "./listing.js";
import { presentPaymentMethod } from "./present.js";
import { defineOperation, ok, pathId } from "./types.js";

export const listCustomerPaymentMethods = defineOperation(listCustomerPaymentMethodsOperation, (ctx) => {
  const principal = asOrganization(ctx.principal);
  const customerId = pathId(ctx);
  const paging = ctx.query.paging();
  ctx.query.done();
  const customer = findOwned(ctx.store.customers, customerId, principal.organizationId);
  if (!customer) throw notFound();
  const methods = [...ctx.store.paymentMethods.values()].filter((m) => m.customer_id === customer.id);
  const sorted = sortItems(methods, [{ key: "created_at", descending: true }], {
    created_at: (m) => m.created_at,
  });
  const page = offsetPage(sorted, paging);
  return ok({
    items: page.items.map((m) => presentPaymentMethod(ctx.store, m, "organization")),
    pagination: page.pagination,
  });
});
