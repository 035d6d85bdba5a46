/** The customer's own saved cards; calls useListMyPaymentMethodsInfinite. */
import { useListMyPaymentMethodsInfinite } from "@commerce-api/react";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { Page } from "../../ui/Page.js";
import { QueryList } from "../../ui/QueryList.js";

export function MyPaymentMethodsPage() {
  const query = useListMyPaymentMethodsInfinite({ limit: 10 });
  return (
    <Page
      title="My payment methods"
      description="The cards saved to your account, newest first."
      hooks={["useListMyPaymentMethodsInfinite"]}
    >
      <QueryList query={query} loading="Loading payment methods…" empty="No saved payment methods">
        {(methods) => <PaymentMethodTable methods={methods} label="My payment methods" />}
      </QueryList>
    </Page>
  );
}
