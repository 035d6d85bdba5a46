/**
 * The route of every generated operation, by its id. Keyed by `OperationId` (the
 * client's generated registry), so an operation added to the spec is a type error
 * here, naming it, until it has a route.
 */
import type { OperationId } from "../http/definitions.js";
import { getOrderReceipt, listCustomerSubscriptions, listMyPaymentMethods } from "./customer-portal.js";
import { listCustomerPaymentMethods } from "./customers.js";
import { deleteCheckoutLink, deleteCustomField, deleteDiscount } from "./deletes.js";
import { listEvents } from "./events.js";
import { deactivateLicenseKey, getCustomerLicenseKey, validateLicenseKey } from "./license-keys.js";
import { generateOrderInvoice } from "./orders.js";
import { listProducts } from "./products.js";
import { listRefunds } from "./refunds.js";
import type { OperationRoute } from "./types.js";

export const ROUTES: Readonly<Record<OperationId, OperationRoute>> = {
  listEvents,
  validateLicenseKey,
  deactivateLicenseKey,
  listCustomerSubscriptions,
  listCustomerPaymentMethods,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  getCustomerLicenseKey,
  getOrderReceipt,
  deleteCheckoutLink,
  deleteCustomField,
  deleteDiscount,
  generateOrderInvoice,
};

export const OPERATIONS: readonly OperationRoute[] = Object.values(ROUTES);
