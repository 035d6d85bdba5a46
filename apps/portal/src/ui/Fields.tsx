/** Labelled inputs whose error is announced and tied to the input (aria-describedby). */
import { type ReactNode, useId } from "react";
import type { FieldErrors } from "../lib/forms.js";

/** What a field reads from its form: one binding instead of value, onChange and error apart. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** Bindings over a form held in one state object: `<TextField label="Key" {...bind("key")} />`. */
export function fieldBinder<F extends Record<string, string>>(
  form: F,
  setForm: (update: (current: F) => F) => void,
  errors: FieldErrors,
) {
  return (key: keyof F & string): FieldBinding => ({
    name: key,
    value: form[key] ?? "",
    onChange: (value) => setForm((current) => ({ ...current, [key]: value })),
    error: errors[key],
  });
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldLabels {
  label: string;
  hint?: ReactNode;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  type = "text",
  placeholder,
  list,
}: FieldBinding &
  FieldLabels & {
    type?: "text" | "number" | "datetime-local" | "search" | "password";
    placeholder?: string;
    list?: string | undefined;
  }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={type}
          value={value}
          placeholder={placeholder}
          list={list}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  hint,
}: FieldBinding & FieldLabels & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <select {...props} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  placeholder,
}: FieldBinding & FieldLabels & { placeholder?: string }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => (
        <textarea
          {...props}
          name={name}
          rows={2}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A tri-state yes/no filter: "" (any), "true", "false". */
export function booleanOptions(any: string, yes: string, no: string) {
  return [
    { value: "", label: any },
    { value: "true", label: yes },
    { value: "false", label: no },
  ];
}

export function booleanField(value: string): boolean | undefined {
  return value === "true" ? true : value === "false" ? false : undefined;
}
