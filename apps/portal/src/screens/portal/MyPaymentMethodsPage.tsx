/** The customer's own saved cards; calls useListMyPaymentMethodsInfinite. */
import { useListMyPaymentMethodsInfinite } from "@commerce-api/react/2026-10";
import { useOwnerName } from "../../data/useSandboxFacts.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { Page } from "../../ui/Page.js";
import { QueryList } from "../../ui/QueryList.js";

export function MyPaymentMethodsPage() {
  const query = useListMyPaymentMethodsInfinite({ limit: 10 });
  const merchant = useOwnerName();
  return (
    <Page
      title="My payment methods"
      description={`The cards saved to your account, newest first. To add one, remove one or pay a failed charge, use ${merchant}'s customer portal, hosted by the payment service: this page can only show them.`}
      hooks={["useListMyPaymentMethodsInfinite"]}
    >
      <QueryList query={query} loading="Loading payment methods…" empty="No saved payment methods">
        {(methods) => <PaymentMethodTable methods={methods} label="My payment methods" />}
      </QueryList>
    </Page>
  );
}
