/**
 * The builders' names, as `sandbox.add.<kind>` and `POST /__sandbox/add/<kind>` take them.
 * Apart from the builders, so `connectSandbox` (which runs in browsers) lists them without
 * bundling every builder and the factories under them.
 */
export const BUILDER_KINDS = [
  "customer",
  "customerSession",
  "paymentMethod",
  "product",
  "customField",
  "discount",
  "checkoutLink",
  "meter",
  "subscription",
  "order",
  "refund",
  "licenseKey",
  "event",
] as const;

export type BuilderKind = (typeof BUILDER_KINDS)[number];
