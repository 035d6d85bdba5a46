/**
 * Turning a handler's reply into a Response, after checking it the way the
 * client will read it: the status must be one the operation's definition lists,
 * and a `json` status's body must match the definition's schema for it. A reply
 * that fails is a seed or handler bug: the answer is a 500 that names the
 * operation and the fields at fault (and the same line goes to stderr), never
 * a response the client would reject.
 */
import type { OperationDefinition } from "./definitions.js";
import { empty, json } from "./http.js";
import type { Reply } from "./routes/types.js";
import { describeIssues } from "./validation.js";

export function respond(definition: OperationDefinition, reply: Reply, validate: boolean): Response {
  const problem = validate ? replyProblem(definition, reply) : undefined;
  if (problem !== undefined) {
    const detail = `${definition.id} ${reply.status} ${problem}`;
    console.error(`[sandbox] ${detail}`);
    return json(500, { error: "SandboxResponseInvalid", detail });
  }
  return reply.body === undefined ? empty(reply.status) : json(reply.status, reply.body);
}

/** Why the client would reject this reply, or undefined when it would accept it. */
function replyProblem(definition: OperationDefinition, reply: Reply): string | undefined {
  const expected = definition.responses[reply.status];
  if (expected === undefined) {
    const listed = Object.keys(definition.responses).join(", ");
    return `is not a status of the operation (its definition lists ${listed})`;
  }
  // `void` and `null` statuses are read without looking at the body.
  if (expected.body !== "json") return undefined;
  const result = expected.schema.safeParse(reply.body);
  if (result.success) return undefined;
  return `body does not match its response schema: ${describeIssues(result.error.issues)}`;
}
