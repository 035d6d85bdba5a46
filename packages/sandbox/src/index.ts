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
export type { OperationId } from "./http/definitions.js";
export {
  type ConnectOptions,
  connectSandbox,
  type NewSandboxOptions,
  type OwnedRemoteSandbox,
  type RemoteBuilders,
  type RemoteClock,
  type RemoteSandbox,
} from "./kit/connect.js";
export type { FailurePlan, FailureStatus, Fault } from "./kit/faults.js";
export type { ErrorStatus, Override, ResultOf, SuccessStatus } from "./kit/overrides.js";
export type { ApiRequest } from "./kit/request-log.js";
export { SandboxUsageError } from "./kit/usage.js";
export { createSandbox } from "./sandbox.js";
export { SANDBOX_OPTIONS, type Sandbox, type SandboxOptions } from "./sandbox-types.js";
export { DEFAULT_SEED } from "./seed/index.js";
export type { Duration, NowOption, SandboxClock } from "./state/clock.js";
export { DEFAULT_NOW } from "./state/clock.js";
export type { Fixtures, FixtureToken, InvoiceSituation } from "./state/fixtures.js";
export type { TokenKind } from "./state/records.js";
export type { StoreChange, StoreState as SandboxState, TableName } from "./state/store.js";
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
