/** A customer's saved payment methods; calls useListCustomerPaymentMethodsInfinite. */
import { useListCustomerPaymentMethodsInfinite } from "@commerce-api/react";
import { ListCustomerPaymentMethodsInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { checkInput, type FieldErrors } from "../../lib/forms.js";
import { useSandboxIds } from "../../session/PortalContext.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { SelectField, TextField } from "../../ui/Fields.js";
import { LoadMore } from "../../ui/LoadMore.js";
import { Page, Panel } from "../../ui/Page.js";
import { CustomerLink, customerEventsPath } from "../../ui/RecordLinks.js";
import { seedNote } from "../../ui/SeedNote.js";

export function PaymentMethodsPage() {
  const [params, setParams] = useSearchParams();
  const customerId = params.get("customer") ?? "";
  const [draft, setDraft] = useState(customerId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ids, inOrganization } = useSandboxIds();
  const customers = inOrganization(ids?.customers);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(ListCustomerPaymentMethodsInput, { id: draft.trim() });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setParams({ customer: checked.input.id });
  };

  return (
    <Page
      title="Payment methods"
      description="The cards and wallets a customer has saved."
      hooks={["useListCustomerPaymentMethodsInfinite"]}
    >
      <Panel>
        <form className="inline-form" onSubmit={show} aria-label="Choose a customer" noValidate>
          {customers.length > 0 ? (
            <SelectField
              label="Sandbox customer"
              name="sandbox-customer"
              value={customers.some((c) => c.id === draft) ? draft : ""}
              onChange={setDraft}
              options={[
                { value: "", label: "Choose…" },
                ...customers.map((c) => ({ value: c.id, label: `${c.name} (${c.email})` })),
              ]}
              hint={seedNote("customers", "Any customer ID can be typed instead.")}
            />
          ) : null}
          <TextField label="Customer ID" name="id" value={draft} onChange={setDraft} error={errors.id} />
          <button type="submit" className="button">
            Show payment methods
          </button>
        </form>
      </Panel>
      {customerId ? (
        <>
          <p className="muted">
            <CustomerLink id={customerId} /> · <Link to={customerEventsPath(customerId)}>their events</Link>
          </p>
          <CustomerMethods id={customerId} />
        </>
      ) : (
        <EmptyState title="Choose a customer to see their cards" />
      )}
    </Page>
  );
}

function CustomerMethods({ id }: { id: string }) {
  const query = useListCustomerPaymentMethodsInfinite({ id, limit: 10 });
  if (query.isPending) return <Loading label="Loading payment methods…" />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) return <EmptyState title="This customer has no saved payment methods" />;
  return (
    <Panel>
      <PaymentMethodTable methods={query.data.items} label="Customer payment methods" />
      <LoadMore list={query} />
    </Panel>
  );
}
