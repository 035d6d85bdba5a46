/** `POST /__sandbox/respond` `{ operation, status, body?, headers?, times? }`: `sandbox.respond` over HTTP. */

import { json, timesFromJson } from "../http/body.js";
import type { OperationId } from "../http/definitions.js";
import type { Override } from "../kit/overrides.js";
import type { ControlHandler } from "./types.js";

export const respondHandler: ControlHandler = {
  body: "object",
  handle({ body }, control) {
    const { operation, times, ...reply } = body;
    const count = timesFromJson(times);
    control.sandbox.respond(
      operation as OperationId,
      {
        ...reply,
        ...(count === undefined ? {} : { times: count }),
      } as Override<OperationId>,
    );
    return json(200, { pending: control.pendingFaults() });
  },
};
