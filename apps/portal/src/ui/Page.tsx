import type { ReactNode } from "react";

/** A screen's title, what it is for, and the hooks it calls (the sample app shows its own wiring). */
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
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-description">{description}</p>
          <p className="page-hooks">
            {hooks.map((hook) => (
              <code key={hook}>{hook}</code>
            ))}
          </p>
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </>
  );
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
