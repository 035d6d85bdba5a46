/**
 * The sandbox's own endpoints, under `/__sandbox` (no token needed, never failed
 * by an injected fault). Over HTTP they give a test what the in-process sandbox
 * gives (`connectSandbox(url)` in connect.ts is their typed client):
 *
 * - `GET  /__sandbox`                     what this is, its operations and these routes;
 * - `GET  /__sandbox/fixtures`            seeded tokens and ids (`now`: the clock's now);
 * - `POST /__sandbox/reset`               everything back as it started: 204;
 * - `GET  /__sandbox/state[/<table>]`     the records held now;
 * - `GET  /__sandbox/requests`            the API requests routed, with their Polar-Version;
 * - `POST /__sandbox/add/<kind>`          a builder (`sandbox.add.<kind>(body)`): 201 with what it made;
 * - `GET  /__sandbox/clock`, `POST /__sandbox/clock/{freeze,set,advance,resume}`: `{ now, frozen }`;
 * - `POST /__sandbox/inject`              `{ operation, fault, times? }`: `{ pending }`;
 * - `POST /__sandbox/respond`             `{ operation, status, body?, headers?, times? }`: `{ pending }`;
 * - `POST /__sandbox/fail`                `{"count": 2, "status": 503, "retry_after": 1}`: `{ pending }`;
 * - `POST /__sandbox/sandboxes`           a new, independent sandbox: 201 `{ id, baseUrl }`;
 *   `DELETE /__sandbox/sandboxes/<id>`; the new sandbox answers under its `baseUrl`;
 * - `GET  /__sandbox/receipts/<order id>.pdf?…`  the receipt a receipt URL points to.
 *
 * Each group is one entry of `GROUPS` (the first path segment after `/__sandbox`),
 * so a part of the sandbox adds its routes as one group (the webhooks part: `webhooks`).
 * A misuse (unknown kind, option or operation id) answers 400 `SandboxUsageError`
 * with the message the in-process call would throw.
 */
import { routeNotFound } from "../http.js";
import { SandboxUsageError } from "../usage.js";
import { webhooksGroup } from "../webhooks/control.js";
import { addGroup } from "./add.js";
import { clockGroup } from "./clock.js";
import { failGroup, injectGroup } from "./faults.js";
import { json } from "./http-body.js";
import { overviewGroup } from "./overview.js";
import { receiptsGroup } from "./receipts.js";
import { respondGroup } from "./respond.js";
import { sandboxesGroup } from "./sandboxes.js";
import { fixturesGroup, requestsGroup, resetGroup, stateGroup } from "./state.js";
import type { ControlContext, ControlGroup } from "./types.js";

/** The groups of control routes, by the path segment after `/__sandbox` ("" is `/__sandbox` itself). */
export const GROUPS: Readonly<Record<string, ControlGroup>> = {
  "": overviewGroup,
  fixtures: fixturesGroup,
  reset: resetGroup,
  state: stateGroup,
  requests: requestsGroup,
  add: addGroup,
  clock: clockGroup,
  inject: injectGroup,
  respond: respondGroup,
  fail: failGroup,
  sandboxes: sandboxesGroup,
  receipts: receiptsGroup,
  webhooks: webhooksGroup,
};

/** A path segment, decoded; one no URI can have (`%ED%A0%80`) matches no route: 404. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw routeNotFound();
  }
}

export async function handleControl(
  request: Request,
  where: { url: URL; path: string; baseUrl: string },
  control: ControlContext,
): Promise<Response> {
  const segments = where.path.replace(/\/+$/, "").split("/").slice(2).map(decodeSegment);
  const group = GROUPS[segments[0] ?? ""];
  if (!group) throw routeNotFound();
  try {
    return await group({ request, method: request.method, segments, ...where }, control);
  } catch (error) {
    if (error instanceof SandboxUsageError)
      return json(400, { error: "SandboxUsageError", detail: error.message });
    throw error;
  }
}
