import { describe, expect, test } from "vitest";
import {
  brandName,
  formatDate,
  formatDateTime,
  formatInterval,
  formatMoney,
  formatPer,
  formatPrice,
  formatTime,
  humanize,
  keyStatusWords,
  maskKey,
  statusTone,
  walletName,
} from "../src/lib/format.js";

// Intl puts a narrow no-break space in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatting follows the reader's locale and the amount's currency", () => {
  test("a German reader of a EUR organization sees euros the German way", () => {
    expect(plain(formatMoney(29000, "eur", "de-DE"))).toBe("290,00 €");
    expect(plain(formatMoney(29000, "usd", "en-US"))).toBe("$290.00");
    // The same currency and date, read elsewhere: each reader's own way, whoever read them first.
    expect(plain(formatMoney(29000, "eur", "en-US"))).toBe("€290.00");
    expect(formatTime("2026-04-15T12:30:00Z", "de-DE")).not.toMatch(/AM|PM/);
    expect(formatDate("2026-04-15T12:00:00Z", "de-DE")).toBe("15.04.2026");
    // The interface is English: a German reader gets digits, not "März" in an English sentence.
    expect(formatDateTime("2026-03-26T12:00:00Z", "de-DE")).not.toMatch(/[A-Za-zä]/);
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

describe("money, dates and times when the input is unusual", () => {
  test("a currency Intl does not know still reads as an amount with its code", () => {
    expect(formatMoney(1234, "xx", "en-US")).toBe("12.34 XX");
    expect(formatMoney(-50, "x", "en-US")).toBe("-0.50 X");
  });

  test("no date is a dash; a date that does not parse is shown as given", () => {
    for (const format of [formatDate, formatDateTime]) {
      expect(format(null)).toBe("—");
      expect(format(undefined)).toBe("—");
      expect(format("")).toBe("—");
      expect(format("someday", "en-US")).toBe("someday");
    }
    expect(formatTime("someday", "en-US")).toBe("someday");
  });

  test("a date and time reads as one, a time alone as hours and minutes", () => {
    expect(formatDateTime("2026-04-15T12:00:00Z", "en-US")).toMatch(/^Apr 1[45], 2026, \d\d:00 (AM|PM)$/);
    expect(formatTime("2026-04-15T12:30:00Z", "en-US")).toMatch(/^\d\d:30 (AM|PM)$/);
    expect(formatTime("2026-04-15T12:30:00Z", "de-DE")).toMatch(/^\d\d:30$/);
  });
});

describe("prices and periods in words", () => {
  const usd = { price_currency: "usd" };
  test("every kind of price", () => {
    expect(formatPrice(undefined)).toBe("—");
    expect(formatPrice({ ...usd, amount_type: "fixed" }, "en-US")).toBe("Fixed");
    expect(formatPrice({ ...usd, amount_type: "fixed", price_amount: 1900 }, "en-US")).toBe("$19.00");
    expect(formatPrice({ ...usd, amount_type: "custom", minimum_amount: 500 }, "en-US")).toBe(
      "Pay what you want (from $5.00)",
    );
    expect(formatPrice({ ...usd, amount_type: "custom", minimum_amount: null }, "en-US")).toBe(
      "Pay what you want",
    );
    expect(formatPrice({ ...usd, amount_type: "custom", minimum_amount: 0 }, "en-US")).toBe(
      "Pay what you want",
    );
    expect(formatPrice({ ...usd, amount_type: "seat_based" }, "en-US")).toBe("Per seat");
    expect(
      formatPrice(
        { ...usd, amount_type: "seat_based", seat_tiers: { tiers: [{ price_per_seat: 1200 }] } },
        "en-US",
      ),
    ).toBe("$12.00 per seat");
    expect(formatPrice({ ...usd, amount_type: "free_trial" }, "en-US")).toBe("Free trial");
  });

  test("the period a price is billed for, in a word where there is one", () => {
    expect(formatInterval("day", 1)).toBe("Daily");
    expect(formatInterval("week", undefined)).toBe("Weekly");
    expect(formatInterval("year", 1)).toBe("Yearly");
    expect(formatInterval("fortnight", 1)).toBe("Fortnight");
    expect(formatInterval(undefined, 2)).toBe("One-time");
    expect(formatPer(undefined, 3)).toBe("");
    expect(formatPer("year", 2)).toBe("every 2 years");
  });
});

describe("names and colours shown the same on every screen", () => {
  test("wallets and card brands as people write them", () => {
    expect(walletName("google_pay")).toBe("Google Pay");
    expect(walletName("link")).toBe("Link");
    expect(walletName("amex_express_checkout")).toBe("Amex Express Checkout");
    expect(walletName("samsung_pay")).toBe("Samsung Pay");
    expect(walletName("masterpass_wallet")).toBe("Masterpass Wallet");
    expect(brandName("visa")).toBe("Visa");
    expect(brandName("MasterCard")).toBe("Mastercard");
    expect(brandName("amex")).toBe("American Express");
    expect(brandName("diners_club")).toBe("Diners club");
    expect(humanize("past_due")).toBe("Past due");
    expect(humanize("")).toBe("");
  });

  test("one tone per status family", () => {
    const tones = {
      green: ["active", "granted", "succeeded", "paid", "won"],
      blue: ["trialing", "pending", "incomplete"],
      amber: [
        "past_due",
        "unpaid",
        "paused",
        "partially_refunded",
        "needs_response",
        "under_review",
        "early_warning",
      ],
      red: ["revoked", "failed", "lost", "disabled", "void"],
      violet: ["system"],
      gray: ["canceled", "draft", "refunded", "something_new"],
    };
    for (const [tone, statuses] of Object.entries(tones)) {
      for (const status of statuses) expect([status, statusTone(status)]).toEqual([status, tone]);
    }
  });
});
