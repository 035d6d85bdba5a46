/** `POST /__sandbox/respond` `{ operation, status, body?, headers?, times? }`: `sandbox.respond` over HTTP. */
import type { OperationId } from "../definitions.js";
import { routeNotFound } from "../http.js";
import type { Override } from "../overrides.js";
import { json, readObject, timesFromJson } from "./http-body.js";
import type { ControlGroup } from "./types.js";

export const respondGroup: ControlGroup = async ({ method, segments, request }, control) => {
  if (method !== "POST" || segments.length !== 1) throw routeNotFound();
  const { operation, times, ...reply } = await readObject(request, "POST /__sandbox/respond");
  const count = timesFromJson(times);
  control.sandbox.respond(
    operation as OperationId,
    {
      ...reply,
      ...(count === undefined ? {} : { times: count }),
    } as Override<OperationId>,
  );
  return json(200, { pending: control.pendingFaults() });
};
