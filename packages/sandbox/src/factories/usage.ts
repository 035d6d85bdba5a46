/** Record factories for license keys, their activations, and events (what usage is measured by). See people.ts. */
import type { ActivationRecord, EventRecord, LicenseKeyRecord } from "../state/records.js";

type Given<T, Required extends keyof T> = Pick<T, Required> & Partial<T>;

export function licenseKeyRecord(
  init: Given<
    LicenseKeyRecord,
    "id" | "created_at" | "organization_id" | "customer_id" | "benefit_id" | "key"
  >,
): LicenseKeyRecord {
  return {
    modified_at: null,
    display_key: `****-${init.key.slice(-6)}`,
    status: "granted",
    limit_activations: null,
    usage: 0,
    limit_usage: null,
    validations: 0,
    last_validated_at: null,
    expires_at: null,
    member_id: null,
    subscription_id: null,
    order_id: null,
    ...init,
  };
}

export function activationRecord(
  init: Given<ActivationRecord, "id" | "created_at" | "license_key_id" | "label">,
): ActivationRecord {
  return { modified_at: null, meta: {}, conditions: {}, ...init };
}

export function eventRecord(
  init: Given<EventRecord, "id" | "timestamp" | "organization_id" | "name">,
): EventRecord {
  return {
    customer_id: null,
    external_customer_id: null,
    member_id: null,
    external_member_id: null,
    parent_id: null,
    label: init.name,
    source: "user",
    metadata: {},
    ...init,
  };
}
