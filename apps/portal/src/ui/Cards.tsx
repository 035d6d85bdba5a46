/** Saved cards, as both payment method lists show them. */
import { Badge } from "./Badge.js";

interface CardLike {
  id: string;
  type: string;
  is_default?: boolean;
  method_metadata?:
    | { brand: string; last4: string; exp_month: number; exp_year: number; wallet?: string | null }
    | undefined;
}

export function PaymentMethodTable({ methods, label }: { methods: readonly CardLike[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Card</th>
            <th scope="col">Expires</th>
            <th scope="col">Wallet</th>
            <th scope="col">
              <span className="sr-only">Default</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => {
            const card = method.method_metadata;
            return (
              <tr key={method.id}>
                <td className="cell-main">
                  {card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : method.type}
                </td>
                <td>{card ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : "—"}</td>
                <td>{card?.wallet ?? "—"}</td>
                <td>{method.is_default ? <Badge tone="green">Default</Badge> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
