/**
 * Sandbox only: records as the sandbox holds them now (`GET /__sandbox/state/<table>`, the
 * testing kit's read-back), for what the API cannot list: checkout links, custom fields,
 * discounts, and the names of customers, products and orders. A record deleted anywhere (this
 * tab, another, a script) is gone here at the next read: after a delete, on focus, after a
 * reset. Against the service there is no such route: the query stays off and the screens say
 * what they cannot list.
 *
 * Read with fetch and typed by the sandbox's `SandboxState`, not through `connectSandbox`:
 * that client brings the sandbox's builders into the bundle (+82 KB minified, +19 KB gzip).
 */
import type { SandboxState, TableName } from "@commerce-api/sandbox";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { usePortal } from "../session/PortalContext.js";

/** Every table's key starts with this: a reset or a delete invalidates it. */
export const sandboxStateKey = ["sandbox", "state"] as const;

export function useSandboxState<T extends TableName>(table: T): UseQueryResult<SandboxState[T]> {
  const { config } = usePortal();
  return useQuery({
    queryKey: [...sandboxStateKey, table, config.apiBaseUrl],
    queryFn: () => readState(config.apiBaseUrl, table),
    enabled: config.mode === "sandbox",
    // Another tab or a script may have changed it: read again when this tab comes back.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

async function readState<T extends TableName>(baseUrl: string, table: T): Promise<SandboxState[T]> {
  const response = await fetch(`${baseUrl}/__sandbox/state/${table}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`The sandbox's ${table} could not be read (${response.status}).`);
  return (await response.json()) as SandboxState[T];
}
