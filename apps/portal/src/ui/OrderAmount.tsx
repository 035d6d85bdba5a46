import { formatMoney } from "../lib/format.js";
import type { OrderView } from "../lib/sandbox-records.js";

/** What was paid, with its tax, and what was refunded of it. */
export function OrderAmount({ order }: { order: OrderView }) {
  return (
    <span className="order-amount">
      <span className="nowrap">{formatMoney(order.amount, order.currency)}</span>
      {order.tax > 0 ? (
        <span className="muted nowrap"> incl. {formatMoney(order.tax, order.currency)} tax</span>
      ) : null}
      {order.refunded > 0 ? (
        <span className="nowrap refunded">
          {" "}
          · {formatMoney(order.refunded, order.currency)}{" "}
          {order.refunded >= order.amount ? "refunded" : "refunded in part"}
        </span>
      ) : null}
    </span>
  );
}
