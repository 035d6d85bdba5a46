/**
 * The header's session control in sandbox mode: one button naming the session, opening a
 * panel of the seeded sessions grouped by organization and kind. Choosing one of the other
 * kind goes to its area (useSwitchSession).
 */
import { useEffect, useRef } from "react";
import { usePortal } from "./PortalContext.js";
import { type SessionChoice, sessionChoices, sessionShortTitle, sessionTitle, toSession } from "./session.js";
import { useSwitchSession } from "./useSwitchSession.js";

export function SessionMenu() {
  const { fixtures, session } = usePortal();
  const switchTo = useSwitchSession();
  const ref = useRef<HTMLDetailsElement>(null);
  const choices = fixtures?.data ? sessionChoices(fixtures.data) : [];
  const current = choices.find((choice) => choice.token === session?.token);
  useCloseOnOutside(ref);

  const organizations = [...new Set(choices.map((choice) => choice.organization))];
  return (
    <details className="session-menu" ref={ref}>
      <summary aria-label={`Session: ${current ? sessionTitle(current) : "none chosen"}`}>
        <span className="session-menu-kind">
          {session ? (
            session.area === "organization" ? (
              <>
                Org<span className="wide-only">anization</span>
              </>
            ) : (
              "Customer"
            )
          ) : (
            "Session"
          )}
        </span>
        <span className="session-menu-name">
          {current ? sessionTitle(current) : fixtures?.isPending ? "Loading sessions…" : "Choose a session"}
        </span>
        {current ? <span className="session-menu-short">{sessionShortTitle(current)}</span> : null}
      </summary>
      <div className="session-menu-panel">
        {organizations.map((organization) => (
          <div key={organization} className="session-menu-org">
            <p className="session-menu-heading">{organization}</p>
            {groups.map(([label, matches]) => (
              <SessionGroup
                key={label}
                label={label}
                choices={choices.filter((c) => c.organization === organization && matches(c))}
                current={session?.token}
                onChoose={(choice) => {
                  if (ref.current) ref.current.open = false;
                  switchTo(toSession(choice));
                }}
              />
            ))}
          </div>
        ))}
      </div>
    </details>
  );
}

/** Working sessions first; the limited and expired tokens are there to try the error screens. */
const groups: readonly [string, (choice: SessionChoice) => boolean][] = [
  ["Organization tokens", (c) => c.area === "organization" && c.fullAccess],
  ["Customer and member sessions", (c) => c.area === "customer" && c.fullAccess],
  ["Limited or expired, to try errors", (c) => !c.fullAccess],
];

function SessionGroup({
  label,
  choices,
  current,
  onChoose,
}: {
  label: string;
  choices: readonly SessionChoice[];
  current: string | undefined;
  onChoose: (choice: SessionChoice) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <ul className="session-menu-list" aria-label={`${choices[0]?.organization}: ${label.toLowerCase()}`}>
      <li className="session-menu-group" aria-hidden="true">
        {label}
      </li>
      {choices.map((choice) => (
        <li key={choice.token}>
          <button
            type="button"
            aria-current={choice.token === current ? "true" : undefined}
            onClick={() => onChoose(choice)}
          >
            {sessionTitle(choice)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A click outside the open menu, or Escape, closes it (as any menu does). */
function useCloseOnOutside(ref: React.RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [ref]);
}
