/**
 * The contract with the SDK: every schema the sandbox checks against comes from
 * @commerce-api/schemas, generated from spec/commerce.yaml. This is the only
 * file that imports it.
 *
 * - Every JSON success body is parsed with its operation's `<Op>Response` before
 *   it is sent, so the sandbox can never answer what the client would reject.
 * - Request bodies are parsed with `<Op>Input` (strict: unknown fields are a 422).
 */
import {
  DeactivateLicenseKeyInput,
  GetCustomerLicenseKeyResponse,
  GetOrderReceiptResponse,
  ListCustomerPaymentMethodsResponse,
  ListCustomerSubscriptionsResponse,
  ListEventsResponse,
  ListMyPaymentMethodsResponse,
  ListProductsResponse,
  ListRefundsResponse,
  MeterFilter,
  ValidateLicenseKeyInput,
  ValidateLicenseKeyResponse,
} from "@commerce-api/schemas";
import type { OperationId } from "./operation-ids.js";
import type { Schema } from "./validation.js";

export type {
  DeactivateLicenseKeyInput,
  MeterFilter,
  ValidateLicenseKeyInput,
} from "@commerce-api/schemas";

/**
 * The schema of each operation's JSON success body, by status. Operations that
 * answer without a body (204, generate invoice's 202, the receipt's 202) have none.
 */
export const RESPONSE_SCHEMAS: Record<OperationId, Partial<Record<number, Schema>>> = {
  listEvents: { 200: ListEventsResponse },
  validateLicenseKey: { 200: ValidateLicenseKeyResponse },
  deactivateLicenseKey: {},
  listCustomerSubscriptions: { 200: ListCustomerSubscriptionsResponse },
  listCustomerPaymentMethods: { 200: ListCustomerPaymentMethodsResponse },
  listMyPaymentMethods: { 200: ListMyPaymentMethodsResponse },
  listProducts: { 200: ListProductsResponse },
  listRefunds: { 200: ListRefundsResponse },
  getCustomerLicenseKey: { 200: GetCustomerLicenseKeyResponse },
  getOrderReceipt: { 200: GetOrderReceiptResponse },
  deleteCheckoutLink: {},
  deleteCustomField: {},
  deleteDiscount: {},
  generateOrderInvoice: {},
};

export const BODY_SCHEMAS = {
  validateLicenseKey: ValidateLicenseKeyInput as Schema<ValidateLicenseKeyInput>,
  deactivateLicenseKey: DeactivateLicenseKeyInput as Schema<DeactivateLicenseKeyInput>,
};

/** The `filter` query parameter of list events, once its JSON text is parsed. */
export const EVENT_FILTER_SCHEMA = MeterFilter as Schema<MeterFilter>;
