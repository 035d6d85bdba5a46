/**
 * Inputs for the differential check: every operation's example from spec/commerce.yaml (read
 * with the generator's own loader), and inputs that reach the parts examples leave out
 * (filters as objects and as JSON text, metadata queries, arrays, nulls, conditions).
 */
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
// A path the type checker does not follow: the loader is the generator's, checked there.
const loaderPath = `${root}codegen/src/loader/load.ts`;
const { loadSpec } = (await import(/* @vite-ignore */ loaderPath)) as {
  loadSpec(spec: string, root: string): Promise<{ operations: { id: string; example?: unknown }[] }>;
};
const api = await loadSpec(`${root}spec/commerce.yaml`, root);

const ORGANIZATION = "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
const CUSTOMER = "774312bc-f031-4a45-824d-9a253637ca61";
const filter = {
  conjunction: "and",
  clauses: [
    { property: "name", operator: "eq", value: "order.paid" },
    { conjunction: "or", clauses: [{ property: "metadata.amount", operator: "gte", value: 100 }] },
  ],
};

const handMade: Record<string, unknown> = {
  "listEvents, every filter": {
    filter,
    start_timestamp: "2026-04-01T00:00:00Z",
    end_timestamp: "2026-04-15T12:00:00.000+02:00",
    organization_id: [ORGANIZATION],
    customer_id: CUSTOMER,
    external_customer_id: ["ext-1", "ext-2"],
    name: "order.paid",
    source: ["system", "user"],
    query: "paid",
    depth: 2,
    page: 3,
    limit: 100,
    sorting: ["-timestamp"],
    metadata: { plan: "pro", seats: [1, 2], trial: true },
    cursor_pagination: true,
  },
  "listEvents, filter as JSON text": { filter: JSON.stringify(filter), parent_id: CUSTOMER },
  "listEvents, filter as broken JSON text": { filter: "{not json" },
  "listProducts, organization and visibility": {
    organization_id: ORGANIZATION,
    is_archived: false,
    visibility: ["public", "private"],
    sorting: ["name", "-created_at"],
  },
  "validateLicenseKey, with conditions": {
    key: "ACME-0001",
    organization_id: ORGANIZATION,
    activation_id: null,
    benefit_id: null,
    customer_id: CUSTOMER,
    increment_usage: 1,
    conditions: { plan: "pro", seats: 5, beta: true },
  },
};

export const inputCorpus: readonly { label: string; value: unknown }[] = [
  ...api.operations.flatMap((operation) =>
    operation.example === undefined ? [] : [{ label: `${operation.id}'s example`, value: operation.example }],
  ),
  ...Object.entries(handMade).map(([label, value]) => ({ label, value })),
];
