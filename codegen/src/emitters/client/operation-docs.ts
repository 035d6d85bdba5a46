import type { Operation, OperationError } from "../../ir/types.ts";
import { statusErrorClasses } from "./runtime-names.ts";

/** The TSDoc of a standalone operation: what it does, who may call it, what it throws, an example. */
export function operationDocs(operation: Operation): string {
  const lines = [operation.summary];
  if (operation.description) lines.push("", operation.description.trim());
  lines.push("", `\`${operation.method} ${operation.path}\``);
  const scopes =
    operation.scopes.length > 0
      ? ` Scopes (any one): ${operation.scopes.map((s) => `\`${s}\``).join(", ")}.`
      : "";
  lines.push(
    "",
    `Auth: ${operation.auth.map((s) => `\`${s}\``).join(", ")} (\`Authorization: Bearer <token>\`).${scopes}`,
  );
  lines.push("", `@returns ${returnsText(operation)}`);
  lines.push("@throws {@link InvalidInputError} before any request when `input` fails its schema.");
  for (const error of operation.errors) lines.push(`@throws ${throwsText(error)}`);
  const byStatus = Object.entries(statusErrorClasses).map(([status, name]) => `{@link ${name}} ${status}`);
  lines.push(
    `@throws ${byStatus.join(", ")} (all \`ApiError\`s), and {@link ApiError} for any other non-2xx response.`,
  );
  if (operation.example) {
    const input = JSON.stringify(operation.example, null, 2).replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, "$1:");
    lines.push("@example", "```ts", `const result = await ${operation.id}(client, ${input});`, "```");
  }
  if (operation.deprecated) lines.push("@deprecated");
  return lines.join("\n");
}

function returnsText(operation: Operation): string {
  const parts = operation.responses.map((response) => {
    if (response.body.kind === "void") return `nothing (${response.status})`;
    if (response.body.kind === "null") return `\`null\` on ${response.status} (not ready yet)`;
    return `the parsed body on ${response.status}`;
  });
  const pages = operation.pagination ? "; a page, which {@link paginate} can walk to the end" : "";
  return `${parts.join(", ")}${pages}.`;
}

function throwsText(error: OperationError): string {
  if (error.shape === "validation")
    return "{@link HTTPValidationError} 422 when the service rejects the input.";
  const errorClass = error.errorClass ?? statusErrorClasses[error.status] ?? "ApiError";
  return `{@link ${errorClass}} ${error.status} \`${error.code}\`.`;
}
