/** `GET /__sandbox`: the service it plays, its operations, and the control routes (from the table it was matched in). */

import { apiVersion } from "@commerce-api/client/core";
import { json } from "../http/body.js";
import { routeLine } from "../http/route-table.js";
import type { ControlHandler } from "./types.js";

export const overviewHandler: ControlHandler = {
  handle({ routes }, control) {
    const listed = Object.values(routes).filter((route) => route.path !== "");
    return json(200, {
      service: "Commerce API sandbox",
      api_version: apiVersion,
      fixtures: "/__sandbox/fixtures",
      control: listed.map(routeLine),
      control_described: Object.fromEntries(listed.map((route) => [routeLine(route), route.description])),
      operations: control.operations.map((op) => ({
        id: op.definition.id,
        method: op.definition.method,
        path: op.definition.path,
        auth: op.auth.kinds,
        scopes: op.auth.scopes,
      })),
    });
  },
};
