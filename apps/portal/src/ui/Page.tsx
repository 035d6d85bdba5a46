import { apiVersion } from "@commerce-api/client/2026-10";
import { type ReactNode, useEffect } from "react";
import { useOwnerName } from "../data/useSandboxFacts.js";
import { useDeveloperMode } from "./DeveloperMode.js";

/**
 * A screen's title (also the tab's), what it is for, and, with the developer switch on, the
 * hooks it calls (the sample app shows its own wiring).
 */
export function Page({
  title,
  description,
  hooks,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  hooks: readonly string[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const developer = useDeveloperMode();
  useDocumentTitle(title);
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-description">{description}</p>
          {developer ? (
            <p className="page-hooks">
              {hooks.map((hook) => (
                <code key={hook}>{hook}</code>
              ))}
              <code title="The API version every call sends (@commerce-api/react/2026-10)">
                Polar-Version: {apiVersion}
              </code>
            </p>
          ) : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </>
  );
}

/** `Refunds · Acme Software`: the screen, then whose it is (the merchant's, in the customer portal). */
export function useDocumentTitle(title: string) {
  const owner = useOwnerName();
  useEffect(() => {
    document.title = `${title} · ${owner}`;
  }, [title, owner]);
}

export function Panel({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className="panel" aria-labelledby={headingId}>
      {title ? (
        <h2 className="panel-title" id={headingId}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
