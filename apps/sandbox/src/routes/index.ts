/** The fourteen operations, one entry each. */

import { getOrderReceipt, listCustomerSubscriptions, listMyPaymentMethods } from "./customer-portal.js";
import { listCustomerPaymentMethods } from "./customers.js";
import { deleteCheckoutLink, deleteCustomField, deleteDiscount } from "./deletes.js";
import { listEvents } from "./events.js";
import { deactivateLicenseKey, getCustomerLicenseKey, validateLicenseKey } from "./license-keys.js";
import { generateOrderInvoice } from "./orders.js";
import { listProducts } from "./products.js";
import { listRefunds } from "./refunds.js";
import type { OperationRoute } from "./types.js";

export const OPERATIONS: readonly OperationRoute[] = [
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
];
