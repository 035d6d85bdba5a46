// The ValidatedLicenseKey response (with its Customer and LicenseKeyActivation) written by hand in
// classic zod (`import * as z from "zod"`, as zod 4's documentation writes it; the benchmark also
// measures it with `import { z } from "zod"`), method-chaining style, equivalent to the generated
// zod/mini schemas: same fields, same tolerance (unknown keys kept, open enums as plain strings,
// nulls where the service sends them), same checks (UUIDs, ISO date-times with offset, integers).
// Only the bundle-size benchmark uses it.
import * as z from "zod";

const datetime = z.iso.datetime({ offset: true });
const metadata = z.record(z.string(), z.union([z.string(), z.int(), z.number(), z.boolean()]));

const BillingAddress = z.looseObject({
  line1: z.string().nullable().optional(),
  line2: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  country: z.string(),
});

export const Customer = z.looseObject({
  id: z.uuid(),
  created_at: datetime,
  modified_at: datetime.nullable(),
  metadata,
  external_id: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  email_verified: z.boolean(),
  type: z.string(),
  name: z.string().nullable(),
  billing_name: z.string().nullable(),
  billing_address: BillingAddress.nullable(),
  tax_id: z.tuple([z.string(), z.string()]).nullable(),
  locale: z.string().nullable().optional(),
  organization_id: z.uuid(),
  default_payment_method_id: z.uuid().nullable().optional(),
  deleted_at: datetime.nullable(),
  first_user_event_at: datetime.nullable(),
  avatar_url: z.string().nullable(),
});

export const LicenseKeyActivation = z.looseObject({
  id: z.uuid(),
  license_key_id: z.uuid(),
  label: z.string(),
  meta: metadata,
  created_at: datetime,
  modified_at: datetime.nullable(),
});

export const ValidatedLicenseKey = z.looseObject({
  id: z.uuid(),
  created_at: datetime,
  modified_at: datetime.nullable(),
  organization_id: z.uuid(),
  customer_id: z.uuid(),
  customer: Customer,
  benefit_id: z.uuid(),
  key: z.string(),
  display_key: z.string(),
  status: z.string(),
  limit_activations: z.int().nullable(),
  usage: z.int(),
  limit_usage: z.int().nullable(),
  validations: z.int(),
  last_validated_at: datetime.nullable(),
  expires_at: datetime.nullable(),
  activation: LicenseKeyActivation.nullable().optional(),
});
