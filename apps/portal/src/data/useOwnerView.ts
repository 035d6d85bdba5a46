/**
 * Sandbox only: a license key as its owner sees it, read live through the owner's customer
 * session (getCustomerLicenseKey). The API lets an organization validate and deactivate an
 * activation but not list a key's activations; the owner's view names each device
 * ("Office iMac") and reflects deactivations made anywhere, in any tab.
 */
import { createClient, getCustomerLicenseKey } from "@commerce-api/client/2026-10";
import { useQuery } from "@tanstack/react-query";
import { usePortal } from "../session/PortalContext.js";

export const ownerViewKey = (keyId: string) => ["sandbox", "owner-view", keyId] as const;

export function useOwnerView(key: { id: string; customer_id: string } | undefined) {
  const { config, fixtures } = usePortal();
  const token = fixtures?.data?.tokens.find(
    (t) => t.kind === "customer_session" && t.customer_id === key?.customer_id,
  )?.token;
  return useQuery({
    // The seeded session's token is a public fixture of the sandbox (GET /__sandbox/fixtures).
    queryKey: [...ownerViewKey(key?.id ?? ""), config.apiBaseUrl, token],
    enabled: key !== undefined && token !== undefined,
    queryFn: () =>
      getCustomerLicenseKey(createClient({ baseUrl: config.apiBaseUrl, token }), { id: key?.id ?? "" }),
  });
}
