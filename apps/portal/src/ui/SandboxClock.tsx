/**
 * The sandbox's "today". Its seed is laid out around a fixed instant (April 2026), so its
 * renewal and expiry dates read as past or future from there, not from the reader's clock.
 */

import { useSandboxNow } from "../data/useSandboxFacts.js";
import { formatDate } from "../lib/format.js";

/** In the header: the sandbox's date, beside its badge. */
export function SandboxClock() {
  const now = useSandboxNow();
  if (!now) return null;
  return (
    <span className="sandbox-clock" title="The sandbox's data is laid out around this date">
      Sandbox date: <time dateTime={now}>{formatDate(now)}</time>
    </span>
  );
}

/** Above dates that are relative to the sandbox's "today" (periods that end, keys that expire). */
export function SandboxToday() {
  const now = useSandboxNow();
  if (!now) return null;
  return (
    <p className="panel-note">
      Today in the sandbox is <time dateTime={now}>{formatDate(now)}</time>: its periods end and keys expire
      relative to that date, not to yours.
    </p>
  );
}
