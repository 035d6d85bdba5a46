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

/**
 * The applied filters (read from the address) and the form's draft of the next ones. The draft
 * follows the address when it changes from outside (Back, Forward, a link), and keeps what is
 * being typed when the change is the form's own. `check` returns field errors, or nothing when
 * the filters can be applied.
 */
export function useUrlFilters<F extends object>(
  codec: FilterCodec<F>,
  check: (filters: F) => FieldErrors | undefined,
) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const applied = codec.read(params);
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<FieldErrors>({});
  // React's "adjust state when a prop changes", during render rather than in an effect.
  const [synced, setSynced] = useState(search);
  const [ownChange, setOwnChange] = useState<string | undefined>();
  if (search !== synced) {
    setSynced(search);
    setOwnChange(undefined);
    if (search !== ownChange) {
      setDraft(applied);
      setErrors({});
    }
  }

  /** Applies `next` (and makes it the draft), unless `check` finds problems. */
  const apply = (next: F) => {
    setDraft(next);
    const problems = check(next);
    if (problems) return setErrors(problems);
    setErrors({});
    const nextParams = codec.write(next);
    setOwnChange(nextParams.toString());
    setParams(nextParams);
  };
  const set = <K extends keyof F>(key: K, value: F[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return {
    applied,
    draft,
    errors,
    set,
    apply,
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
      onChange: (value: string) => apply({ ...draft, [key]: value }),
      error: errors[key],
    }),
    submit: (event: FormEvent) => {
      event.preventDefault();
      apply(draft);
    },
  };
}

export type UrlFilters<F extends object> = ReturnType<typeof useUrlFilters<F>>;
