/** Builders for license keys (with activations) and events (what meters count). */
import { apiVersion as rootVersion } from "@commerce-api/client/core";
import {
  Event as EventSchema,
  LicenseKeyActivation,
  LicenseKeyStatusValues,
  LicenseKeyWithActivations,
  type Event as WireEvent,
  type LicenseKeyWithActivations as WireLicenseKey,
} from "@commerce-api/schemas";
import { activationRecord, eventRecord, licenseKeyRecord } from "../factories/usage.js";
import { SandboxUsageError } from "../kit/usage.js";
import { activationsOf, presentActivation, presentEvent, presentLicenseKey } from "../routes/present.js";
import { type Duration, durationMs, iso } from "../state/clock.js";
import type { ConditionValue, LicenseKeyStatus } from "../state/records.js";
import { meterEventName } from "./catalog.js";
import {
  addLicenseKeyBenefit,
  type BuildContext,
  find,
  isoOf,
  type OrganizationRef,
  organization,
  type Ref,
  sameOrganization,
} from "./context.js";
import { checkInput, checkWire, type FieldsOf } from "./fields.js";
import { addCustomer } from "./people.js";

export interface ActivationInput {
  label?: string;
  meta?: Record<string, ConditionValue>;
  /** A validation naming this activation must send exactly these. */
  conditions?: Record<string, ConditionValue>;
}

export interface LicenseKeyInput {
  /** Default: a new customer. */
  customer?: Ref;
  /** A product with license keys, whose benefit grants the key; default: a new license key benefit. */
  product?: Ref;
  key?: string;
  status?: LicenseKeyStatus;
  /** When it expires: an instant, or a length of time from the sandbox's now; default never. */
  expiresAt?: Date | string | null;
  expiresIn?: Duration;
  limitActivations?: number | null;
  limitUsage?: number | null;
  usage?: number;
  activations?: ActivationInput[];
  /** The seat member holding the key, a member of its customer (sent from API version 2026-10). */
  member?: Ref;
  /** The subscription that granted the key, its customer's (sent on validation from 2027-01). */
  subscription?: Ref;
  /** The one-time order that granted the key, its customer's (sent on validation from 2027-01). */
  order?: Ref;
}

const LICENSE_KEY_FIELDS = {
  customer: "ref",
  product: "ref",
  key: "string",
  status: LicenseKeyStatusValues,
  expiresAt: { type: "date", nullable: true },
  expiresIn: "duration",
  limitActivations: { type: "integer", nullable: true },
  limitUsage: { type: "integer", nullable: true },
  usage: "integer",
  activations: "array",
  member: "ref",
  subscription: "ref",
  order: "ref",
} as const satisfies FieldsOf<LicenseKeyInput>;

/** A license key and its activations, as `getCustomerLicenseKey` answers it. */
export function addLicenseKey(ctx: BuildContext, input: LicenseKeyInput = {}): WireLicenseKey {
  const where = "sandbox.add.licenseKey";
  checkInput(where, input, LICENSE_KEY_FIELDS);
  const activations = (input.activations ?? []).map((spec, i) =>
    checkInput<ActivationInput>(`${where}: activations[${i}]`, spec, {
      label: "string",
      meta: "record",
      conditions: "record",
    } satisfies FieldsOf<ActivationInput>),
  );
  if (input.limitActivations != null && activations.length > input.limitActivations)
    throw new SandboxUsageError(
      `${where}: ${activations.length} activations given but limitActivations is ${input.limitActivations}`,
    );
  const customer =
    input.customer === undefined
      ? find(ctx, "customers", addCustomer(ctx), where)
      : find(ctx, "customers", input.customer, where);
  const org = organization(ctx, customer.organization_id, where);
  const product = input.product === undefined ? undefined : find(ctx, "products", input.product, where);
  if (product) sameOrganization(where, customer, product, "the customer and the product");
  const now = ctx.now();
  const benefit =
    product?.benefit_ids.map((id) => ctx.store.benefits.get(id)).find((b) => b?.type === "license_keys") ??
    addLicenseKeyBenefit(ctx, org);
  const key = input.key ?? `${org.slug.toUpperCase()}-${ctx.random.uuid().toUpperCase()}`;
  const expiresAt =
    input.expiresAt != null
      ? isoOf(input.expiresAt)
      : input.expiresIn !== undefined
        ? iso(new Date(now.getTime() + durationMs(input.expiresIn, where)))
        : null;
  const grants = {
    member_id: ownedBy(ctx, "members", input.member, customer.id, where, "member"),
    subscription_id: ownedBy(ctx, "subscriptions", input.subscription, customer.id, where, "subscription"),
    order_id: ownedBy(ctx, "orders", input.order, customer.id, where, "order"),
  };
  const record = licenseKeyRecord({
    ...grants,
    id: ctx.random.uuid(),
    created_at: iso(now),
    organization_id: org.id,
    customer_id: customer.id,
    benefit_id: benefit.id,
    key,
    status: input.status ?? "granted",
    limit_activations: input.limitActivations ?? null,
    usage: input.usage ?? 0,
    limit_usage: input.limitUsage ?? null,
    expires_at: expiresAt,
  });
  const made = activations.map((spec, i) =>
    activationRecord({
      id: ctx.random.uuid(),
      license_key_id: record.id,
      label: spec.label ?? `Device ${i + 1}`,
      meta: { ...spec.meta },
      conditions: { ...spec.conditions },
      // A millisecond apart, so activations list in the order given.
      created_at: iso(new Date(now.getTime() + i)),
    }),
  );
  for (const [i, activation] of made.entries())
    checkWire(
      `${where}: activations[${i}]`,
      "activation",
      LicenseKeyActivation,
      presentActivation(activation),
    );
  checkWire(where, "license key", LicenseKeyWithActivations, {
    ...presentLicenseKey(ctx.store, record, rootVersion),
    activations: made.map(presentActivation),
  });
  ctx.store.insert("licenseKeys", record);
  for (const activation of made) ctx.store.insert("activations", activation);
  return {
    ...presentLicenseKey(ctx.store, record, rootVersion),
    activations: activationsOf(ctx.store, record.id).map(presentActivation),
  };
}

export interface EventInput {
  organization?: OrganizationRef;
  /** Default "api.request", or the event name the `meter` counts. */
  name?: string;
  /** An event this meter counts (`listEvents({ meter_id })` lists it). */
  meter?: Ref;
  customer?: Ref;
  metadata?: Record<string, unknown>;
  /** Default: the sandbox's now. */
  timestamp?: Date | string;
  parent?: Ref;
}

const EVENT_FIELDS = {
  organization: "string",
  name: "string",
  meter: "ref",
  customer: "ref",
  metadata: "record",
  timestamp: "date",
  parent: "ref",
} as const satisfies FieldsOf<EventInput>;

/** A user event, as `listEvents` lists it. */
export function addEvent(ctx: BuildContext, input: EventInput = {}): WireEvent {
  const where = "sandbox.add.event";
  checkInput(where, input, EVENT_FIELDS);
  const store = ctx.store;
  const customer = input.customer === undefined ? undefined : find(ctx, "customers", input.customer, where);
  const meter = input.meter === undefined ? undefined : find(ctx, "meters", input.meter, where);
  const org = organization(
    ctx,
    input.organization ?? customer?.organization_id ?? meter?.organization_id,
    where,
  );
  if (customer) sameOrganization(where, customer, org, "the event and its customer");
  if (meter) sameOrganization(where, meter, org, "the event and its meter");
  const parent = input.parent === undefined ? undefined : find(ctx, "events", input.parent, where);
  const metered = meter ? meterEventName(meter) : undefined;
  if (input.name !== undefined && metered !== undefined && input.name !== metered)
    throw new SandboxUsageError(
      `${where}: meter ${meter?.id} counts "${metered}" events, not "${input.name}"`,
    );
  const event = eventRecord({
    id: ctx.random.uuid(),
    timestamp: input.timestamp === undefined ? iso(ctx.now()) : isoOf(input.timestamp),
    organization_id: org.id,
    customer_id: customer?.id ?? null,
    external_customer_id: customer?.external_id ?? null,
    parent_id: parent?.id ?? null,
    name: input.name ?? metered ?? "api.request",
    metadata: structuredClone(input.metadata ?? {}),
  });
  checkWire(where, "event", EventSchema, presentEvent(store, event));
  store.insert("events", event);
  if (customer && (customer.first_user_event_at === null || event.timestamp < customer.first_user_event_at))
    store.update("customers", customer.id, { first_user_event_at: event.timestamp });
  return presentEvent(store, event);
}

/** The id of `ref`'s record in `table`, which must belong to the key's customer; null when not given. */
function ownedBy(
  ctx: BuildContext,
  table: "members" | "subscriptions" | "orders",
  ref: Ref | undefined,
  customerId: string,
  where: string,
  what: string,
): string | null {
  if (ref === undefined) return null;
  const record = find(ctx, table, ref, where);
  if (record.customer_id !== customerId)
    throw new SandboxUsageError(
      `${where}: the ${what} ${record.id} is another customer's, not the key's customer ${customerId}`,
    );
  return record.id;
}
