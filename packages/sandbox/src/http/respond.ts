/**
 * Turning a handler's reply into a Response, after checking it the way the
 * client will read it: the status must be one the operation's definition lists,
 * and a `json` status's body must pass the definition's validator for it (the
 * client's own, which agrees with the response schema). A reply
 * that fails is a seed or handler bug: the answer is a 500 that names the
 * operation and the fields at fault (and the same line goes to stderr), never
 * a response the client would reject.
 */
import type { Problem } from "@commerce-api/client/core";
import type { Reply } from "../routes/types.js";
import type { OperationDefinition } from "./definitions.js";
import { empty, json } from "./responses.js";

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
  const problems: Problem[] = [];
  expected.validate(reply.body, problems);
  if (problems.length === 0) return undefined;
  const shown = problems
    .slice(0, 5)
    .map((problem) => `${problem.path.length > 0 ? problem.path.join(".") : "(root)"}: ${problem.message}`);
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : "";
  return `body does not match its response schema: ${shown.join("; ")}${more}`;
}
