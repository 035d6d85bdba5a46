/**
 * Shows an area's screens only under a session of that area; otherwise offers the right ones.
 * A first visit to the sandbox (no session yet) starts with the area's default session, so a
 * deep link opens a working screen rather than a picker.
 */
import { type ReactNode, useEffect } from "react";
import { EmptyState, Loading } from "../ui/Feedback.js";
import { useDocumentTitle } from "../ui/Page.js";
import { usePortal } from "./PortalContext.js";
import { type Area, defaultChoice, quickPicks, sessionChoices, sessionTitle, toSession } from "./session.js";
import { useSwitchSession } from "./useSwitchSession.js";

export function AreaGuard({ area, children }: { area: Area; children: ReactNode }) {
  const { session, config } = usePortal();
  useFirstVisitSession(area);
  if (session?.area === area) return <>{children}</>;
  if (!session && config.mode === "sandbox") return <Loading label="Opening the sandbox…" />;
  return <ChooseSession area={area} />;
}

/** Sandbox only: no session chosen yet in this tab → the area's default one. */
export function useFirstVisitSession(area: Area) {
  const { session, config, fixtures, choose } = usePortal();
  const data = fixtures?.data;
  useEffect(() => {
    if (session || config.mode !== "sandbox" || !data) return;
    const choice = defaultChoice(sessionChoices(data), area);
    if (choice) choose(toSession(choice));
  }, [session, config.mode, data, area, choose]);
}

export function ChooseSession({ area }: { area: Area }) {
  const { fixtures, config } = usePortal();
  const switchTo = useSwitchSession();
  const what = area === "organization" ? "an organization token" : "a customer or member session";
  const choices = fixtures?.data ? quickPicks(sessionChoices(fixtures.data), area) : [];
  useDocumentTitle("Choose a session");
  return (
    <EmptyState title={`This area needs ${what}`}>
      {config.mode === "sandbox" ? (
        <>
          <p>Pick one of the sandbox's sessions (all of them are in the Session menu at the top):</p>
          <ul className="choice-list">
            {choices.map((choice) => (
              <li key={choice.token}>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => switchTo(toSession(choice))}
                >
                  {sessionTitle(choice)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Paste a token in the header.</p>
      )}
    </EmptyState>
  );
}
