/** `GET /__sandbox/receipts/<order id>.pdf?…`: the receipt a receipt URL points to. */
import { errorBody, ServiceError } from "../http/responses.js";
import { receiptPdf, verifyReceiptUrl } from "../routes/receipts.js";
import type { ControlHandler } from "./types.js";

export const receiptHandler: ControlHandler = {
  handle: ({ url, path }, control) => {
    const orderId = verifyReceiptUrl(path, url.searchParams, control.secret, control.sandbox.clock.now());
    const store = control.store;
    const order = orderId ? store.orders.get(orderId) : undefined;
    const organization = order ? store.organizations.get(order.organization_id) : undefined;
    const customer = order ? store.customers.get(order.customer_id) : undefined;
    if (!order || !organization || !customer) {
      throw new ServiceError(403, errorBody("NotPermitted", "This receipt URL is invalid or has expired."));
    }
    return new Response(receiptPdf(order, organization, customer), {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="receipt-${order.id}.pdf"`,
      },
    });
  },
};
