/**
 * Checkout links, custom fields and discounts: delete one, behind a confirmation.
 * Calls useDeleteCheckoutLink, useDeleteCustomField or useDeleteDiscount.
 *
 * The API has no list operation for these, so the sandbox's current records are listed by
 * name (read back from its state, so a record deleted anywhere is gone); the developer view
 * takes any ID too.
 */
import { useDeleteCheckoutLink, useDeleteCustomField, useDeleteDiscount } from "@commerce-api/react/2026-10";
import {
  DeleteCheckoutLinkInput,
  DeleteCustomFieldInput,
  DeleteDiscountInput,
} from "@commerce-api/schemas/2026-10";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNames } from "../../data/useNames.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { sandboxStateKey, useSandboxState } from "../../data/useSandboxState.js";
import { humanize } from "../../lib/format.js";
import { checkInput } from "../../lib/forms.js";
import {
  type DeletableKind,
  type DeletableRecord,
  deletableTables,
  discountTerms,
  recordName,
} from "../../lib/record-names.js";
import { usePortal } from "../../session/PortalContext.js";
import { ConfirmDialog } from "../../ui/ConfirmDialog.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export type { DeletableKind };

const kinds = {
  "checkout-links": {
    title: "Checkout links",
    one: "checkout link",
    description:
      "Shareable links that open a checkout for chosen products: copy one to share it. Deleting one makes its URL stop working. New links are made in the service's dashboard; the API this app uses can only delete them.",
    hook: "useDeleteCheckoutLink",
    consequence: "Its URL will stop working.",
    schema: DeleteCheckoutLinkInput,
  },
  "custom-fields": {
    title: "Custom fields",
    one: "custom field",
    description:
      "Extra questions asked at checkout. Deleting one also detaches it from every product. New fields are made in the service's dashboard; the API this app uses can only delete them.",
    hook: "useDeleteCustomField",
    consequence: "It is detached from every product.",
    schema: DeleteCustomFieldInput,
  },
  discounts: {
    title: "Discounts",
    one: "discount",
    description:
      "Codes and automatic reductions, with what each takes off. Deleting one stops it applying to new checkouts. New discounts are made in the service's dashboard; the API this app uses can only delete them.",
    hook: "useDeleteDiscount",
    consequence: "It stops applying to new checkouts.",
    schema: DeleteDiscountInput,
  },
} as const;

/** The kind's records the sandbox holds now, in the session's organization, each by name. */
function useRecords(kind: DeletableKind) {
  const { session } = usePortal();
  const names = useNames();
  const state = useSandboxState(deletableTables[kind]);
  const { orders, inOrganization } = useSandboxRecords();
  // Discounts hold no currency: a fixed one is in the organization's (its orders').
  const currency = inOrganization(orders)[0]?.currency ?? "usd";
  const records = ((state.data ?? []) as readonly DeletableRecord[])
    .filter((record) => record.organization_id === session?.organizationId)
    .map((record) => ({
      id: record.id,
      name: recordName(kind, record, names.product),
      detail: recordDetail(kind, record, currency),
    }));
  return { state, records };
}

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
  const { config } = usePortal();
  const queryClient = useQueryClient();
  const { state, records } = useRecords(kind);
  const list = useHeldList(
    { items: records, ready: state.isSuccess, error: state.error, retry: () => void state.refetch() },
    50,
  );
  const [typed, setTyped] = useState("");
  const named = (id: string | undefined) => records.find((record) => record.id === id)?.name;
  /** Its name once it is gone from the list: "Launch week (LAUNCH) was deleted". */
  const [deletedName, setDeletedName] = useState<string | undefined>();
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
    setDeletedName(named(id));
    remove.mutate(
      { id },
      {
        // Read the sandbox's records again: the deleted one is gone from its state.
        onSuccess: () =>
          queryClient.invalidateQueries({ queryKey: [...sandboxStateKey, deletableTables[kind]] }),
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
          <SuccessNotice title={`${deletedName ?? `The ${spec.one}`} was deleted`} />
        ) : null}
      </div>
      {config.mode === "service" ? (
        <EmptyState title={`The API cannot list ${spec.title.toLowerCase()}`}>
          <p>Turn on the developer switch to delete one by its ID.</p>
        </EmptyState>
      ) : (
        <Panel>
          <DevOnly>
            <p className="panel-note">
              The API has no list of {spec.title.toLowerCase()}: these are the sandbox's, read from its
              current state (<code>GET /__sandbox/state/{deletableTables[kind]}</code>), so a deleted one is
              gone in every tab until you reset the sandbox. Any ID can be typed below.
            </p>
          </DevOnly>
          <QueryList
            bare
            query={list}
            loading={`Loading ${spec.title.toLowerCase()}…`}
            empty={
              <EmptyState title={`No ${spec.title.toLowerCase()} left`}>
                <p>Reset the sandbox to bring them back.</p>
              </EmptyState>
            }
          >
            {(items) => (
              <ul className="record-list" aria-label={spec.title}>
                {items.map((item) => (
                  <li key={item.id}>
                    <span className="record-text">
                      <span className="cell-main">{item.name}</span>
                      {item.detail ? <span className="cell-sub">{item.detail}</span> : null}
                    </span>
                    {kind === "checkout-links" && item.detail ? (
                      <CopyButton text={item.detail} what={item.name} />
                    ) : null}
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
          </QueryList>
        </Panel>
      )}
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

/** What a row shows under the name: a discount's terms, a checkout link's URL, a field's type. */
function recordDetail(kind: DeletableKind, record: DeletableRecord, currency: string): string | undefined {
  if (kind === "discounts") return discountTerms(record as Parameters<typeof discountTerms>[0], currency);
  if (kind === "checkout-links") return (record as { url: string }).url;
  const type = (record as { type?: string }).type;
  return type ? `${humanize(type)} field` : undefined;
}

function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small button-secondary"
      aria-label={copied ? `Copied the link of ${what}` : `Copy the link of ${what}`}
      onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
    >
      {copied ? "Copied" : "Copy link"}
    </button>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
