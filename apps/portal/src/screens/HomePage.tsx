/** The start: what the app is, and one click into each area. */
import { useEffect } from "react";
import { Link, Navigate } from "react-router";
import { useFirstVisitSession } from "../session/AreaGuard.js";
import { usePortal } from "../session/PortalContext.js";
import { type Area, quickPicks, sessionChoices, sessionTitle, toSession } from "../session/session.js";
import { Loading } from "../ui/Feedback.js";
import { useDocumentTitle } from "../ui/Page.js";

export function HomePage() {
  const { config, session, firstVisit, fixtures } = usePortal();
  // Named as the Session menu names it: the organization, then the token or the customer.
  const current = fixtures?.data
    ? sessionChoices(fixtures.data).find((choice) => choice.token === session?.token)
    : undefined;
  const signedInAs = current ? sessionTitle(current) : session?.label;
  useDocumentTitle("Start");
  // A first visit to the sandbox lands on a working screen, already signed in, not on a picker.
  if (firstVisit) return <FirstVisit />;
  return (
    <div className="home">
      <header className="page-header">
        <div>
          <h1>Commerce Portal</h1>
          <p className="page-description">
            A sample app built on <code>@commerce-api/react</code>: every one of the API's operations, as an
            organization sees them and as a customer sees them.{" "}
            {config.mode === "sandbox"
              ? "It runs against the local sandbox: open an area with a session below (or from the Session menu), change anything, then reset."
              : `It calls ${config.apiBaseUrl}.`}
          </p>
        </div>
      </header>
      <div className="cards">
        <AreaCard
          area="organization"
          title="Organization"
          text="What happened (events, in words), products, refunds, customers and their cards, license keys and their devices, invoices, checkout links, custom fields and discounts."
          start="/org/events"
        />
        <AreaCard
          area="customer"
          title="Customer portal"
          text="What a customer sees, under the merchant's name: their subscriptions and what comes next, payment methods, license keys and devices, and receipts."
          start="/portal/subscriptions"
        />
      </div>
      {session ? (
        <p className="muted">
          Signed in as <strong>{signedInAs}</strong>. Switch with the Session menu at the top.
        </p>
      ) : null}
    </div>
  );
}

function FirstVisit() {
  const { session, landed } = usePortal();
  useFirstVisitSession("organization");
  useEffect(() => {
    if (session) landed();
  }, [session, landed]);
  return session ? <Navigate to="/org/events" replace /> : <Loading label="Opening the sandbox…" />;
}

function AreaCard({ area, title, text, start }: { area: Area; title: string; text: string; start: string }) {
  const { config, fixtures, choose, session } = usePortal();
  const choices = fixtures?.data ? quickPicks(sessionChoices(fixtures.data), area) : [];
  return (
    <section className="card" aria-labelledby={`${area}-card`}>
      <h2 id={`${area}-card`}>{title}</h2>
      <p>{text}</p>
      {session?.area === area ? (
        <Link className="button" to={start}>
          Open {title.toLowerCase()}
        </Link>
      ) : config.mode === "sandbox" ? (
        fixtures?.isPending ? (
          <Loading label="Loading sandbox sessions…" />
        ) : (
          <div className="choice-list choice-column">
            {choices.map((choice) => (
              <Link
                key={choice.token}
                className="button button-secondary"
                to={start}
                onClick={() => choose(toSession(choice))}
              >
                {sessionTitle(choice)}
              </Link>
            ))}
          </div>
        )
      ) : (
        <p className="muted">Paste a token in the header to start.</p>
      )}
    </section>
  );
}
