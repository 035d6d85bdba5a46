/**
 * The three deletes: 204 without a body, then 404 for the same id. A record of
 * another organization is 404 too. A deleted custom field also disappears from
 * the products it was attached to.
 */
import {
  deleteCheckoutLinkOperation,
  deleteCustomFieldOperation,
  deleteDiscountOperation,
} from "@commerce-api/client/core";
import { asOrganization } from "../http/auth.js";
import type { OperationDefinition } from "../http/definitions.js";
import { notFound } from "../http/responses.js";
import { findOwned } from "../state/store.js";
import { defineOperation, NO_CONTENT, type OperationRoute, pathId } from "./types.js";

function deleteOperation(
  definition: OperationDefinition,
  table: "checkoutLinks" | "customFields" | "discounts",
): OperationRoute {
  return defineOperation(definition, (ctx) => {
    const principal = asOrganization(ctx.principal);
    const records: ReadonlyMap<string, { id: string; organization_id: string }> = ctx.store[table];
    const record = findOwned(records, pathId(ctx), principal.organizationId);
    if (!record) throw notFound();
    ctx.store.remove(table, record.id);
    return NO_CONTENT;
  });
}

export const deleteCheckoutLink = deleteOperation(deleteCheckoutLinkOperation, "checkoutLinks");
export const deleteCustomField = deleteOperation(deleteCustomFieldOperation, "customFields");
export const deleteDiscount = deleteOperation(deleteDiscountOperation, "discounts");
