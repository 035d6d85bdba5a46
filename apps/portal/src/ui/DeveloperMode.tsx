/**
 * One switch for what teaches the SDK rather than serves the user: the hooks each screen
 * calls, forms that take a raw ID, pagination forms, where a list comes from. Off by default,
 * remembered in this browser (localStorage), the same in every tab.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";

const STORAGE_KEY = "commerce-portal.developer";

interface DeveloperMode {
  on: boolean;
  setOn(on: boolean): void;
}

const DeveloperContext = createContext<DeveloperMode>({ on: false, setOn: () => {} });

export function DeveloperProvider({ children }: { children: ReactNode }) {
  const [on, setState] = useState(() => readStored());
  const setOn = useCallback((next: boolean) => {
    setState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? "1" : "0");
    } catch {
      // Storage refused (private mode): the switch still works for this page.
    }
  }, []);
  // Another tab switched it: follow.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setState(event.newValue === "1");
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, []);
  return <DeveloperContext.Provider value={{ on, setOn }}>{children}</DeveloperContext.Provider>;
}

export function useDeveloperMode(): boolean {
  return useContext(DeveloperContext).on;
}

/** Rendered only with the developer switch on. */
export function DevOnly({ children }: { children: ReactNode }) {
  return useDeveloperMode() ? children : null;
}

/** The header's switch. */
export function DeveloperToggle() {
  const { on, setOn } = useContext(DeveloperContext);
  return (
    <label className="developer-toggle" title="Show the hooks each screen calls, ID forms and API notes">
      <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />
      <span>Developer</span>
    </label>
  );
}

function readStored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}
