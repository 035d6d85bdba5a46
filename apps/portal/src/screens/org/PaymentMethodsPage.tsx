/** A customer's saved payment methods; calls useListCustomerPaymentMethodsInfinite. */
import { useListCustomerPaymentMethodsInfinite } from "@commerce-api/react";
import { ListCustomerPaymentMethodsInput } from "@commerce-api/schemas";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { checkInput } from "../../lib/forms.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState } from "../../ui/Feedback.js";
import { SelectField, TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { CustomerLink } from "../../ui/RecordLinks.js";
import { seedNote } from "../../ui/SeedNote.js";
import { textCodec, type UrlFilters, useUrlFilters } from "../../ui/url-filters.js";

const codec = textCodec({ customer: "" });

export function PaymentMethodsPage() {
  const form = useUrlFilters(codec, problemsOf);
  const customerId = form.applied.customer;
  return (
    <Page
      title="Payment methods"
      description="The cards and wallets a customer has saved."
      hooks={["useListCustomerPaymentMethodsInfinite"]}
    >
      <Panel>
        <CustomerChoice form={form} />
      </Panel>
      {customerId ? (
        <>
          <h2 className="section-title">
            <CustomerLink id={customerId} />
          </h2>
          <CustomerMethods id={customerId} />
        </>
      ) : (
        <EmptyState title="Choose a customer to see their cards" />
      )}
    </Page>
  );
}

function problemsOf(filters: { customer: string }) {
  if (!filters.customer) return undefined;
  const checked = checkInput(ListCustomerPaymentMethodsInput, { id: filters.customer.trim() });
  return checked.ok ? undefined : { customer: checked.errors.id ?? "Not a customer ID." };
}

function CustomerChoice({ form }: { form: UrlFilters<{ customer: string }> }) {
  const { customers: all, inOrganization } = useSandboxRecords();
  const customers = inOrganization(all);
  return (
    <form className="inline-form" onSubmit={form.submit} aria-label="Choose a customer" noValidate>
      {customers.length > 0 ? (
        <SelectField
          label="Customer"
          options={[
            { value: "", label: "Choose…" },
            ...customers.map((c) => ({ value: c.id, label: `${c.name ?? c.email} (${c.email})` })),
          ]}
          {...form.choice("customer")}
          name="sandbox-customer"
        />
      ) : null}
      <DevOnly>
        <TextField
          label="Customer ID"
          hint={seedNote("customers", "Any customer ID can be typed.")}
          {...form.field("customer")}
        />
        <button type="submit" className="button">
          Show payment methods
        </button>
      </DevOnly>
    </form>
  );
}

function CustomerMethods({ id }: { id: string }) {
  const query = useListCustomerPaymentMethodsInfinite({ id, limit: 10 }, keepRows);
  return (
    <QueryList
      query={query}
      loading="Loading payment methods…"
      empty="This customer has no saved payment methods"
    >
      {(methods) => <PaymentMethodTable methods={methods} label="Customer payment methods" />}
    </QueryList>
  );
}
