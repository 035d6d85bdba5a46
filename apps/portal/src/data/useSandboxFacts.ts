/**
 * Facts of the sandbox's seed the chrome shows: whose screens these are (the session's
 * organization by name) and the sandbox's "today", which its renewals and expiries read from.
 */
import { usePortal } from "../session/PortalContext.js";

/** The session's organization by name (from the sandbox), or the app's own name. */
export function useOwnerName(): string {
  const { fixtures, session } = usePortal();
  const organization = fixtures?.data?.ids.organizations.find((o) => o.id === session?.organizationId);
  return organization?.name ?? "Commerce Portal";
}

/** The sandbox's instant; its seed is laid out around it (April 2026). */
export function useSandboxNow(): string | undefined {
  const { fixtures } = usePortal();
  return fixtures?.data?.now;
}
