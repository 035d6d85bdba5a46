import { inputIsOptional } from "../../ir/body.ts";
import type { Operation } from "../../ir/types.ts";

/** `input: <type>`, defaulting to `{}` when every field is optional. */
export function inputParameter(operation: Operation, type: string) {
  const optional = inputIsOptional(operation);
  return { name: "input", type, ...(optional && { initializer: "{}" }) };
}

/** A key's group path as a tuple literal, `["products", "list"]`: a value, or the same text as a type. */
export function groupPath(group: readonly string[]): string {
  return `[${group.map((s) => JSON.stringify(s)).join(", ")}]`;
}

/** A list that pages by page number (both of the service's forms do), so an infinite query can walk it. */
export function pagesByNumber(operation: Operation): boolean {
  const page = operation.parameters.find((p) => p.name === "page" && p.location === "query");
  return operation.pagination !== undefined && page?.optional === true && page.type.kind === "integer";
}

export function answersNull(operation: Operation): boolean {
  return operation.responses.some((r) => r.body.kind === "null");
}
