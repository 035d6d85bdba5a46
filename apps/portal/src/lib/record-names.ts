/**
 * How a person recognizes the records the API cannot list (as the sandbox's fixtures name
 * them): a discount by its name and code, a checkout link by its label or else its products,
 * a custom field by its name.
 */
import type { SandboxState } from "@commerce-api/sandbox";
import { formatMoney, numberFormat } from "./format.js";

export type DeletableKind = "checkout-links" | "custom-fields" | "discounts";

/** Where the sandbox keeps each kind (`GET /__sandbox/state/<table>`). */
export const deletableTables = {
  "checkout-links": "checkoutLinks",
  "custom-fields": "customFields",
  discounts: "discounts",
} as const satisfies Record<DeletableKind, keyof SandboxState>;

type Discount = SandboxState["discounts"][number];
type CheckoutLink = SandboxState["checkoutLinks"][number];
type CustomField = SandboxState["customFields"][number];
export type DeletableRecord = Discount | CheckoutLink | CustomField;

export function discountName(discount: Pick<Discount, "name" | "code">): string {
  return discount.code ? `${discount.name} (${discount.code})` : discount.name;
}

export function checkoutLinkName(
  link: Pick<CheckoutLink, "label" | "product_ids">,
  productName: (id: string) => string | undefined,
): string {
  if (link.label) return link.label;
  const products = link.product_ids.map((id) => productName(id) ?? "a product");
  return products.length > 0 ? products.join(", ") : "A checkout link";
}

/** A record of `kind` (read from that kind's table) by its name. */
export function recordName(
  kind: DeletableKind,
  record: DeletableRecord,
  productName: (id: string) => string | undefined,
): string {
  switch (kind) {
    case "discounts":
      return discountName(record as Discount);
    case "checkout-links":
      return checkoutLinkName(record as CheckoutLink, productName);
    case "custom-fields":
      return (record as CustomField).name;
  }
}

/** What a discount takes off and for how long: "20 % off, once", "$5.00 off, for several months". */
export function discountTerms(
  discount: Pick<Discount, "type" | "amount" | "duration">,
  currency: string,
  locale?: string,
): string {
  const off =
    discount.type === "percentage"
      ? `${numberFormat(locale, { maximumFractionDigits: 2 }).format(discount.amount / 100)} % off`
      : `${formatMoney(discount.amount, currency, locale)} off`;
  const duration = {
    once: "once",
    forever: "on every payment",
    repeating: "for several months",
  }[discount.duration];
  return `${off}, ${duration}`;
}
