/**
 * Sandbox only: the session's records as the sandbox holds them now (useSandboxState, so
 * refetched on focus, after the app's own changes and after a reset): its organization's
 * customers, meters, orders and license keys, and the signed-in customer's own. `ready` is
 * false until they arrive, and stays false against the service, which lists none of these:
 * the screens then say what they cannot list.
 */
import type { SandboxState } from "@commerce-api/sandbox";
import { useMemo } from "react";
import { type LicenseKeyView, licenseKeyView, type OrderView, orderView } from "../lib/sandbox-records.js";
import { usePortal } from "../session/PortalContext.js";
import { useSandboxState } from "./useSandboxState.js";

export interface SandboxRecords {
  customers: SandboxState["customers"];
  meters: SandboxState["meters"];
  subscriptions: SandboxState["subscriptions"];
  orders: OrderView[];
  licenseKeys: LicenseKeyView[];
  /** Against the service nothing is read (it has no such route). */
  sandbox: boolean;
  /** Orders and keys arrived (with the product names the orders are known by). */
  ready: boolean;
  /** The first read that failed, and how to try again. */
  error: Error | null;
  retry(): void;
  inOrganization<T extends { organization_id: string }>(list: readonly T[]): T[];
  ofCustomer<T extends { customer_id: string }>(list: readonly T[]): T[];
  /**
   * Some of these records as a list screen reads them (`useHeldList`): waiting until they
   * arrive, the read's error. Against the service there is nothing to wait for: none.
   */
  held<T>(items: readonly T[]): { items: readonly T[]; ready: boolean; error: Error | null; retry(): void };
}

export function useSandboxRecords(): SandboxRecords {
  const { session, config, fixtures } = usePortal();
  // The sandbox's "today": its seed's keys expire relative to it.
  const now = fixtures?.data?.now;
  const customers = useSandboxState("customers");
  const meters = useSandboxState("meters");
  const products = useSandboxState("products");
  const orders = useSandboxState("orders");
  const licenseKeys = useSandboxState("licenseKeys");
  const refunds = useSandboxState("refunds");
  const subscriptions = useSandboxState("subscriptions");

  const records = useMemo(() => {
    const productNames = new Map((products.data ?? []).map((p) => [p.id, p.name]));
    return {
      customers: customers.data ?? [],
      meters: meters.data ?? [],
      subscriptions: subscriptions.data ?? [],
      orders: (orders.data ?? []).map((o) => orderView(o, (id) => productNames.get(id), refunds.data)),
      licenseKeys: (licenseKeys.data ?? []).map((k) => licenseKeyView(k, now)),
    };
  }, [
    customers.data,
    meters.data,
    subscriptions.data,
    products.data,
    orders.data,
    refunds.data,
    licenseKeys.data,
    now,
  ]);

  const inOrganization = <T extends { organization_id: string }>(list: readonly T[]): T[] =>
    list.filter((item) => item.organization_id === session?.organizationId);
  const ofCustomer = <T extends { customer_id: string }>(list: readonly T[]): T[] =>
    list.filter((item) => item.customer_id === session?.customerId);
  const reads = [customers, meters, products, orders, licenseKeys, refunds, subscriptions];
  const sandbox = config.mode === "sandbox";
  const ready =
    orders.isSuccess &&
    products.isSuccess &&
    licenseKeys.isSuccess &&
    refunds.isSuccess &&
    customers.isSuccess &&
    subscriptions.isSuccess;
  const error = reads.find((read) => read.isError)?.error ?? null;
  const retry = () => {
    for (const read of reads) if (read.isError) void read.refetch();
  };
  return {
    ...records,
    sandbox,
    ready,
    error,
    retry,
    inOrganization,
    ofCustomer,
    held: (items) => ({ items, ready: ready || !sandbox, error, retry }),
  };
}
