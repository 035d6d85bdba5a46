/**
 * Why a license key did not validate, in words. The service answers every refusal with a
 * 404 whose `detail` names the check that failed ("License key is no longer active."); a
 * user should read what happened to the key, not "Not found".
 */
import { ApiError } from "@commerce-api/client/2026-10";
import { describeError, type ErrorReport } from "./errors.js";

const refusals: readonly [RegExp, string, string][] = [
  [
    /no longer active/i,
    "This key is no longer active",
    "It was revoked or disabled, so software using it stops working. Grant a new key to the customer.",
  ],
  [/expired/i, "This key has expired", "Its expiry date has passed; it no longer validates."],
  [
    /conditions/i,
    "The conditions do not match",
    "This activation only validates with the conditions it was activated with, and the ones given differ.",
  ],
  [/benefit/i, "Another benefit's key", "The key exists, but it was not granted by this benefit."],
  [/user|customer/i, "Another customer's key", "The key exists, but it belongs to another customer."],
];

/** A validation refusal → what the license key screen says; other failures as everywhere else. */
export function describeValidationError(error: unknown): ErrorReport {
  const report = describeError(error);
  if (!(error instanceof ApiError)) return report;
  if (error.status === 400 && error.detail) {
    return { ...report, title: "Usage limit reached", message: error.detail };
  }
  if (error.status !== 404) return report;
  for (const [pattern, title, message] of refusals) {
    if (error.detail && pattern.test(error.detail)) return { ...report, title, message };
  }
  return {
    ...report,
    title: "Key not found",
    message:
      "No license key with this text in this organization, or no activation with this ID on it. Check for typing mistakes.",
  };
}
