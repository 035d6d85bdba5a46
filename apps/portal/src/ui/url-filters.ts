/**
 * A list's filters live in the address (`?billing=false&sorting=name`): Back and Forward step
 * through them, a filtered view is a link. A dropdown applies as soon as it changes; text
 * fields apply with Enter or the form's button, after the operation's schema checks them.
 */
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import type { FieldErrors } from "../lib/forms.js";
import type { FieldBinding } from "./Fields.js";

/** Reads filters from the address and writes them back (only what differs from blank). */
export interface FilterCodec<F> {
  read(params: URLSearchParams): F;
  write(filters: F): URLSearchParams;
}

/** The codec of a screen whose filters are all text: blank values stay out of the address. */
export function textCodec<F extends Record<string, string>>(blank: F): FilterCodec<F> {
  return {
    read: (params) =>
      Object.fromEntries(Object.entries(blank).map(([key, value]) => [key, params.get(key) ?? value])) as F,
    write: (filters) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) {
        if (value.trim() !== "" && value !== blank[key]) params.set(key, value.trim());
      }
      return params;
    },
  };
}

/** The applied filters (from the address) and a way to change them. */
export function useUrlFilters<F>(codec: FilterCodec<F>) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  return {
    applied: codec.read(params),
    /** Changes with the address: key the form with it, so Back and Forward refill its fields. */
    search,
    commit: (filters: F) => setParams(codec.write(filters)),
  };
}

/**
 * The filter form's draft, started from the applied filters (the form is keyed with the
 * address, so it starts again when the address changes). `check` returns field errors, or
 * nothing when the filters can be applied.
 */
export function useFilterForm<F extends object>(
  applied: F,
  commit: (filters: F) => void,
  check: (filters: F) => FieldErrors | undefined,
) {
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<FieldErrors>({});
  const tryCommit = (next: F) => {
    const problems = check(next);
    if (problems) return setErrors(problems);
    setErrors({});
    commit(next);
  };
  const set = <K extends keyof F>(key: K, value: F[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return {
    draft,
    errors,
    set,
    /** A text field: its value and changes stay in the draft until the form is submitted. */
    field: <K extends keyof F & string>(key: K): FieldBinding => ({
      name: key,
      value: String(draft[key] ?? ""),
      onChange: (value: string) => set(key, value as F[K]),
      error: errors[key],
    }),
    /** A dropdown: a change applies at once, with the rest of the draft. */
    choice: <K extends keyof F & string>(key: K): FieldBinding => ({
      name: key,
      value: String(draft[key] ?? ""),
      onChange: (value: string) => {
        const next = { ...draft, [key]: value };
        setDraft(next);
        tryCommit(next);
      },
      error: errors[key],
    }),
    submit: (event: FormEvent) => {
      event.preventDefault();
      tryCommit(draft);
    },
    apply: tryCommit,
  };
}
