/** Shows an area's screens only under a session of that area; otherwise offers the right ones. */
import type { ReactNode } from "react";
import { EmptyState } from "../ui/Feedback.js";
import { usePortal } from "./PortalContext.js";
import { toSession } from "./SessionPicker.js";
import { type Area, quickPicks, sessionChoices } from "./session.js";

export function AreaGuard({ area, children }: { area: Area; children: ReactNode }) {
  const { session } = usePortal();
  if (session?.area === area) return <>{children}</>;
  return <ChooseSession area={area} />;
}

export function ChooseSession({ area }: { area: Area }) {
  const { fixtures, choose, config } = usePortal();
  const what = area === "organization" ? "an organization token" : "a customer or member session";
  const choices = fixtures?.data ? quickPicks(sessionChoices(fixtures.data), area) : [];
  return (
    <EmptyState title={`This area needs ${what}`}>
      {config.mode === "sandbox" ? (
        <>
          <p>Pick one of the sandbox's sessions:</p>
          <ul className="choice-list">
            {choices.map((choice) => (
              <li key={choice.token}>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => choose(toSession(choice))}
                >
                  {choice.organization}: {choice.label}
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
