/**
 * The three deletes: 204 without a body, then 404 for the same id. A record of
 * another organization is 404 too. A deleted custom field also disappears from
 * the products it was attached to.
 */
import { asOrganization, ORGANIZATION_KINDS } from "../auth.js";
import { notFound } from "../http.js";
import { findOwned } from "../store.js";
import { defineOperation, NO_CONTENT, type OperationRoute, pathId, type RouteContext } from "./types.js";

type Table = ReadonlyMap<string, { id: string; organization_id: string }> & { delete(id: string): boolean };

function deleteOperation(
  id: OperationRoute["id"],
  path: string,
  scope: string,
  table: (ctx: RouteContext) => Table,
): OperationRoute {
  return defineOperation({
    id,
    method: "DELETE",
    path,
    auth: { kinds: ORGANIZATION_KINDS, scopes: [scope] },
    handle(ctx) {
      const principal = asOrganization(ctx.principal);
      const records = table(ctx);
      const record = findOwned(records, pathId(ctx), principal.organizationId);
      if (!record) throw notFound();
      records.delete(record.id);
      return NO_CONTENT;
    },
  });
}

export const deleteCheckoutLink = deleteOperation(
  "deleteCheckoutLink",
  "/v1/checkout-links/{id}",
  "checkout_links:write",
  (ctx) => ctx.store.checkoutLinks,
);

export const deleteCustomField = deleteOperation(
  "deleteCustomField",
  "/v1/custom-fields/{id}",
  "custom_fields:write",
  (ctx) => ctx.store.customFields,
);

export const deleteDiscount = deleteOperation(
  "deleteDiscount",
  "/v1/discounts/{id}",
  "discounts:write",
  (ctx) => ctx.store.discounts,
);
