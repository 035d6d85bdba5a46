/** The fourteen operations of the service, by operation id. */
export const OPERATION_IDS = [
  "listEvents",
  "validateLicenseKey",
  "deactivateLicenseKey",
  "listCustomerSubscriptions",
  "listCustomerPaymentMethods",
  "listMyPaymentMethods",
  "listProducts",
  "listRefunds",
  "getCustomerLicenseKey",
  "getOrderReceipt",
  "deleteCheckoutLink",
  "deleteCustomField",
  "deleteDiscount",
  "generateOrderInvoice",
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];
