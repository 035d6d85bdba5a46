/** The header's session control: the sandbox's seeded tokens, or a pasted token for the service. */
import { type FormEvent, useId, useState } from "react";
import { usePortal } from "./PortalContext.js";
import { type Area, type SessionChoice, sessionChoices } from "./session.js";

export function SessionPicker() {
  const { config } = usePortal();
  return config.mode === "sandbox" ? <SandboxPicker /> : <TokenForm />;
}

function SandboxPicker() {
  const { fixtures, session, choose } = usePortal();
  const id = useId();
  const choices = fixtures?.data ? sessionChoices(fixtures.data) : [];
  const groups = groupBy(choices, (choice) => choice.group);
  return (
    <div className="session-picker">
      <label htmlFor={id}>Session</label>
      <select
        id={id}
        value={session?.token ?? ""}
        disabled={!fixtures?.data}
        onChange={(event) => {
          const choice = choices.find((c) => c.token === event.target.value);
          choose(choice ? toSession(choice) : undefined);
        }}
      >
        <option value="">{fixtures?.isPending ? "Loading sessions…" : "Choose a session…"}</option>
        {[...groups].map(([group, members]) => (
          <optgroup key={group} label={group}>
            {members.map((choice) => (
              <option key={choice.token} value={choice.token}>
                {choice.organization} · {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

export function toSession(choice: SessionChoice) {
  const {
    group: _group,
    expired: _expired,
    fullAccess: _full,
    organization: _organization,
    ...session
  } = choice;
  return session;
}

/** Service mode: paste a token (kept in this tab's sessionStorage only). */
function TokenForm() {
  const { session, choose } = usePortal();
  const [token, setToken] = useState("");
  const [area, setArea] = useState<Area>("organization");
  const [organizationId, setOrganizationId] = useState("");
  const tokenId = useId();
  const areaId = useId();
  const orgId = useId();
  if (session) {
    return (
      <div className="session-picker">
        <span className="muted">
          {session.area === "organization" ? "Organization token" : "Customer session"}
        </span>
        <button type="button" className="button button-secondary" onClick={() => choose(undefined)}>
          Sign out
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === "") return;
    choose({
      token: token.trim(),
      area,
      label: area === "organization" ? "Organization token" : "Customer session",
      ...(organizationId.trim() ? { organizationId: organizationId.trim() } : {}),
    });
    setToken("");
  };
  return (
    <form className="session-picker" onSubmit={submit}>
      <label htmlFor={tokenId}>Token</label>
      <input
        id={tokenId}
        type="password"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        autoComplete="off"
      />
      <label htmlFor={areaId}>Kind</label>
      <select id={areaId} value={area} onChange={(e) => setArea(e.target.value as Area)}>
        <option value="organization">Organization</option>
        <option value="customer">Customer session</option>
      </select>
      <label htmlFor={orgId}>Organization ID</label>
      <input id={orgId} value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} />
      <button type="submit" className="button">
        Use token
      </button>
    </form>
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
