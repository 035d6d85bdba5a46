/**
 * Turning a handler's reply into a Response, after checking a JSON success body
 * against its operation's `<Op>Response` schema. A body that does not match is a
 * seed or handler bug: the answer is a 500 that names the operation and the
 * fields at fault (and the same line goes to stderr), never a body the client
 * would reject.
 */
import { RESPONSE_SCHEMAS } from "./contract.js";
import { empty, json } from "./http.js";
import type { OperationId } from "./operation-ids.js";
import type { Reply } from "./routes/types.js";
import { describeIssues } from "./validation.js";

export function respond(operationId: OperationId, reply: Reply, validate: boolean): Response {
  if (reply.body === undefined) return empty(reply.status);
  const schema = RESPONSE_SCHEMAS[operationId][reply.status];
  if (validate && schema && reply.body !== null) {
    const result = schema.safeParse(reply.body);
    if (!result.success) {
      const detail = `${operationId} ${reply.status} body does not match its response schema: ${describeIssues(result.error.issues)}`;
      console.error(`[sandbox] ${detail}`);
      return json(500, { error: "SandboxResponseInvalid", detail });
    }
  }
  return json(reply.status, reply.body);
}
