/**
 * @commerce-api/sandbox: every operation of the Commerce API, locally.
 *
 * ```ts
 * import { createSandbox } from "@commerce-api/sandbox";
 * const sandbox = createSandbox();
 * const client = createClient({ baseUrl: "http://sandbox.local", token: sandbox.fixtures.tokens[0].token, fetch: sandbox.fetch });
 * ```
 */

export type {
  ActivationInput,
  BuilderKind,
  Builders,
  CheckoutLinkInput,
  CustomerInput,
  CustomFieldInput,
  DiscountInput,
  EventInput,
  LicenseKeyInput,
  MeterInput,
  OrderInput,
  OrganizationRef,
  PaymentMethodInput,
  PriceInput,
  ProductInput,
  Ref,
  RefundInput,
  SandboxOrder,
  SubscriptionInput,
} from "./builders/index.js";
export { BUILDER_KINDS } from "./builders/index.js";
export type { Duration, NowOption, SandboxClock } from "./clock.js";
export { DEFAULT_NOW } from "./clock.js";
export {
  type ConnectOptions,
  connectSandbox,
  type NewSandboxOptions,
  type OwnedRemoteSandbox,
  type RemoteBuilders,
  type RemoteClock,
  type RemoteSandbox,
} from "./connect.js";
export type { OperationId } from "./definitions.js";
export type { FailurePlan, FailureStatus, Fault } from "./faults.js";
export type { Fixtures, FixtureToken, InvoiceSituation } from "./fixtures.js";
export type { ErrorStatus, Override, ResultOf, SuccessStatus } from "./overrides.js";
export type { TokenKind } from "./records.js";
export type { ApiRequest } from "./request-log.js";
export { createSandbox } from "./sandbox.js";
export { SANDBOX_OPTIONS, type Sandbox, type SandboxOptions } from "./sandbox-types.js";
export { DEFAULT_SEED } from "./seed/index.js";
export type { StoreChange, StoreState as SandboxState, TableName } from "./store.js";
export { SandboxUsageError } from "./usage.js";
export {
  RETRY_DELAYS_MS,
  type SandboxWebhooks,
  type WebhookDelivery,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookHandler,
  type WebhookPayload,
} from "./webhooks/index.js";
export type { RemoteWebhooks } from "./webhooks/remote.js";
