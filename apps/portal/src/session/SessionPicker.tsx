/** The header's session control: the sandbox's seeded tokens, or a pasted token for the service. */
import { type FormEvent, useId, useState } from "react";
import { usePortal } from "./PortalContext.js";
import { SessionMenu } from "./SessionMenu.js";
import type { Area } from "./session.js";

export function SessionPicker() {
  const { config } = usePortal();
  return config.mode === "sandbox" ? <SessionMenu /> : <TokenForm />;
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
