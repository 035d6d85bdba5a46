/** Builders for subscriptions, orders (with receipts and invoices) and refunds (with disputes). */
import {
  CustomerCancellationReasonValues,
  CustomerSubscription,
  DisputeStatusValues,
  RefundReasonValues,
  Refund as RefundSchema,
  RefundStatusValues,
  SubscriptionStatusValues,
  type Refund as WireRefund,
  type CustomerSubscription as WireSubscription,
} from "@commerce-api/schemas";
import {
  applyCancelAtPeriodEnd,
  applyStatus,
  disputeRecord,
  orderRecord,
  refundRecord,
  subscriptionRecord,
} from "../factories/billing.js";
import { SandboxUsageError } from "../kit/usage.js";
import { presentSubscription } from "../routes/present.js";
import { addDays, iso } from "../state/clock.js";
import type {
  Customer,
  Dispute,
  OrderRecord,
  OrderStatus,
  ProductRecord,
  Refund,
  SubscriptionStatus,
} from "../state/records.js";
import { addProduct } from "./catalog.js";
import { type BuildContext, find, isoOf, type Ref, sameOrganization } from "./context.js";
import { checkInput, checkWire, type FieldsOf } from "./fields.js";
import { addCustomer } from "./people.js";

/** The customer and product a record is about: the ones given, or new ones (the product in the customer's organization). */
function customerAndProduct(
  ctx: BuildContext,
  where: string,
  input: { customer?: Ref; product?: Ref },
  product: { recurring?: null },
): { customer: Customer; product: ProductRecord } {
  const customer =
    input.customer === undefined
      ? find(ctx, "customers", addCustomer(ctx), where)
      : find(ctx, "customers", input.customer, where);
  const chosen =
    input.product === undefined
      ? find(ctx, "products", addProduct(ctx, { organization: customer.organization_id, ...product }), where)
      : find(ctx, "products", input.product, where);
  sameOrganization(where, customer, chosen, "the customer and the product");
  return { customer, product: chosen };
}

export interface SubscriptionInput {
  /** Default: a new customer. */
  customer?: Ref;
  /** A recurring product; default: a new monthly one. */
  product?: Ref;
  /** Default "active"; each status sets the fields that go with it (trial dates, `ended_at`, `paused_at`, …). */
  status?: SubscriptionStatus;
  /** When it started; default 45 days before the sandbox's now. */
  startedAt?: Date | string;
  /** Canceled by the customer, running until the end of the period. */
  cancelAtPeriodEnd?: boolean;
  cancellationReason?: string;
  seats?: number;
  discount?: Ref;
}

const SUBSCRIPTION_FIELDS = {
  customer: "ref",
  product: "ref",
  status: SubscriptionStatusValues,
  startedAt: "date",
  cancelAtPeriodEnd: "boolean",
  cancellationReason: CustomerCancellationReasonValues,
  seats: "integer",
  discount: "ref",
} as const satisfies FieldsOf<SubscriptionInput>;

/**
 * A subscription with the lifecycle fields of its status, and the orders it
 * produced (its first charge; none while trialing or incomplete). Returns it as
 * the customer portal lists it (`listCustomerSubscriptions`).
 */
export function addSubscription(ctx: BuildContext, input: SubscriptionInput = {}): WireSubscription {
  const where = "sandbox.add.subscription";
  checkInput(where, input, SUBSCRIPTION_FIELDS);
  const { customer, product } = customerAndProduct(ctx, where, input, {});
  if (product.recurring_interval === null)
    throw new SandboxUsageError(
      `${where}: product ${product.id} is a one-time product; give a recurring one (sandbox.add.product({ recurring: "month" }))`,
    );
  const discount = input.discount === undefined ? undefined : find(ctx, "discounts", input.discount, where);
  const now = ctx.now();
  const status = input.status ?? "active";
  const started = input.startedAt === undefined ? addDays(now, -45) : new Date(input.startedAt);
  const subscription = subscriptionRecord({
    id: ctx.random.uuid(),
    organization_id: customer.organization_id,
    customer_id: customer.id,
    checkout_id: ctx.random.uuid(),
    product,
    started,
    now,
    seats: input.seats ?? null,
    discount_id: discount?.id ?? null,
  });
  const reason = input.cancellationReason ?? "too_expensive";
  applyStatus(subscription, status, {
    now,
    trialDays: product.trial_interval_count ?? 14,
    cancellationReason: () => reason,
    cancellationComment: () => null,
  });
  if (input.cancelAtPeriodEnd) applyCancelAtPeriodEnd(subscription, now, reason);
  const shown = presentSubscription(ctx.store, subscription);
  checkWire(where, "subscription", CustomerSubscription, shown);
  ctx.store.insert("subscriptions", subscription);
  if (subscription.started_at !== null && status !== "trialing") {
    addOrderRecord(ctx, customer, product, {
      created_at: subscription.started_at,
      subscription_id: subscription.id,
      net_amount: subscription.amount,
      status: status === "past_due" || status === "unpaid" ? "pending" : "paid",
    });
  }
  return shown;
}

export interface OrderInput {
  /** Default: a new customer. */
  customer?: Ref;
  /** Default: a new one-time product. */
  product?: Ref;
  status?: OrderStatus;
  /** Net amount in cents; default the product's first price. */
  amount?: number;
  /** Tax in cents; default 0. */
  tax?: number;
  /** "pending": the receipt answers 202 twice before it is ready. Default "ready". */
  receipt?: "ready" | "pending";
  /** The invoice was already generated (`generateOrderInvoice` regenerates it). */
  invoiceGenerated?: boolean;
  /** When it was placed; default the sandbox's now. */
  createdAt?: Date | string;
}

/** An order as the sandbox keeps it (no operation lists orders; they back invoices, receipts and refunds). */
export type SandboxOrder = Omit<OrderRecord, "receipt_pending_polls">;

const ORDER_STATUSES = ["draft", "pending", "paid", "refunded", "partially_refunded", "void"] as const;

const ORDER_FIELDS = {
  customer: "ref",
  product: "ref",
  status: ORDER_STATUSES,
  amount: "integer",
  tax: "integer",
  receipt: ["ready", "pending"],
  invoiceGenerated: "boolean",
  createdAt: "date",
} as const satisfies FieldsOf<OrderInput>;

/** An order, with its receipt (`getOrderReceipt`) and invoice (`generateOrderInvoice`). */
export function addOrder(ctx: BuildContext, input: OrderInput = {}): SandboxOrder {
  const where = "sandbox.add.order";
  checkInput(where, input, ORDER_FIELDS);
  const { customer, product } = customerAndProduct(ctx, where, input, { recurring: null });
  const createdAt = input.createdAt === undefined ? iso(ctx.now()) : isoOf(input.createdAt);
  const order = addOrderRecord(ctx, customer, product, {
    created_at: createdAt,
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.amount !== undefined ? { net_amount: input.amount } : {}),
    tax_amount: input.tax ?? 0,
    receipt_pending_polls: input.receipt === "pending" ? 2 : 0,
    invoice_generated_at: input.invoiceGenerated ? createdAt : null,
  });
  const { receipt_pending_polls: _polls, ...shown } = order;
  return structuredClone(shown);
}

function addOrderRecord(
  ctx: BuildContext,
  customer: Customer,
  product: ProductRecord,
  fields: Partial<OrderRecord> & { created_at: string },
): OrderRecord {
  return ctx.store.insert(
    "orders",
    orderRecord({
      id: ctx.random.uuid(),
      organization_id: customer.organization_id,
      customer_id: customer.id,
      product,
      customer,
      ...fields,
    }),
  );
}

export interface RefundInput {
  /** The refunded order; default a new paid order (of `customer`, when given). */
  order?: Ref;
  customer?: Ref;
  /** In cents; default the order's whole net amount (less: the order is partially refunded). */
  amount?: number;
  status?: Refund["status"];
  reason?: Refund["reason"];
  /** A dispute the refund answers: its status (e.g. "prevented"), or true for "prevented". */
  dispute?: Dispute["status"] | boolean;
  revokeBenefits?: boolean;
  metadata?: Record<string, string | number | boolean>;
}

const REFUND_FIELDS = {
  order: "ref",
  customer: "ref",
  amount: "integer",
  status: RefundStatusValues,
  reason: RefundReasonValues,
  revokeBenefits: "boolean",
  metadata: "record",
} as const satisfies FieldsOf<Omit<RefundInput, "dispute">>;

/**
 * A refund of an order (`listRefunds`); a succeeded refund marks the order refunded
 * or partially refunded. Returns it as `listRefunds` lists it.
 */
export function addRefund(ctx: BuildContext, input: RefundInput = {}): WireRefund {
  const where = "sandbox.add.refund";
  const { dispute, ...rest } = input;
  checkInput(where, rest, REFUND_FIELDS);
  if (dispute !== undefined && typeof dispute !== "boolean" && !DisputeStatusValues.includes(dispute))
    throw new SandboxUsageError(
      `${where}: field "dispute" must be true or one of ${DisputeStatusValues.join(", ")}, got ${JSON.stringify(dispute)}`,
    );
  const order =
    input.order === undefined
      ? find(
          ctx,
          "orders",
          addOrder(ctx, input.customer === undefined ? {} : { customer: input.customer }),
          where,
        )
      : find(ctx, "orders", input.order, where);
  const amount = input.amount ?? order.net_amount;
  if (amount <= 0 || amount > order.net_amount)
    throw new SandboxUsageError(
      `${where}: field "amount" must be from 1 to the order's net amount (${order.net_amount}), got ${amount}`,
    );
  const now = ctx.now();
  const disputeStatus = dispute === true ? "prevented" : dispute === false ? undefined : dispute;
  const refund = refundRecord({
    order,
    id: ctx.random.uuid(),
    created_at: iso(now),
    amount,
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.reason !== undefined
      ? { reason: input.reason }
      : disputeStatus
        ? { reason: "dispute_prevention" }
        : {}),
    revoke_benefits: input.revokeBenefits ?? false,
    metadata: { ...input.metadata },
    dispute:
      disputeStatus === undefined
        ? null
        : disputeRecord({
            order,
            id: ctx.random.uuid(),
            payment_id: ctx.random.uuid(),
            status: disputeStatus,
            evidence_due_by:
              disputeStatus === "needs_response" || disputeStatus === "early_warning"
                ? iso(addDays(now, 7))
                : null,
          }),
  });
  checkWire(where, "refund", RefundSchema, refund);
  ctx.store.insert("refunds", refund);
  if (refund.status === "succeeded")
    ctx.store.update("orders", order.id, {
      status: amount < order.net_amount ? "partially_refunded" : "refunded",
    });
  return structuredClone(refund) as WireRefund;
}
