/**
 * A screen's filters: open on a wide screen; on a phone folded under one "Filters" line
 * (with how many are applied) so the results are on the first screen.
 */
import { type ReactNode, useEffect, useState } from "react";

const PHONE = "(max-width: 600px)";

export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const update = () => setPhone(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return phone;
}

export function FilterPanel({
  applied,
  fold = true,
  children,
}: {
  applied: number;
  /** False for a screen whose one filter is the choice it needs (which customer's cards). */
  fold?: boolean;
  children: ReactNode;
}) {
  const phone = useIsPhone();
  if (!phone || !fold) return <section className="panel">{children}</section>;
  return (
    <details className="panel filter-fold">
      <summary>Filters{applied > 0 ? ` (${applied} applied)` : ""}</summary>
      {children}
    </details>
  );
}

/** Fields whose value differs from the screen's blank form. */
export function changedFrom<T extends Record<string, string>>(blank: T, form: T): number {
  return Object.keys(blank).filter((key) => key !== "sorting" && form[key] !== blank[key]).length;
}
