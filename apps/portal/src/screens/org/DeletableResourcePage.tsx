/**
 * Checkout links, custom fields and discounts: delete one, behind a confirmation.
 * Calls useDeleteCheckoutLink, useDeleteCustomField or useDeleteDiscount.
 *
 * The API has no list operation for these, so the sandbox's records are listed by name
 * (those deleted from this browser left out); the developer view takes any ID too.
 */
import { useDeleteCheckoutLink, useDeleteCustomField, useDeleteDiscount } from "@commerce-api/react";
import { DeleteCheckoutLinkInput, DeleteCustomFieldInput, DeleteDiscountInput } from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { checkInput } from "../../lib/forms.js";
import { usePortal, useSandboxIds } from "../../session/PortalContext.js";
import { ConfirmDialog } from "../../ui/ConfirmDialog.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export type DeletableKind = "checkout-links" | "custom-fields" | "discounts";

const kinds = {
  "checkout-links": {
    title: "Checkout links",
    one: "checkout link",
    description:
      "Shareable links that open a checkout for chosen products. Deleting one makes its URL stop working.",
    hook: "useDeleteCheckoutLink",
    consequence: "Its URL will stop working.",
    schema: DeleteCheckoutLinkInput,
    fixture: "checkout_links",
  },
  "custom-fields": {
    title: "Custom fields",
    one: "custom field",
    description: "Extra questions asked at checkout. Deleting one also detaches it from every product.",
    hook: "useDeleteCustomField",
    consequence: "It is detached from every product.",
    schema: DeleteCustomFieldInput,
    fixture: "custom_fields",
  },
  discounts: {
    title: "Discounts",
    one: "discount",
    description: "Codes and automatic reductions. Deleting one stops it applying to new checkouts.",
    hook: "useDeleteDiscount",
    consequence: "It stops applying to new checkouts.",
    schema: DeleteDiscountInput,
    fixture: "discounts",
  },
} as const;

function useDelete(kind: DeletableKind) {
  // Each hook is called every render, in the same order; the page uses the one of its kind.
  const checkoutLink = useDeleteCheckoutLink();
  const customField = useDeleteCustomField();
  const discount = useDeleteDiscount();
  return { "checkout-links": checkoutLink, "custom-fields": customField, discounts: discount }[kind];
}

export function DeletableResourcePage({ kind }: { kind: DeletableKind }) {
  const spec = kinds[kind];
  const remove = useDelete(kind);
  const { deleted, markDeleted } = usePortal();
  const { ids, inOrganization } = useSandboxIds();
  const seeded = inOrganization(ids?.[spec.fixture]);
  const known = seeded.filter((item) => !deleted.has(item.id));
  const [typed, setTyped] = useState("");
  /** "Launch week (LAUNCH)": the name the seed knows (deleted ones included). */
  const named = (id: string | undefined) => seeded.find((item) => item.id === id)?.name;
  const [confirming, setConfirming] = useState<string | undefined>();
  const { errors, setErrors, fromError, clear } = useFormErrors();

  const ask = (id: string) => {
    remove.reset();
    const checked = checkInput(spec.schema, { id: id.trim() });
    if (!checked.ok) return setErrors(checked.errors);
    clear();
    setConfirming(checked.input.id);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(typed);
  };
  const confirm = () => {
    if (!confirming) return;
    const id = confirming;
    remove.mutate(
      { id },
      {
        onSuccess: () => markDeleted(id),
        onError: fromError,
        onSettled: () => setConfirming(undefined),
      },
    );
  };

  return (
    <Page title={spec.title} description={spec.description} hooks={[spec.hook]}>
      <div aria-live="polite">
        {remove.isError && !errors.id ? <ErrorNotice error={remove.error} /> : null}
        {remove.isSuccess ? (
          <SuccessNotice title={`${named(remove.variables?.id) ?? `The ${spec.one}`} was deleted`} />
        ) : null}
      </div>
      {ids ? (
        <Panel>
          <DevOnly>
            <SeedNote what={spec.title.toLowerCase()}>
              Deleted ones stay gone in this browser until you reset the sandbox; any ID can be typed below.
            </SeedNote>
          </DevOnly>
          {known.length === 0 ? (
            <EmptyState title={`No ${spec.title.toLowerCase()} left`}>
              <p>Reset the sandbox to bring them back.</p>
            </EmptyState>
          ) : (
            <ul className="record-list" aria-label={spec.title}>
              {known.map((item) => (
                <li key={item.id}>
                  <span className="cell-main">{item.name}</span>
                  <DevOnly>
                    <code>{item.id}</code>
                  </DevOnly>
                  <button
                    type="button"
                    className="button button-small button-quiet-danger"
                    aria-label={`Delete ${spec.one} ${item.name}`}
                    onClick={() => ask(item.id)}
                  >
                    Delete…
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      ) : null}
      <DevOnly>
        <Panel title={`Delete a ${spec.one} by ID`} id="by-id">
          <form
            onSubmit={submit}
            className="inline-form"
            aria-label={`Delete a ${spec.one} by ID`}
            noValidate
          >
            <TextField
              label={`${capitalize(spec.one)} ID`}
              name="id"
              value={typed}
              onChange={setTyped}
              error={errors.id}
            />
            <button type="submit" className="button button-danger">
              Delete…
            </button>
          </form>
        </Panel>
      </DevOnly>
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Delete this ${spec.one}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          {named(confirming) ? <strong>{named(confirming)}</strong> : <code>{confirming}</code>} will be
          deleted. {spec.consequence} This cannot be undone (except by resetting the sandbox).
        </p>
      </ConfirmDialog>
    </Page>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
