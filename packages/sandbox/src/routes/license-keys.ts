/**
 * License keys: validate and deactivate (organization side), get (customer portal).
 *
 * Validate checks, in the service's order, and answers 404 ResourceNotFound for
 * the first that fails: the key exists in the organization (and the token belongs
 * to that organization), its status is `granted`, it has not expired, the
 * activation exists (and, when it has conditions, the body's `conditions` equal
 * them), the benefit and the customer match. Then `increment_usage` must fit in
 * `limit_usage` (else 400 BadRequest). A successful validation counts
 * `validations`, sets `last_validated_at` and adds `increment_usage` to `usage`.
 */
import {
  deactivateLicenseKeyOperation,
  getCustomerLicenseKeyOperation,
  validateLicenseKeyOperation,
} from "@commerce-api/client/core";
import { DeactivateLicenseKeyInput, ValidateLicenseKeyInput } from "@commerce-api/schemas";
import { asCustomer, asOrganization } from "../http/auth.js";
import { badRequest, notFound } from "../http/responses.js";
import { iso } from "../state/clock.js";
import type { ActivationRecord, ConditionValue, LicenseKeyRecord } from "../state/records.js";
import type { Store } from "../state/store.js";
import { activationsOf, presentActivation, presentKeyGrant, presentLicenseKey } from "./present.js";
import { bodyInput, defineOperation, NO_CONTENT, ok, pathId } from "./types.js";

export const validateLicenseKey = defineOperation(validateLicenseKeyOperation, async (ctx) => {
  const principal = asOrganization(ctx.principal);
  const body = await bodyInput(validateLicenseKeyOperation, ValidateLicenseKeyInput, ctx.request);
  const key = findKey(ctx.store, body.organization_id, body.key, principal.organizationId);
  const now = ctx.now();

  if (key.status !== "granted") throw notFound("License key is no longer active.");
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime()) {
    throw notFound("License key has expired.");
  }
  let activation: ActivationRecord | null = null;
  if (body.activation_id != null) {
    activation = findActivation(ctx.store, key, body.activation_id);
    if (
      Object.keys(activation.conditions).length > 0 &&
      !sameConditions(body.conditions ?? {}, activation.conditions)
    ) {
      throw notFound("License key does not match required conditions");
    }
  }
  if (body.benefit_id != null && body.benefit_id !== key.benefit_id) {
    throw notFound("License key does not match given benefit.");
  }
  if (body.customer_id != null && body.customer_id !== key.customer_id) {
    throw notFound("License key does not match given user.");
  }
  const increment = body.increment_usage ?? 0;
  if (increment > 0 && key.limit_usage !== null) {
    const remaining = key.limit_usage - key.usage;
    if (increment > remaining) throw badRequest(`License key only has ${remaining} more usages.`);
  }

  const validated = ctx.store.update("licenseKeys", key.id, {
    validations: key.validations + 1,
    usage: key.usage + increment,
    last_validated_at: iso(now),
    modified_at: iso(now),
  });
  return ok({
    ...presentLicenseKey(ctx.store, validated, ctx.apiVersion),
    activation: activation ? presentActivation(activation) : null,
    ...presentKeyGrant(ctx.store, validated, ctx.apiVersion),
  });
});

export const deactivateLicenseKey = defineOperation(deactivateLicenseKeyOperation, async (ctx) => {
  const principal = asOrganization(ctx.principal);
  const body = await bodyInput(deactivateLicenseKeyOperation, DeactivateLicenseKeyInput, ctx.request);
  const key = findKey(ctx.store, body.organization_id, body.key, principal.organizationId);
  const activation = findActivation(ctx.store, key, body.activation_id);
  ctx.store.remove("activations", activation.id);
  return NO_CONTENT;
});

export const getCustomerLicenseKey = defineOperation(getCustomerLicenseKeyOperation, (ctx) => {
  const principal = asCustomer(ctx.principal);
  const key = ctx.store.licenseKeys.get(pathId(ctx));
  if (!key || key.customer_id !== principal.customerId) throw notFound();
  return ok({
    ...presentLicenseKey(ctx.store, key, ctx.apiVersion),
    activations: activationsOf(ctx.store, key.id).map(presentActivation),
  });
});

/**
 * The key with this text in this organization. A token of another organization
 * gets the same 404 as a key that does not exist. Keys compare case-insensitively.
 */
function findKey(
  store: Store,
  organizationId: string,
  text: string,
  callerOrganizationId: string,
): LicenseKeyRecord {
  if (organizationId.toLowerCase() !== callerOrganizationId) throw notFound();
  const wanted = text.trim().toUpperCase();
  for (const key of store.licenseKeys.values()) {
    if (key.organization_id === callerOrganizationId && key.key.toUpperCase() === wanted) return key;
  }
  throw notFound();
}

function findActivation(store: Store, key: LicenseKeyRecord, activationId: string): ActivationRecord {
  const activation = store.activations.get(activationId.toLowerCase());
  if (!activation || activation.license_key_id !== key.id) throw notFound();
  return activation;
}

/** Same keys, same values (JSON equality; `1` and `1.0` are equal, `1` and `"1"` are not). */
function sameConditions(a: Record<string, ConditionValue>, b: Record<string, ConditionValue>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}
