import { describe, expect, test } from "vitest";
import {
  formatDate,
  formatInterval,
  formatMoney,
  formatPer,
  formatPrice,
  keyStatusWords,
  maskKey,
  walletName,
} from "../src/lib/format.js";

// Intl puts a narrow no-break space in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatting follows the reader's locale and the amount's currency", () => {
  test("a German reader of a EUR organization sees euros the German way", () => {
    expect(plain(formatMoney(29000, "eur", "de-DE"))).toBe("290,00 €");
    expect(plain(formatMoney(29000, "usd", "en-US"))).toBe("$290.00");
    expect(formatDate("2026-04-15T12:00:00Z", "de-DE")).toBe("15. Apr. 2026");
    expect(formatDate("2026-04-15T12:00:00Z", "en-US")).toBe("Apr 15, 2026");
  });

  test("prices read as words: free, per seat with its rate, one-time capitalised", () => {
    const base = { price_currency: "eur" };
    expect(formatPrice({ ...base, amount_type: "fixed", price_amount: 0 }, "de-DE")).toBe("Free");
    expect(
      plain(
        formatPrice(
          {
            ...base,
            amount_type: "seat_based",
            seat_tiers: { tiers: [{ price_per_seat: 1200 }, { price_per_seat: 900 }] },
          },
          "de-DE",
        ),
      ),
    ).toBe("From 9,00 € per seat");
    expect(formatInterval(null, null)).toBe("One-time");
    expect(formatInterval("month", 1)).toBe("Monthly");
    expect(walletName("apple_pay")).toBe("Apple Pay");
  });

  test("a metered unit price keeps its fractions of a cent, and only those it has", () => {
    const metered = { amount_type: "metered_unit", price_currency: "usd" };
    expect(formatPrice({ ...metered, unit_amount: "0.15" }, "en-US")).toBe("$0.0015 per unit");
    expect(formatPrice({ ...metered, unit_amount: "50", meter: { name: "API Calls" } }, "en-US")).toBe(
      "$0.50 per api calls unit",
    );
    expect(formatPrice({ ...metered, unit_amount: "not a number" }, "en-US")).toBe("Metered");
  });

  test("a recurring price's period: per month, or every n months", () => {
    expect(formatPer("month", null)).toBe("per month");
    expect(formatPer("month", undefined)).toBe("per month");
    expect(formatPer("month", 1)).toBe("per month");
    expect(formatPer("month", 3)).toBe("every 3 months");
    expect(formatPer(null, 1)).toBe("");
    expect(formatInterval("month", null)).toBe("Monthly");
    expect(formatInterval("week", 2)).toBe("Every 2 weeks");
  });

  test("one masking rule for license keys: the service's own, the last six characters", () => {
    expect(maskKey("ACME-1F2E-3D4C-CE145A")).toBe("****-CE145A");
    // Six characters or fewer: nothing to hide that the mask would not show.
    expect(maskKey("CE145A")).toBe("CE145A");
    expect(maskKey("1CE145A")).toBe("****-CE145A");
  });

  test("a key's status in words, not the seed's raw value", () => {
    expect(keyStatusWords("granted", false)).toBe("Granted");
    expect(keyStatusWords("revoked", false)).toBe("Revoked");
    expect(keyStatusWords("granted", true)).toBe("Expired");
    expect(keyStatusWords("disabled", true)).toBe("Disabled, expired");
  });
});
