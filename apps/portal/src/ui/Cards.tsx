/** Saved cards, as both payment method lists show them. The API has no "default" flag, so none is shown. */
import { brandName, walletName } from "../lib/format.js";

interface CardLike {
  id: string;
  type: string;
  method_metadata?:
    | { brand: string; last4: string; exp_month: number; exp_year: number; wallet?: string | null }
    | undefined;
}

export function PaymentMethodTable({ methods, label }: { methods: readonly CardLike[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table table-cards" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Card</th>
            <th scope="col">Expires</th>
            <th scope="col">Wallet</th>
          </tr>
        </thead>
        <tbody>
          {methods.map((method) => {
            const card = method.method_metadata;
            return (
              <tr key={method.id}>
                <td data-label="Card" className="cell-main">
                  {card ? `${brandName(card.brand)} •••• ${card.last4}` : walletName(method.type)}
                </td>
                <td data-label="Expires">
                  {card ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : "—"}
                </td>
                <td data-label="Wallet">{card?.wallet ? walletName(card.wallet) : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
