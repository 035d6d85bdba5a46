/** Loading, empty and error states: every screen shows one of them or its data. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { describeError, type ErrorReport } from "../lib/errors.js";
import { DevOnly } from "./DeveloperMode.js";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

/**
 * An error in words. `onRetry` shows a "Try again" button, only when retrying can help;
 * a refused session links to the session picker instead.
 */
export function ErrorNotice({
  error,
  onRetry,
  describe = describeError,
}: {
  error: unknown;
  onRetry?: () => void;
  /** A screen that knows more about its operation's failures says it in its own words. */
  describe?: (error: unknown) => ErrorReport;
}) {
  const report = describe(error);
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{report.title}</p>
      <p>{report.message}</p>
      {report.detail ? (
        <DevOnly>
          <p className="muted">{report.detail}</p>
        </DevOnly>
      ) : null}
      {report.retryable && onRetry ? (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
      {report.session ? (
        <p>
          <Link to="/">Choose another session</Link>
        </p>
      ) : null}
    </div>
  );
}

export function SuccessNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="notice notice-success" role="status">
      <p className="notice-title">{title}</p>
      {children}
    </div>
  );
}
