/** The customer's own saved cards; calls useListMyPaymentMethodsInfinite. */
import { useListMyPaymentMethodsInfinite } from "@commerce-api/react";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";

export function MyPaymentMethodsPage() {
  const query = useListMyPaymentMethodsInfinite({ limit: 10 });
  return (
    <Page
      title="My payment methods"
      description="The cards saved to your account, newest first."
      hooks={["useListMyPaymentMethodsInfinite"]}
    >
      {query.isPending ? (
        <Loading label="Loading payment methods…" />
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No saved payment methods" />
      ) : (
        <Panel>
          <PaymentMethodTable methods={query.data.items} label="My payment methods" />
          <LoadMore list={query} />
        </Panel>
      )}
    </Page>
  );
}
