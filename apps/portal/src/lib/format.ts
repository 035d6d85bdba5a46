/** Display helpers: amounts are in the currency's minor unit (cents), dates are ISO strings. */

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** `monthly`, `every 3 months`, `yearly`… */
export function formatInterval(
  interval: string | null | undefined,
  count: number | null | undefined,
): string {
  if (!interval) return "one-time";
  if (!count || count === 1)
    return { day: "daily", week: "weekly", month: "monthly", year: "yearly" }[interval] ?? interval;
  return `every ${count} ${interval}s`;
}

export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

export type Tone = "green" | "blue" | "amber" | "red" | "gray" | "violet";

/** One colour per status family, the same on every screen. */
export function statusTone(status: string): Tone {
  switch (status) {
    case "active":
    case "granted":
    case "succeeded":
    case "paid":
    case "won":
      return "green";
    case "trialing":
    case "pending":
    case "incomplete":
      return "blue";
    case "past_due":
    case "unpaid":
    case "paused":
    case "partially_refunded":
    case "needs_response":
    case "under_review":
    case "early_warning":
      return "amber";
    case "revoked":
    case "failed":
    case "lost":
    case "disabled":
    case "void":
      return "red";
    case "system":
      return "violet";
    default:
      return "gray";
  }
}

export function humanize(value: string): string {
  const text = value.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A product's first active price in words: `$19.00`, `Pay what you want`, `Per seat`… */
export function formatPrice(
  price:
    | {
        amount_type: string;
        price_currency: string;
        price_amount?: number;
        minimum_amount?: number;
        unit_amount?: string;
      }
    | undefined,
): string {
  if (!price) return "—";
  switch (price.amount_type) {
    case "fixed":
      return price.price_amount === undefined
        ? "Fixed"
        : formatMoney(price.price_amount, price.price_currency);
    case "custom":
      return price.minimum_amount
        ? `Pay what you want (from ${formatMoney(price.minimum_amount, price.price_currency)})`
        : "Pay what you want";
    case "seat_based":
      return "Per seat";
    case "metered_unit":
      return "Metered";
    default:
      return humanize(price.amount_type);
  }
}
