/**
 * The app's state around the hooks: the configuration, the chosen session and its client
 * (given to the hooks through CommerceProvider), and in sandbox mode the fixtures and reset.
 */
import { createClient } from "@commerce-api/client/2026-10";
import { CommerceProvider } from "@commerce-api/react/2026-10";
import type { Fixtures } from "@commerce-api/sandbox";
import { type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { PortalConfig } from "../config.js";
import { loadSession, type Session, saveSession } from "./session.js";

interface PortalState {
  config: PortalConfig;
  session: Session | undefined;
  choose(session: Session | undefined): void;
  /** Sandbox mode only: the seeded tokens and ids. */
  fixtures: UseQueryResult<Fixtures> | undefined;
  resetSandbox(): Promise<void>;
  /** Sandbox, and no session yet when the tab opened: the start page goes straight to a working screen. */
  firstVisit: boolean;
  landed(): void;
}

const PortalContext = createContext<PortalState | undefined>(undefined);

export function PortalProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | undefined>(() => initialSession(config));
  const [firstVisit, setFirstVisit] = useState(() => config.mode === "sandbox" && !loadSession());
  const landed = useCallback(() => setFirstVisit(false), []);

  const fixtures = useQuery({
    queryKey: ["sandbox", "fixtures"],
    queryFn: fetchFixtures,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: config.mode === "sandbox",
  });

  const choose = useCallback(
    (next: Session | undefined) => {
      // One token's data must never show under another: drop every cached API answer.
      queryClient.removeQueries({ queryKey: ["commerce-api"] });
      saveSession(next);
      setSession(next);
    },
    [queryClient],
  );

  const resetSandbox = useCallback(async () => {
    const response = await fetch("/__sandbox/reset", { method: "POST" });
    if (!response.ok) throw new Error(`The sandbox did not reset (${response.status}).`);
    await queryClient.resetQueries({ queryKey: ["commerce-api"] });
    await queryClient.resetQueries({ queryKey: ["sandbox", "owner-view"] });
    // The records the sandbox holds (useSandboxState) are the seed's again.
    await queryClient.invalidateQueries({ queryKey: ["sandbox", "state"] });
  }, [queryClient]);

  const client = useMemo(
    () =>
      createClient({
        baseUrl: config.apiBaseUrl,
        ...(session ? { token: session.token } : {}),
        // A screen shows an error with a retry button; two quick automatic retries are enough.
        retry: { maxRetries: 1, initialDelayMs: 300 },
      }),
    [config.apiBaseUrl, session],
  );

  const state: PortalState = {
    config,
    session,
    choose,
    fixtures: config.mode === "sandbox" ? fixtures : undefined,
    resetSandbox,
    firstVisit,
    landed,
  };
  return (
    <PortalContext.Provider value={state}>
      <CommerceProvider client={client}>{children}</CommerceProvider>
    </PortalContext.Provider>
  );
}

export function usePortal(): PortalState {
  const state = useContext(PortalContext);
  if (!state) throw new Error("usePortal: render inside <PortalProvider>");
  return state;
}

function initialSession(config: PortalConfig): Session | undefined {
  const stored = loadSession();
  if (stored) return stored;
  if (config.token) return { token: config.token, area: "organization", label: "Token from the environment" };
  return undefined;
}

async function fetchFixtures(): Promise<Fixtures> {
  const response = await fetch("/__sandbox/fixtures", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`The sandbox fixtures could not be read (${response.status}).`);
  return (await response.json()) as Fixtures;
}
