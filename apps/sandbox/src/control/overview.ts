/** `GET /__sandbox`: the service it plays, its operations, and the control routes. */

import { apiVersion } from "@commerce-api/client/core";
import { routeNotFound } from "../http.js";
import { WEBHOOK_ROUTES } from "../webhooks/control.js";
import { json } from "./http-body.js";
import type { ControlGroup } from "./types.js";

export const CONTROL_ROUTES = [
  "GET /__sandbox/fixtures",
  "POST /__sandbox/reset",
  "GET /__sandbox/state[/<table>]",
  "GET /__sandbox/requests",
  "POST /__sandbox/add/<kind>",
  "GET /__sandbox/clock",
  "POST /__sandbox/clock/{freeze,set,advance,resume}",
  "POST /__sandbox/inject",
  "POST /__sandbox/respond",
  "POST /__sandbox/fail",
  "POST /__sandbox/sandboxes",
  "DELETE /__sandbox/sandboxes/<id>",
  ...WEBHOOK_ROUTES,
] as const;

export const overviewGroup: ControlGroup = ({ method }, control) => {
  if (method !== "GET") throw routeNotFound();
  return json(200, {
    service: "Commerce API sandbox",
    api_version: apiVersion,
    fixtures: "/__sandbox/fixtures",
    control: CONTROL_ROUTES,
    operations: control.operations.map((op) => ({
      id: op.definition.id,
      method: op.definition.method,
      path: op.definition.path,
      auth: op.auth.kinds,
      scopes: op.auth.scopes,
    })),
  });
};
