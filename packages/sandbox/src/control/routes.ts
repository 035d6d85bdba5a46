/**
 * The control table: every `/__sandbox` route once (no token needed, never failed by an
 * injected fault). The server dispatches by it and lists it in `GET /__sandbox`
 * (control/index.ts holds the handlers, one per row); `connectSandbox` (kit/connect.ts) and
 * `webhooks/remote.ts` build their requests from it. Data only, so browser bundles of
 * `connectSandbox` can import it. A part of the sandbox adds its rows from its own module
 * (the webhooks part: webhooks/routes.ts).
 */
import type { RouteSpec } from "../http/route-table.js";
import { WEBHOOK_ROUTES } from "../webhooks/routes.js";

export const CONTROL_ROUTES = {
  overview: {
    method: "GET",
    path: "",
    description: "what this is: the service, its operations and these routes",
  },
  fixtures: {
    method: "GET",
    path: "fixtures",
    description: "seeded tokens and ids (now: where the clock was put)",
  },
  reset: { method: "POST", path: "reset", description: "everything back as it started: 204" },
  state: { method: "GET", path: "state/:table?", description: "the records held now (every table, or one)" },
  requests: {
    method: "GET",
    path: "requests",
    description: "the API requests routed so far, with the Polar-Version and Polar-Organization each sent",
  },
  add: {
    method: "POST",
    path: "add/:kind",
    description: "a builder (sandbox.add.<kind>(body)): 201 with what it made",
  },
  clock: { method: "GET", path: "clock", description: "the clock: { now, frozen }", explainMisses: true },
  clockAction: {
    method: "POST",
    path: "clock/:action",
    description: "freeze { at? }, set { at }, advance { by } or resume {}: { now, frozen }",
    explainMisses: true,
  },
  inject: { method: "POST", path: "inject", description: "{ operation, fault, times? }: { pending }" },
  respond: {
    method: "POST",
    path: "respond",
    description: "{ operation, status, body?, headers?, times? }: { pending }",
  },
  fail: { method: "POST", path: "fail", description: "{ count, status, retry_after? }: { pending }" },
  newSandbox: {
    method: "POST",
    path: "sandboxes",
    description: "a new, independent sandbox: 201 { id, baseUrl }",
  },
  deleteSandbox: {
    method: "DELETE",
    path: "sandboxes/:id",
    description: "drops a sandbox made over HTTP: 204",
  },
  inSandbox: {
    method: "ANY",
    path: "sandboxes/:id/*rest",
    description: "a sandbox made over HTTP answers under its baseUrl",
  },
  receipt: {
    method: "GET",
    path: "receipts/:file",
    description: "the receipt PDF a receipt URL points to (signed, valid an hour)",
  },
  ...WEBHOOK_ROUTES,
} as const satisfies Record<string, RouteSpec>;

export type ControlRouteName = keyof typeof CONTROL_ROUTES;
