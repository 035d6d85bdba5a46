import type { Api, Operation } from "../../ir/types.ts";

/**
 * What an agent reads of a tool: its title (the operation's summary) and a description from
 * the spec's docs, with the facts it needs to call it well: the HTTP call, who may call it and
 * with which scopes (as the spec spells them), how its pages advance, and what it may refuse.
 */
export function toolDescription(operation: Operation, api: Api): string {
  const lines = [operation.summary];
  if (operation.description) lines.push("", operation.description.trim());
  lines.push("", `\`${operation.method} ${operation.path}\`.`, authLine(operation, api));
  const pages = pagesLine(operation);
  if (pages) lines.push(pages);
  const errors = errorsLine(operation, api);
  if (errors) lines.push(errors);
  if (operation.deprecated) lines.push("Deprecated: the service may remove it.");
  return lines.join("\n");
}

/** `Auth: pat, oat (organization tokens). Scopes (any one): products:read, products:write.` */
export function authLine(operation: Operation, api: Api): string {
  if (operation.auth.length === 0) return "Auth: none (the call takes no token).";
  const audience = audienceOf(operation, api);
  const scopes =
    operation.scopes.length > 0
      ? ` Scopes (any one): ${operation.scopes.map((scope) => `\`${scope}\``).join(", ")}.`
      : "";
  const schemes = operation.auth.map((scheme) => `\`${scheme}\``).join(", ");
  return `Auth: ${schemes} (${audience} tokens).${scopes}`;
}

/** How the operation's pages advance, in each form it may answer. */
export function pagesLine(operation: Operation): string | undefined {
  if (!operation.pagination) return undefined;
  const more = operation.pagination.forms.map((form) =>
    form === "offset" ? "`page` is below `pagination.max_page`" : "`pagination.has_next_page` is true",
  );
  return `Answers one page, \`{ items, pagination }\`: ask for the next with \`page\` (from 1) while ${more.join(" or ")}.`;
}

/** The refusals the spec lists for the operation, by status and code. */
export function errorsLine(operation: Operation, api: Api): string | undefined {
  const errors = operation.errors.map((error) => {
    if (error.shape === "validation") return `${error.status} (the service's validation of the input)`;
    const errorClass =
      error.errorClass ?? api.errorCodes.find((code) => code.code === error.code)?.errorClass;
    return `${error.status} \`${error.code}\`${errorClass ? ` (${errorClass})` : ""}`;
  });
  return errors.length > 0 ? `May refuse with: ${errors.join(", ")}.` : undefined;
}

/** Whom the operation's tokens act for: "organization" or "customer" (the first scheme's audience). */
export function audienceOf(operation: Operation, api: Api): "organization" | "customer" {
  const scheme = api.securitySchemes.find((candidate) => candidate.name === operation.auth[0]);
  return scheme?.audience ?? "organization";
}
