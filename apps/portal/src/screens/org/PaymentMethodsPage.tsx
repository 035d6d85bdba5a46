/** A customer's saved payment methods; calls useListCustomerPaymentMethodsInfinite. */
import { useListCustomerPaymentMethodsInfinite } from "@commerce-api/react/2026-10";
import { ListCustomerPaymentMethodsInput } from "@commerce-api/schemas/2026-10";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { type Checked, checkInput } from "../../lib/forms.js";
import { PaymentMethodTable } from "../../ui/Cards.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState } from "../../ui/Feedback.js";
import { SelectField, TextField } from "../../ui/Fields.js";
import { FilteredList } from "../../ui/FilteredList.js";
import { Page } from "../../ui/Page.js";
import { keepRows, QueryList } from "../../ui/QueryList.js";
import { CustomerLink } from "../../ui/RecordLinks.js";
import { seedNote } from "../../ui/SeedNote.js";
import { textCodec, type UrlFilters } from "../../ui/url-filters.js";

const blank = { customer: "" };

const codec = textCodec(blank);

export function PaymentMethodsPage() {
  return (
    <Page
      title="Payment methods"
      description="The cards and wallets a customer has saved."
      hooks={["useListCustomerPaymentMethodsInfinite"]}
    >
      <FilteredList
        blank={blank}
        codec={codec}
        check={check}
        fold={false}
        filters={(form) => <CustomerChoice form={form} />}
        list={(input) =>
          input ? (
            <>
              <h2 className="section-title">
                <CustomerLink id={input.id} />
              </h2>
              <CustomerMethods id={input.id} />
            </>
          ) : (
            <EmptyState title="Choose a customer to see their cards" />
          )
        }
      />
    </Page>
  );
}

/** No customer chosen yet is no mistake: the page asks for one. */
function check({ customer }: typeof blank): Checked<{ id: string } | undefined> {
  if (!customer) return { ok: true, input: undefined };
  const checked = checkInput(ListCustomerPaymentMethodsInput, { id: customer.trim() });
  return checked.ok
    ? checked
    : { ok: false, errors: { customer: checked.errors.id ?? "Not a customer ID." } };
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
