/**
 * The sandbox's own endpoints, under `/__sandbox`: the table's rows (routes.ts) paired with
 * their handlers, one per row (a row without a handler does not compile). Over HTTP they
 * give a test what the in-process sandbox gives; `connectSandbox(url)` in kit/connect.ts is
 * their typed client.
 */
import type { RouteHandlers } from "../http/route-handlers.js";
import { WEBHOOK_HANDLERS } from "../webhooks/control.js";
import { addHandler } from "./add.js";
import { clockActionHandler, clockHandler } from "./clock.js";
import { controlDispatch } from "./dispatch.js";
import { failHandler, injectHandler } from "./faults.js";
import { overviewHandler } from "./overview.js";
import { receiptHandler } from "./receipts.js";
import { respondHandler } from "./respond.js";
import { CONTROL_ROUTES } from "./routes.js";
import { deleteSandboxHandler, inSandboxHandler, newSandboxHandler } from "./sandboxes.js";
import { fixturesHandler, requestsHandler, resetHandler, stateHandler } from "./state.js";
import type { ControlContext } from "./types.js";

export const CONTROL_HANDLERS: RouteHandlers<typeof CONTROL_ROUTES, ControlContext> = {
  overview: overviewHandler,
  fixtures: fixturesHandler,
  reset: resetHandler,
  state: stateHandler,
  requests: requestsHandler,
  add: addHandler,
  clock: clockHandler,
  clockAction: clockActionHandler,
  inject: injectHandler,
  respond: respondHandler,
  fail: failHandler,
  newSandbox: newSandboxHandler,
  deleteSandbox: deleteSandboxHandler,
  inSandbox: inSandboxHandler,
  receipt: receiptHandler,
  ...WEBHOOK_HANDLERS,
};

export const handleControl = controlDispatch<typeof CONTROL_ROUTES, ControlContext>(
  CONTROL_ROUTES,
  CONTROL_HANDLERS,
);
