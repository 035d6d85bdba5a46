/**
 * GET /v1/products/ — the organization's products.
 * `price_amount_type` sorts by the first price's kind (custom < fixed < seat_based
 * < metered_unit); `price_amount` by its amount (a custom price counts its
 * minimum, a seat-based price its first tier's price per seat).
 */
import { listProductsOperation } from "@commerce-api/client/core";
import {
  PriceAmountTypeValues,
  ProductSortPropertyValues,
  ProductVisibilityValues,
} from "@commerce-api/schemas";
import { asOrganization } from "../http/auth.js";
import type { Price, ProductRecord } from "../state/records.js";
import { containsText, isOneOf, matchesFlag, matchesMetadata, offsetPage, sortItems } from "./listing.js";
import { presentProduct } from "./present.js";
import { defineOperation, ok } from "./types.js";

/** The service sorts amount types by name. */
const AMOUNT_TYPE_ORDER: readonly string[] = [...PriceAmountTypeValues].sort();

export const listProducts = defineOperation(listProductsOperation, (ctx) => {
  const principal = asOrganization(ctx.principal);
  const q = ctx.query;
  const ids = q.uuids("id");
  const organizationIds = q.uuids("organization_id");
  const text = q.string("query");
  const archived = q.boolean("is_archived");
  const recurring = q.boolean("is_recurring");
  const benefitIds = q.uuids("benefit_id");
  const visibility = q.enumValues("visibility", ProductVisibilityValues);
  const metadata = q.metadata();
  const sorting = q.sorting(ProductSortPropertyValues, ["-created_at"]);
  const paging = q.paging();
  q.done();

  const products = [...ctx.store.products.values()].filter(
    (p) =>
      p.organization_id === principal.organizationId &&
      isOneOf(p.id, ids) &&
      isOneOf(p.organization_id, organizationIds) &&
      (text === undefined || containsText([p.name], text)) &&
      matchesFlag(p.is_archived, archived) &&
      matchesFlag(p.is_recurring, recurring) &&
      (benefitIds === undefined || p.benefit_ids.some((id) => benefitIds.includes(id))) &&
      isOneOf(p.visibility, visibility) &&
      matchesMetadata(p.metadata, metadata),
  );
  const sorted = sortItems(products, sorting, {
    created_at: (p) => p.created_at,
    name: (p) => p.name,
    price_amount_type: (p) => amountTypeRank(firstPrice(p)),
    price_amount: (p) => priceAmount(firstPrice(p)),
  });
  const page = offsetPage(sorted, paging);
  return ok({ items: page.items.map((p) => presentProduct(ctx.store, p)), pagination: page.pagination });
});

function firstPrice(product: ProductRecord): Price | undefined {
  return product.prices.find((price) => !price.is_archived) ?? product.prices[0];
}

function amountTypeRank(price: Price | undefined): number | null {
  return price ? AMOUNT_TYPE_ORDER.indexOf(price.amount_type) : null;
}

function priceAmount(price: Price | undefined): number | null {
  if (!price) return null;
  if (price.amount_type === "custom") return price.minimum_amount ?? 0;
  if (price.amount_type === "seat_based") return price.seat_tiers?.tiers[0]?.price_per_seat ?? null;
  return price.price_amount ?? null;
}
