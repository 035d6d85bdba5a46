/**
 * The sandbox's own endpoints, under `/__sandbox` (no token needed, never failed
 * by `failNext`):
 * - `GET  /__sandbox`            what this is, and the operations it serves;
 * - `GET  /__sandbox/fixtures`   seeded tokens and ids;
 * - `POST /__sandbox/reset`      back to the seed (also clears queued failures): 204;
 * - `POST /__sandbox/fail`       `{"count": 2, "status": 503, "retry_after": 1}`: the next
 *                                `count` API responses fail; answers `{"pending": n}`;
 * - `GET  /__sandbox/receipts/<order id>.pdf?…`  the receipt a receipt URL points to.
 */
import { FAILURE_STATUSES, type FailurePlan, type FailureStatus } from "./faults.js";
import type { Fixtures } from "./fixtures.js";
import { empty, errorBody, json, routeNotFound, ServiceError, validationFailed } from "./http.js";
import { receiptPdf, verifyReceiptUrl } from "./receipts.js";
import type { OperationRoute } from "./routes/types.js";
import type { Store } from "./store.js";
import { readJsonBody } from "./validation.js";

export interface ControlContext {
  store(): Store;
  fixtures(): Fixtures;
  reset(): void;
  failNext(plan: FailurePlan): number;
  operations: readonly OperationRoute[];
  secret: string;
  now(): Date;
}

export async function handleControl(request: Request, url: URL, control: ControlContext): Promise<Response> {
  const path = url.pathname.replace(/\/+$/, "");
  const route = `${request.method} ${path}`;
  switch (route) {
    case "GET /__sandbox":
      return json(200, overview(control));
    case "GET /__sandbox/fixtures":
      return json(200, control.fixtures());
    case "POST /__sandbox/reset":
      control.reset();
      return empty(204);
    case "POST /__sandbox/fail":
      return json(200, { pending: control.failNext(readFailurePlan(await readJsonBody(request))) });
    default:
      if (request.method === "GET" && path.startsWith("/__sandbox/receipts/")) return receipt(url, control);
      throw routeNotFound();
  }
}

/** What `GET /__sandbox` answers: the service it plays, its fixtures and its operations. */
function overview(control: ControlContext) {
  return {
    service: "Commerce API sandbox",
    api_version: "2026-04",
    fixtures: "/__sandbox/fixtures",
    operations: control.operations.map((op) => ({
      id: op.definition.id,
      method: op.definition.method,
      path: op.definition.path,
      auth: op.auth.kinds,
      scopes: op.auth.scopes,
    })),
  };
}

function readFailurePlan(body: unknown): FailurePlan {
  const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
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

function receipt(url: URL, control: ControlContext): Response {
  const orderId = verifyReceiptUrl(url, control.secret, control.now());
  const store = control.store();
  const order = orderId ? store.orders.get(orderId) : undefined;
  const organization = order ? store.organizations.get(order.organization_id) : undefined;
  const customer = order ? store.customers.get(order.customer_id) : undefined;
  if (!order || !organization || !customer) {
    throw new ServiceError(403, errorBody("NotPermitted", "This receipt URL is invalid or has expired."));
  }
  return new Response(receiptPdf(order, organization, customer), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="receipt-${order.id}.pdf"`,
    },
  });
}
