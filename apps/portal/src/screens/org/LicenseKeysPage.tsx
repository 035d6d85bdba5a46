/**
 * License keys: validate (optionally on a device, with its conditions and a usage increment)
 * and deactivate a device. Calls useValidateLicenseKey and useDeactivateLicenseKey. Keys are
 * picked by owner and product; devices by name (the owner's view, useOwnerView).
 */
import { useDeactivateLicenseKey, useValidateLicenseKey } from "@commerce-api/react/2026-10";
import {
  DeactivateLicenseKeyInput,
  type ValidatedLicenseKey,
  ValidateLicenseKeyInput,
} from "@commerce-api/schemas/2026-10";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNames } from "../../data/useNames.js";
import { ownerViewKey, useOwnerView } from "../../data/useOwnerView.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { formatDateTime, keyStatusWords, maskKey } from "../../lib/format.js";
import { checkInput, numberField, parsePairs } from "../../lib/forms.js";
import { describeValidationError } from "../../lib/license-keys.js";
import type { LicenseKeyView } from "../../lib/sandbox-records.js";
import { usePortal } from "../../session/PortalContext.js";
import { StatusBadge } from "../../ui/Badge.js";
import { ConfirmDialog } from "../../ui/ConfirmDialog.js";
import { DevOnly, useDeveloperMode } from "../../ui/DeveloperMode.js";
import { ErrorNotice, SuccessNotice } from "../../ui/Feedback.js";
import { fieldBinder, SelectField, TextAreaField, TextField } from "../../ui/Fields.js";
import { KeyHolder } from "../../ui/KeyHolder.js";
import { Page, Panel } from "../../ui/Page.js";
import { seedNote } from "../../ui/SeedNote.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

type SandboxKey = LicenseKeyView;

export function LicenseKeysPage() {
  return (
    <Page
      title="License keys"
      description="Check a key the way your software would at launch, and free a device's activation."
      hooks={["useValidateLicenseKey", "useDeactivateLicenseKey"]}
    >
      <div className="two-columns">
        <ValidatePanel />
        <DeactivatePanel />
      </div>
    </Page>
  );
}

/** The organization's keys, each named by its owner and what it unlocks. */
function useSandboxKeys() {
  const { licenseKeys, inOrganization } = useSandboxRecords();
  const names = useNames();
  return inOrganization(licenseKeys).map((key) => ({
    ...key,
    // What tells keys apart first (a phone's picker cuts the end): the owner and the key's last characters.
    title: `${names.customer(key.customer_id) ?? "A customer"} · ${maskKey(key.key)} · ${names.benefit(key.benefit_id) ?? "license"}`,
  }));
}

/** A key's devices by name, live; "" first ("any device" or "choose"). */
function DeviceField({
  sandboxKey,
  empty,
  ...binding
}: {
  sandboxKey: SandboxKey | undefined;
  empty: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const owner = useOwnerView(sandboxKey);
  if (!sandboxKey) return null;
  const devices = owner.data?.activations ?? [];
  return (
    <SelectField
      label="Device"
      options={[{ value: "", label: empty }, ...devices.map((a) => ({ value: a.id, label: a.label }))]}
      hint={
        owner.isPending
          ? "Loading the key's devices…"
          : devices.length === 0
            ? "This key is not activated on any device."
            : undefined
      }
      {...binding}
    />
  );
}

function ValidatePanel() {
  const { session } = usePortal();
  const keys = useSandboxKeys();
  const developer = useDeveloperMode();
  const blank = {
    key: "",
    activation_id: "",
    benefit_id: "",
    customer_id: "",
    increment_usage: "",
    conditions: "",
  };
  const [form, setForm] = useState(blank);
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const bind = fieldBinder(form, setForm, errors);
  const validate = useValidateLicenseKey();
  const chosen = keys.find((k) => k.key === form.key);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button stays focusable while busy (a disabled one drops the focus to the page).
    if (validate.isPending) return;
    validate.reset();
    const refuse = (problems: Record<string, string>) => {
      setErrors(problems);
      focusFirstProblem(event.currentTarget);
    };
    if (!form.key.trim()) return refuse({ key: "Choose a key to validate." });
    const conditions = parsePairs(form.conditions);
    if (!conditions.ok) return refuse({ conditions: conditions.error });
    const increment = numberField(form.increment_usage);
    const room = incrementRoom(chosen);
    if (typeof increment === "number" && increment > room) {
      return refuse({
        increment_usage:
          chosen?.limit_usage != null
            ? `This key allows ${formatCount(room)} more (its limit is ${formatCount(chosen.limit_usage)}).`
            : `Enter ${formatCount(room)} or less.`,
      });
    }
    const checked = checkInput(ValidateLicenseKeyInput, {
      key: form.key.trim(),
      organization_id: session?.organizationId,
      activation_id: form.activation_id.trim(),
      benefit_id: form.benefit_id.trim(),
      customer_id: form.customer_id.trim(),
      increment_usage: numberField(form.increment_usage),
      conditions: conditions.value,
    });
    if (!checked.ok) return refuse(checked.errors);
    clear();
    validate.mutate(checked.input, { onError: fromError });
  };

  return (
    <Panel title="Validate a key" id="validate">
      <form onSubmit={submit} className="stack" aria-label="Validate a license key" noValidate>
        {keys.length > 0 ? (
          <SelectField
            label="Key"
            name="sandbox-key"
            value={chosen?.key ?? ""}
            onChange={(key) => setForm((f) => ({ ...f, key, activation_id: "", conditions: "" }))}
            error={keys.length > 0 && !developer ? errors.key : undefined}
            options={[
              { value: "", label: "Choose a key…" },
              ...keys.map((k) => ({
                value: k.key,
                label: `${k.title} (${keyStatusWords(k.status, k.expired)})`,
              })),
            ]}
            hint={developer ? seedNote("license keys", "Any key can be typed below.") : undefined}
          />
        ) : null}
        {keys.length === 0 || developer ? <TextField label="License key" {...bind("key")} /> : null}
        <DeviceField sandboxKey={chosen} empty="No device (the key alone)" {...bind("activation_id")} />
        <TextAreaField
          label="Conditions"
          placeholder="platform=macos"
          hint="key=value, one a line; must equal the device's activation conditions."
          {...bind("conditions")}
        />
        <TextField
          label="Increment usage by"
          type="number"
          hint={`Optional. Adds to the key's usage, which its owner sees; it cannot be undone here.${
            chosen ? ` ${usageRoomWords(chosen)}` : ""
          }`}
          {...bind("increment_usage")}
        />
        <DevOnly>
          <TextField label="Activation ID" {...bind("activation_id")} />
          <TextField label="Benefit ID" {...bind("benefit_id")} />
          <TextField label="Customer ID" {...bind("customer_id")} />
        </DevOnly>
        {errors.organization_id ? (
          <p className="field-error">Organization: {errors.organization_id}</p>
        ) : null}
        <div>
          <button type="submit" className="button" aria-disabled={validate.isPending}>
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
        <dt>Held by</dt>
        <dd>
          <KeyHolder
            member={result.member}
            customer={`${result.customer.name ?? result.customer.email} (the customer)`}
          />
        </dd>
        <dt>Usage</dt>
        <dd>
          {formatCount(result.usage)}
          {result.limit_usage === null ? " (no limit)" : ` of ${formatCount(result.limit_usage)}`}
        </dd>
        <dt>Validations</dt>
        <dd>{formatCount(result.validations)}</dd>
        <dt>Expires</dt>
        <dd>{result.expires_at ? formatDateTime(result.expires_at) : "never"}</dd>
        {result.activation ? (
          <>
            <dt>Device</dt>
            <dd>{result.activation.label}</dd>
          </>
        ) : null}
      </dl>
    </SuccessNotice>
  );
}

function DeactivatePanel() {
  const { session } = usePortal();
  const keys = useSandboxKeys();
  const developer = useDeveloperMode();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ key: "", activation_id: "" });
  const [confirming, setConfirming] = useState<DeactivateLicenseKeyInput | undefined>();
  const [removed, setRemoved] = useState<string | undefined>();
  const { errors, setErrors, fromError, clear } = useFormErrors();
  const bind = fieldBinder(form, setForm, errors);
  const deactivate = useDeactivateLicenseKey();
  const chosen = keys.find((k) => k.key === form.key);
  const owner = useOwnerView(chosen);
  const deviceName = (id: string | undefined) => owner.data?.activations.find((a) => a.id === id)?.label;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deactivate.isPending) return;
    deactivate.reset();
    const target = event.currentTarget;
    if (!form.key.trim()) {
      setErrors({ key: "Choose a key, then the device to free." });
      return focusFirstProblem(target);
    }
    const checked = checkInput(DeactivateLicenseKeyInput, {
      key: form.key.trim(),
      organization_id: session?.organizationId,
      activation_id: form.activation_id.trim(),
    });
    if (!checked.ok) {
      setErrors(
        checked.errors.activation_id && !form.activation_id
          ? { activation_id: "Choose a device." }
          : checked.errors,
      );
      return focusFirstProblem(target);
    }
    clear();
    setConfirming(checked.input);
  };
  const confirm = () => {
    if (!confirming) return;
    const name = deviceName(confirming.activation_id);
    deactivate.mutate(confirming, {
      onSuccess: () => {
        setRemoved(name ?? "The device");
        // Nothing is chosen next: another removal is a deliberate choice, not one more click.
        setForm((f) => ({ ...f, activation_id: "" }));
        if (chosen) void queryClient.invalidateQueries({ queryKey: ownerViewKey(chosen.id) });
      },
      onError: fromError,
      onSettled: () => setConfirming(undefined),
    });
  };

  return (
    <Panel title="Deactivate a device" id="deactivate">
      <form onSubmit={submit} className="stack" aria-label="Deactivate a license key activation" noValidate>
        {keys.length > 0 ? (
          <SelectField
            label="Key"
            name="sandbox-key"
            value={chosen?.key ?? ""}
            onChange={(key) => {
              deactivate.reset();
              clear();
              setForm({ key, activation_id: "" });
            }}
            options={[
              { value: "", label: "Choose a key…" },
              ...keys.map((k) => ({ value: k.key, label: k.title })),
            ]}
            error={!developer ? errors.key : undefined}
          />
        ) : null}
        {keys.length === 0 || developer ? <TextField label="License key" {...bind("key")} /> : null}
        <DeviceField sandboxKey={chosen} empty="Choose a device…" {...bind("activation_id")} />
        <DevOnly>
          <TextField label="Activation ID" {...bind("activation_id")} />
        </DevOnly>
        <div>
          <button type="submit" className="button button-danger" aria-disabled={deactivate.isPending}>
            Deactivate…
          </button>
        </div>
      </form>
      {deactivate.isError && Object.keys(errors).length === 0 ? (
        <ErrorNotice error={deactivate.error} />
      ) : null}
      {deactivate.isSuccess ? (
        <SuccessNotice title={`${removed} deactivated`}>
          <p>Its slot is free; the software on it has to activate again.</p>
        </SuccessNotice>
      ) : null}
      <ConfirmDialog
        open={confirming !== undefined}
        title="Deactivate this device?"
        confirmLabel="Deactivate"
        busy={deactivate.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          {deviceName(confirming?.activation_id) ? (
            <strong>{deviceName(confirming?.activation_id)}</strong>
          ) : (
            "This device"
          )}{" "}
          will have to activate the key again.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

/** At most this much in one validation: what the key's limit leaves, or a sane bound without one. */
const unlimitedIncrement = 1_000_000;

function incrementRoom(key: SandboxKey | undefined): number {
  if (!key || key.limit_usage === null) return unlimitedIncrement;
  return Math.max(0, key.limit_usage - key.usage);
}

function usageRoomWords(key: SandboxKey): string {
  return key.limit_usage === null
    ? `Used ${formatCount(key.usage)} times, no limit.`
    : `Used ${formatCount(key.usage)} of ${formatCount(key.limit_usage)}: up to ${formatCount(incrementRoom(key))} more.`;
}

function formatCount(value: number): string {
  return value.toLocaleString();
}

/** After a refused submit, the first field with a problem takes the focus (after React draws it). */
function focusFirstProblem(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
}
