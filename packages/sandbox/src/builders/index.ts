/**
 * Scenario builders: `sandbox.add.<kind>(input?)` for every record kind the
 * operations return or change. Each checks its input (builders/fields.ts),
 * fills realistic defaults, creates or links the related records it needs (an
 * order without a customer gets a new customer), makes its records with the
 * same factories as the seed (src/factories), writes them to the store and
 * returns what it made, in the wire shape the API answers with, so a test can
 * use ids and keys at once. `reset()` takes the sandbox back to its seed and
 * starts the builders' ids over, so the same calls make the same records.
 */
import { createRandom } from "../state/random.js";
import type { Store } from "../state/store.js";
import { addOrder, addRefund, addSubscription } from "./billing.js";
import { addCheckoutLink, addCustomField, addDiscount, addMeter, addProduct } from "./catalog.js";
import type { BuildContext } from "./context.js";
import type { BuilderKind } from "./kinds.js";
import { addCustomer, addCustomerSession, addPaymentMethod } from "./people.js";
import { addEvent, addLicenseKey } from "./usage.js";

export type { OrderInput, RefundInput, SandboxOrder, SubscriptionInput } from "./billing.js";
export type {
  CheckoutLinkInput,
  CustomFieldInput,
  DiscountInput,
  MeterInput,
  PriceInput,
  ProductInput,
} from "./catalog.js";
export type { OrganizationRef, Ref } from "./context.js";
export { BUILDER_KINDS, type BuilderKind } from "./kinds.js";
export type { CustomerInput, PaymentMethodInput } from "./people.js";
export type { ActivationInput, EventInput, LicenseKeyInput } from "./usage.js";

/**
 * Each builder, by its name: the table `Builders` and `createBuilders` follow from. kinds.ts
 * lists the names apart, so browser bundles of connectSandbox do not carry every builder;
 * `satisfies` keeps the two the same (a name missing from either, or extra, does not compile).
 */
const BUILDERS = {
  customer: addCustomer,
  customerSession: addCustomerSession,
  paymentMethod: addPaymentMethod,
  product: addProduct,
  customField: addCustomField,
  discount: addDiscount,
  checkoutLink: addCheckoutLink,
  meter: addMeter,
  subscription: addSubscription,
  order: addOrder,
  refund: addRefund,
  licenseKey: addLicenseKey,
  event: addEvent,
} as const satisfies Record<BuilderKind, unknown>;

type Rest<F> = F extends (ctx: BuildContext, ...rest: infer R) => unknown ? R : never;

export type Builders = {
  readonly [K in BuilderKind]: (...input: Rest<(typeof BUILDERS)[K]>) => ReturnType<(typeof BUILDERS)[K]>;
};

export interface BuilderOptions {
  store: Store;
  now(): Date;
  /** The sandbox's seed number: builders' ids follow from it, the same after every reset. */
  seed: number;
}

/** The builders, and their reset: ids and names start over, so a test sees the same ones in any order. */
export function createBuilders(options: BuilderOptions): Builders & { reset(): void } {
  const builderSeed = options.seed ^ 0x5eed;
  let counter = 0;
  const ctx: BuildContext = {
    store: options.store,
    now: options.now,
    random: createRandom(builderSeed),
    next: () => ++counter,
  };
  // Each builder of the table, given the context: the table is the one list of them.
  const builders = Object.fromEntries(
    Object.entries(BUILDERS).map(([kind, build]) => [
      kind,
      (...input: unknown[]) => (build as (ctx: BuildContext, ...rest: unknown[]) => unknown)(ctx, ...input),
    ]),
  ) as unknown as Builders;
  return {
    ...builders,
    reset() {
      counter = 0;
      ctx.random = createRandom(builderSeed);
    },
  };
}
