/** Display helpers: amounts are in the currency's minor unit (cents), dates are ISO strings. */

/**
 * Money and dates follow the reader's locale (the browser's, `undefined` to Intl) and each
 * amount's own currency: a German reader of a EUR organization sees `290,00 €` and `15.04.2026` (see monthStyle).
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale?: string,
  fractionDigits?: number,
): string {
  try {
    return numberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      ...(fractionDigits === undefined ? {} : { maximumFractionDigits: fractionDigits }),
    }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/**
 * Intl's formatters cost far more to make than to use: a screen of a hundred dates made a
 * hundred and more (`toLocaleDateString` makes one per call), most of the app's rendering time.
 * Each locale and style gets one, made on first use.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function remembered<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return remembered(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return remembered(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = monthStyle(locale);
  return dateTimeFormat(locale, {
    year: "numeric",
    month,
    day: month === "short" ? "numeric" : "2-digit",
  }).format(date);
}

/**
 * The interface speaks English; numbers and dates follow the reader. A month is a word only
 * for an English reader ("Apr 15, 2026"); others get their own order in digits ("15.04.2026"),
 * so a German reader never reads "Renews 26. März 2027 at …" in an English sentence.
 */
function monthStyle(locale?: string): "short" | "2-digit" {
  return dateTimeFormat(locale, {}).resolvedOptions().locale.startsWith("en") ? "short" : "2-digit";
}

export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = monthStyle(locale);
  return dateTimeFormat(locale, {
    year: "numeric",
    month,
    day: month === "short" ? "numeric" : "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/** The time of day alone, for a date shown beside it: `10:49 AM`, `10:49`. */
export function formatTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(date);
}

/** After a price: `per month`, `every 3 months`; nothing for a one-time price. */
export function formatPer(interval: string | null | undefined, count: number | null | undefined): string {
  if (!interval) return "";
  return !count || count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}

/** `monthly`, `every 3 months`, `yearly`… */
export function formatInterval(
  interval: string | null | undefined,
  count: number | null | undefined,
): string {
  if (!interval) return "One-time";
  if (!count || count === 1)
    return { day: "Daily", week: "Weekly", month: "Monthly", year: "Yearly" }[interval] ?? humanize(interval);
  return `Every ${count} ${interval}s`;
}

/** The service's own masking (`display_key`): the last six characters. One rule on every screen. */
export function maskKey(key: string): string {
  return key.length > 6 ? `****-${key.slice(-6)}` : key;
}

/** A license key's status as a picker names it: `Revoked`, `Expired` (a granted key past its date). */
export function keyStatusWords(status: string, expired: boolean): string {
  if (!expired) return humanize(status);
  return status === "granted" ? "Expired" : `${humanize(status)}, expired`;
}

/** `apple_pay` → `Apple Pay`; a wallet or card brand as people write it. */
export function walletName(wallet: string): string {
  const known: Record<string, string> = {
    apple_pay: "Apple Pay",
    google_pay: "Google Pay",
    link: "Link",
    amex_express_checkout: "Amex Express Checkout",
    samsung_pay: "Samsung Pay",
  };
  return known[wallet] ?? humanize(wallet).replace(/\b\w/g, (c) => c.toUpperCase());
}

export function brandName(brand: string): string {
  const known: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };
  return known[brand.toLowerCase()] ?? humanize(brand);
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

/** A price as the service sends it: only the fields the words below read. */
export interface PriceLike {
  amount_type: string;
  price_currency: string;
  price_amount?: number;
  minimum_amount?: number | null;
  seat_tiers?: { tiers: readonly { price_per_seat: number }[] };
  unit_amount?: string;
  meter?: { name: string };
}

/** A product's price in words: `19,00 €`, `Free`, `From 5,00 € per seat`, `Pay what you want`… */
export function formatPrice(price: PriceLike | undefined, locale?: string): string {
  if (!price) return "—";
  const money = (amount: number) => formatMoney(amount, price.price_currency, locale);
  switch (price.amount_type) {
    case "fixed":
      if (price.price_amount === undefined) return "Fixed";
      return price.price_amount === 0 ? "Free" : money(price.price_amount);
    case "custom":
      return price.minimum_amount
        ? `Pay what you want (from ${money(price.minimum_amount)})`
        : "Pay what you want";
    case "seat_based": {
      const rates = (price.seat_tiers?.tiers ?? []).map((tier) => tier.price_per_seat);
      if (rates.length === 0) return "Per seat";
      const lowest = Math.min(...rates);
      return `${rates.length > 1 ? "From " : ""}${money(lowest)} per seat`;
    }
    case "metered_unit": {
      const unit = Number(price.unit_amount);
      const per = price.meter ? ` per ${price.meter.name.toLowerCase()} unit` : " per unit";
      // Unit prices are fractions of a cent: keep their digits.
      const text = formatMoney(unit, price.price_currency, locale, 6);
      return Number.isFinite(unit) ? `${text}${per}` : "Metered";
    }
    default:
      return humanize(price.amount_type);
  }
}
