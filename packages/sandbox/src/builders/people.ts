/** Builders for customers, their sessions and their saved payment methods. */
import {
  CustomerPaymentMethod,
  Customer as CustomerSchema,
  CustomerTypeValues,
  type Customer as WireCustomer,
  type PaymentMethod as WirePaymentMethod,
} from "@commerce-api/schemas";
import {
  customerRecord,
  customerSessionToken,
  defaultAddress,
  paymentMethodRecord,
} from "../factories/people.js";
import { SandboxUsageError } from "../kit/usage.js";
import { presentCustomer, presentPaymentMethod } from "../routes/present.js";
import { iso } from "../state/clock.js";
import type { Metadata } from "../state/records.js";
import { type BuildContext, find, type OrganizationRef, organization, type Ref } from "./context.js";
import { checkInput, checkWire, type FieldsOf } from "./fields.js";

export interface CustomerInput {
  organization?: OrganizationRef;
  name?: string;
  email?: string;
  external_id?: string | null;
  type?: "individual" | "team";
  metadata?: Metadata;
  locale?: string;
  /** Billing name and address (needed for invoices); default true. */
  billing?: boolean;
}

const CUSTOMER_FIELDS = {
  organization: "string",
  name: "string",
  email: "string",
  external_id: { type: "string", nullable: true },
  type: CustomerTypeValues,
  metadata: "record",
  locale: "string",
  billing: "boolean",
} as const satisfies FieldsOf<CustomerInput>;

export function addCustomer(ctx: BuildContext, input: CustomerInput = {}): WireCustomer {
  const where = "sandbox.add.customer";
  checkInput(where, input, CUSTOMER_FIELDS);
  const org = organization(ctx, input.organization, where);
  const n = ctx.next();
  const name = input.name ?? `Customer ${n}`;
  const handle =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ".")
      .replace(/^\.|\.$/g, "") || `customer${n}`;
  const billing = input.billing ?? true;
  const customer = customerRecord({
    id: ctx.random.uuid(),
    created_at: iso(ctx.now()),
    organization_id: org.id,
    metadata: { ...input.metadata },
    external_id: input.external_id ?? null,
    email: input.email ?? `${handle}@example.com`,
    type: input.type ?? "individual",
    name,
    billing_name: billing ? name : null,
    billing_address: billing ? defaultAddress() : null,
    locale: input.locale ?? "en",
    avatar_url: `https://avatars.sandbox.invalid/${org.slug}/${handle}.png`,
  });
  const shown = presentCustomer(customer);
  checkWire(where, "customer", CustomerSchema, shown);
  ctx.store.insert("customers", customer);
  return shown;
}

/** A customer session token for this customer (for the customer portal operations). */
export function addCustomerSession(ctx: BuildContext, ref: Ref): string {
  const where = "sandbox.add.customerSession";
  checkInput(
    where,
    { customer: ref },
    {
      customer: { type: "ref", required: "the customer (what sandbox.add.customer() returned, or its id)" },
    },
  );
  const customer = find(ctx, "customers", ref, where);
  const org = organization(ctx, customer.organization_id, where);
  const token = `polar_cst_${org.slug}_${customer.id.slice(0, 8)}`;
  ctx.store.insert(
    "tokens",
    customerSessionToken({ token, customer, label: `${customer.name ?? customer.email}: customer session` }),
  );
  return token;
}

export interface PaymentMethodInput {
  /** Whose card; default a new customer. */
  customer?: Ref;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  wallet?: string | null;
  /** Make it the customer's default; default true when they have none yet. */
  default?: boolean;
}

const PAYMENT_METHOD_FIELDS = {
  customer: "ref",
  brand: "string",
  last4: "string",
  expMonth: "integer",
  expYear: "integer",
  wallet: { type: "string", nullable: true },
  default: "boolean",
} as const satisfies FieldsOf<PaymentMethodInput>;

/**
 * A saved card, seen on both sides: the organization's `listCustomerPaymentMethods`
 * (with `is_default`) and the customer's own `listMyPaymentMethods`. Returns the organization side's shape.
 */
export function addPaymentMethod(ctx: BuildContext, input: PaymentMethodInput = {}): WirePaymentMethod {
  const where = "sandbox.add.paymentMethod";
  checkInput(where, input, PAYMENT_METHOD_FIELDS);
  if (input.last4 !== undefined && !/^\d{4}$/.test(input.last4))
    throw new SandboxUsageError(
      `${where}: field "last4" must be four digits, got ${JSON.stringify(input.last4)}`,
    );
  if (input.expMonth !== undefined && (input.expMonth < 1 || input.expMonth > 12))
    throw new SandboxUsageError(`${where}: field "expMonth" must be 1 to 12, got ${input.expMonth}`);
  const customer =
    input.customer === undefined
      ? find(ctx, "customers", addCustomer(ctx), where)
      : find(ctx, "customers", input.customer, where);
  const now = ctx.now();
  const method = paymentMethodRecord({
    id: ctx.random.uuid(),
    created_at: iso(now),
    customer_id: customer.id,
    card: {
      ...(input.brand !== undefined ? { brand: input.brand } : {}),
      ...(input.last4 !== undefined ? { last4: input.last4 } : {}),
      exp_month: input.expMonth ?? 12,
      exp_year: input.expYear ?? now.getUTCFullYear() + 3,
      wallet: input.wallet ?? null,
    },
  });
  checkWire(
    where,
    "payment method",
    CustomerPaymentMethod,
    presentPaymentMethod(ctx.store, method, "customer"),
  );
  ctx.store.insert("paymentMethods", method);
  if (input.default ?? customer.default_payment_method_id === null)
    ctx.store.update("customers", customer.id, { default_payment_method_id: method.id });
  return presentPaymentMethod(ctx.store, method, "organization") as WirePaymentMethod;
}
