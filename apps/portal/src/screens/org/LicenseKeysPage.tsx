/**
 * License keys: validate (optionally an activation, its conditions, and a usage increment)
 * and deactivate an activation. Calls useValidateLicenseKey and useDeactivateLicenseKey.
 */
import { useDeactivateLicenseKey, useValidateLicenseKey } from "@commerce-api/react";
import {
  DeactivateLicenseKeyInput,
  type ValidatedLicenseKey,
  ValidateLicenseKeyInput,
} from "@commerce-api/schemas";
import { type FormEvent, useState } from "react";
import { formatDateTime, keyStatusWords, maskKey } from "../../lib/format.js";
import { checkInput, numberField, parsePairs } from "../../lib/forms.js";
import { describeValidationError } from "../../lib/license-keys.js";
import { usePortal, useSandboxIds } from "../../session/PortalContext.js";
import { StatusBadge } from "../../ui/Badge.js";
import { ConfirmDialog } from "../../ui/ConfirmDialog.js";
import { ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { SelectField, TextAreaField, TextField } from "../../ui/Fields.js";
import { Page, Panel } from "../../ui/Page.js";
import { seedNote } from "../../ui/SeedNote.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export function LicenseKeysPage() {
  return (
    <Page
      title="License keys"
      description="Check a key the way your software would at launch, and free an activation slot."
      hooks={["useValidateLicenseKey", "useDeactivateLicenseKey"]}
    >
      <div className="two-columns">
        <ValidatePanel />
        <DeactivatePanel />
      </div>
    </Page>
  );
}

/**
 * The organization's seeded keys. No operation lets an organization list a key's
 * activations, so these come from the sandbox's seed, without the activations
 * deactivated in this tab (kept for the tab, like deleted records; reset clears them).
 */
function useSandboxKeys() {
  const { ids, inOrganization } = useSandboxIds();
  const { deleted } = usePortal();
  return inOrganization(ids?.license_keys).map((key) => ({
    ...key,
    activation_ids: key.activation_ids.filter((id) => !deleted.has(id)),
  }));
}

const activationsNote =
  "The API cannot list a key's activations for an organization: these come from the sandbox's seed, without the ones deactivated in this tab.";

function ValidatePanel() {
  const { session } = usePortal();
  const keys = useSandboxKeys();
  const [form, setForm] = useState({
    key: "",
    activation_id: "",
    benefit_id: "",
    customer_id: "",
    increment_usage: "",
    conditions: "",
  });
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const validate = useValidateLicenseKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    validate.reset();
    const conditions = parsePairs(form.conditions);
    if (!conditions.ok) return setErrors({ conditions: conditions.error });
    const checked = checkInput(ValidateLicenseKeyInput, {
      key: form.key.trim(),
      organization_id: session?.organizationId,
      activation_id: form.activation_id.trim(),
      benefit_id: form.benefit_id.trim(),
      customer_id: form.customer_id.trim(),
      increment_usage: numberField(form.increment_usage),
      conditions: conditions.value,
    });
    if (!checked.ok) return setErrors(checked.errors);
    clear();
    validate.mutate(checked.input, { onError: fromError });
  };

  const chosen = keys.find((k) => k.key === form.key);
  return (
    <Panel title="Validate a key" id="validate">
      <form onSubmit={submit} className="stack" aria-label="Validate a license key" noValidate>
        {keys.length > 0 ? (
          <SelectField
            label="Sandbox key"
            name="sandbox-key"
            value={chosen?.key ?? ""}
            onChange={(key) => setForm((f) => ({ ...f, key, activation_id: "", conditions: "" }))}
            options={[
              { value: "", label: "Choose a seeded key…" },
              ...keys.map((k) => ({
                value: k.key,
                label: `${maskKey(k.key)} (${keyStatusWords(k.status, k.expired)})`,
              })),
            ]}
            hint={seedNote("license keys", "Any key can be typed below.")}
          />
        ) : null}
        <TextField label="License key" name="key" value={form.key} onChange={set("key")} error={errors.key} />
        <TextField
          label="Activation ID"
          name="activation_id"
          value={form.activation_id}
          onChange={set("activation_id")}
          error={errors.activation_id}
          list={chosen ? "validate-activations" : undefined}
          hint={activationHint(chosen?.activation_ids.length ?? 0)}
        />
        {chosen ? (
          <datalist id="validate-activations">
            {chosen.activation_ids.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
        ) : null}
        <TextAreaField
          label="Conditions"
          name="conditions"
          value={form.conditions}
          onChange={set("conditions")}
          error={errors.conditions}
          placeholder="platform=macos"
          hint="key=value, one a line; must equal the activation's conditions."
        />
        <TextField
          label="Increment usage by"
          name="increment_usage"
          type="number"
          value={form.increment_usage}
          onChange={set("increment_usage")}
          error={errors.increment_usage}
        />
        <details>
          <summary>More checks</summary>
          <TextField
            label="Benefit ID"
            name="benefit_id"
            value={form.benefit_id}
            onChange={set("benefit_id")}
            error={errors.benefit_id}
          />
          <TextField
            label="Customer ID"
            name="customer_id"
            value={form.customer_id}
            onChange={set("customer_id")}
            error={errors.customer_id}
          />
        </details>
        {errors.organization_id ? (
          <p className="field-error">Organization: {errors.organization_id}</p>
        ) : null}
        <div>
          <button type="submit" className="button" disabled={validate.isPending}>
            {validate.isPending ? "Validating…" : "Validate"}
          </button>
        </div>
      </form>
      {validate.isError && Object.keys(errors).length === 0 ? (
        <ErrorNotice error={validate.error} describe={describeValidationError} />
      ) : null}
      {validate.isSuccess ? <ValidationResult result={validate.data} /> : null}
    </Panel>
  );
}

function ValidationResult({ result }: { result: ValidatedLicenseKey }) {
  return (
    <SuccessNotice title="The key is valid">
      <dl className="facts">
        <dt>Key</dt>
        <dd>
          <code>{result.display_key}</code> <StatusBadge status={result.status} />
        </dd>
        <dt>Usage</dt>
        <dd>
          {result.usage}
          {result.limit_usage === null ? " (no limit)" : ` of ${result.limit_usage}`}
        </dd>
        <dt>Validations</dt>
        <dd>{result.validations}</dd>
        <dt>Expires</dt>
        <dd>{result.expires_at ? formatDateTime(result.expires_at) : "never"}</dd>
        {result.activation ? (
          <>
            <dt>Activation</dt>
            <dd>{result.activation.label}</dd>
          </>
        ) : null}
      </dl>
    </SuccessNotice>
  );
}

function DeactivatePanel() {
  const { session, markDeleted } = usePortal();
  const keys = useSandboxKeys();
  const [form, setForm] = useState({ key: "", activation_id: "" });
  const [confirming, setConfirming] = useState<DeactivateLicenseKeyInput | undefined>();
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const deactivate = useDeactivateLicenseKey();
  const withActivations = keys.filter((k) => k.activation_ids.length > 0);
  const chosen = keys.find((k) => k.key === form.key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    deactivate.reset();
    const checked = checkInput(DeactivateLicenseKeyInput, {
      key: form.key.trim(),
      organization_id: session?.organizationId,
      activation_id: form.activation_id.trim(),
    });
    if (!checked.ok) return setErrors(checked.errors);
    clear();
    setConfirming(checked.input);
  };
  const confirm = () => {
    if (!confirming) return;
    deactivate.mutate(confirming, {
      onSuccess: () => {
        markDeleted(confirming.activation_id);
        // The picker moves on to the key's next activation, if any is left.
        const left = keys
          .find((k) => k.key === form.key)
          ?.activation_ids.filter((id) => id !== confirming.activation_id);
        setForm((f) => ({ ...f, activation_id: left?.[0] ?? "" }));
      },
      onError: fromError,
      onSettled: () => setConfirming(undefined),
    });
  };

  return (
    <Panel title="Deactivate an activation" id="deactivate">
      <form onSubmit={submit} className="stack" aria-label="Deactivate a license key activation" noValidate>
        {withActivations.length > 0 ? (
          <SelectField
            label="Sandbox key"
            name="sandbox-key"
            value={chosen?.key ?? ""}
            onChange={(key) => {
              deactivate.reset();
              setForm({ key, activation_id: keys.find((k) => k.key === key)?.activation_ids[0] ?? "" });
            }}
            options={[
              { value: "", label: "Choose a key with activations…" },
              ...withActivations.map((k) => ({
                value: k.key,
                label: `${maskKey(k.key)} (${k.activation_ids.length} ${k.activation_ids.length === 1 ? "activation" : "activations"})`,
              })),
            ]}
            hint={activationsNote}
          />
        ) : null}
        <TextField
          label="License key"
          name="key"
          value={form.key}
          onChange={(key) => setForm((f) => ({ ...f, key }))}
          error={errors.key}
        />
        <TextField
          label="Activation ID"
          name="activation_id"
          value={form.activation_id}
          onChange={(activation_id) => setForm((f) => ({ ...f, activation_id }))}
          error={errors.activation_id}
          list={chosen ? "deactivate-activations" : undefined}
        />
        {chosen ? (
          <datalist id="deactivate-activations">
            {chosen.activation_ids.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
        ) : null}
        <div>
          <button type="submit" className="button button-danger" disabled={deactivate.isPending}>
            Deactivate…
          </button>
        </div>
      </form>
      {deactivate.isError && Object.keys(errors).length === 0 ? (
        <ErrorNotice error={deactivate.error} />
      ) : null}
      {deactivate.isSuccess ? (
        <SuccessNotice title="Activation removed">
          <p>The slot is free; validating this activation now fails.</p>
        </SuccessNotice>
      ) : null}
      <ConfirmDialog
        open={confirming !== undefined}
        title="Deactivate this activation?"
        confirmLabel="Deactivate"
        busy={deactivate.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          The device using activation <code>{confirming?.activation_id}</code> will have to activate again.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

function activationHint(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? "This key has 1 activation." : `This key has ${count} activations.`;
}
