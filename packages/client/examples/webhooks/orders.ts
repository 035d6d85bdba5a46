// The examples' stand-in for an app's own code: what they record, for the tests to read.
export const payments: { orderId: string; amount: number; webhookId: string }[] = [];

export async function recordPayment(orderId: string, amount: number, webhookId: string): Promise<void> {
  if (payments.some((payment) => payment.webhookId === webhookId)) return; // a retry, already recorded
  payments.push({ orderId, amount, webhookId });
}
