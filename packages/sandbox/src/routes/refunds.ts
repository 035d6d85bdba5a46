/** GET /v1/refunds/ — the organization's refunds; `succeeded` filters on `status == "succeeded"`. */

import { listRefundsOperation } from "@commerce-api/client/core";
import { RefundSortPropertyValues } from "@commerce-api/schemas";
import { asOrganization } from "../http/auth.js";
import { isOneOf, matchesFlag, offsetPage, sortItems } from "./listing.js";
import { defineOperation, ok } from "./types.js";

export const listRefunds = defineOperation(listRefundsOperation, (ctx) => {
  const principal = asOrganization(ctx.principal);
  const q = ctx.query;
  const ids = q.uuids("id");
  const organizationIds = q.uuids("organization_id");
  const orderIds = q.uuids("order_id");
  const subscriptionIds = q.uuids("subscription_id");
  const customerIds = q.uuids("customer_id");
  const externalCustomerIds = q.strings("external_customer_id");
  const succeeded = q.boolean("succeeded");
  const sorting = q.sorting(RefundSortPropertyValues, ["-created_at"]);
  const paging = q.paging();
  q.done();

  const externalIdOf = (customerId: string) => ctx.store.customers.get(customerId)?.external_id ?? null;
  const refunds = [...ctx.store.refunds.values()].filter(
    (r) =>
      r.organization_id === principal.organizationId &&
      isOneOf(r.id, ids) &&
      isOneOf(r.organization_id, organizationIds) &&
      isOneOf(r.order_id, orderIds) &&
      (subscriptionIds === undefined ||
        (r.subscription_id !== null && subscriptionIds.includes(r.subscription_id))) &&
      isOneOf(r.customer_id, customerIds) &&
      (externalCustomerIds === undefined ||
        externalCustomerIds.includes(externalIdOf(r.customer_id) ?? "")) &&
      matchesFlag(r.status === "succeeded", succeeded),
  );
  const sorted = sortItems(refunds, sorting, { created_at: (r) => r.created_at, amount: (r) => r.amount });
  const page = offsetPage(sorted, paging);
  return ok({ items: page.items.map((r) => structuredClone(r)), pagination: page.pagination });
});
