/** Faults over HTTP: `POST /__sandbox/inject` (one operation) and `POST /__sandbox/fail` (any call). */

import { json, timesFromJson } from "../http/body.js";
import type { OperationId } from "../http/definitions.js";
import { validationFailed } from "../http/responses.js";
import { FAILURE_STATUSES, type FailurePlan, type FailureStatus, type Fault } from "../kit/faults.js";
import type { ControlHandler } from "./types.js";

/** `{ operation, fault, times? }` (times: a number, or "always"), as `sandbox.inject` takes them. */
export const injectHandler: ControlHandler = {
  body: ["operation", "fault", "times"],
  handle({ body }, control) {
    const times = timesFromJson(body.times);
    control.sandbox.inject(
      body.operation as OperationId,
      body.fault as Fault,
      times === undefined ? {} : { times },
    );
    return json(200, { pending: control.pendingFaults() });
  },
};

export const failHandler: ControlHandler = {
  body: "object",
  handle({ body }, control) {
    const plan = readFailurePlan(body);
    control.sandbox.failNext(plan.count, plan.status, plan.retryAfterSeconds);
    return json(200, { pending: control.pendingFaults() });
  },
};

function readFailurePlan(input: Record<string, unknown>): FailurePlan {
  const { count, status, retry_after: retryAfter } = input;
  const problems = [];
  if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > 10_000) {
    problems.push({
      loc: ["body", "count"],
      msg: "count must be a whole number from 0 to 10000",
      type: "value_error",
      input: count,
    });
  }
  if (!FAILURE_STATUSES.includes(status as FailureStatus)) {
    problems.push({
      loc: ["body", "status"],
      msg: `status must be one of ${FAILURE_STATUSES.join(", ")}`,
      type: "value_error",
      input: status,
    });
  }
  if (retryAfter !== undefined && (!Number.isInteger(retryAfter) || (retryAfter as number) < 0)) {
    problems.push({
      loc: ["body", "retry_after"],
      msg: "retry_after must be a whole number of seconds",
      type: "value_error",
      input: retryAfter,
    });
  }
  if (problems.length > 0) throw validationFailed(problems);
  return {
    count: count as number,
    status: status as FailureStatus,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter as number } : {}),
  };
}
