import type { Operation } from "../../ir/types.ts";

/** `return callee({ ...lines });`, the object one property per line. */
export function returnCall(callee: string, lines: readonly string[]): string {
  return `return ${callee}({\n${lines.join("\n")}\n});`;
}

/** `input: <type>`, defaulting to `{}` when every field is optional. */
export function inputParameter(operation: Operation, type: string) {
  const optional = operation.parameters.every((p) => p.optional);
  return { name: "input", type, ...(optional && { initializer: "{}" }) };
}

/** A key's elements before the input: the root (the runtime's `queryKeyRoot`) and a group path. */
export function keyPrefix(group: readonly string[]): string {
  return ["queryKeyRoot", ...group.map((s) => JSON.stringify(s))].join(", ");
}

/** The type of those elements. */
export function keyPrefixType(group: readonly string[]): string {
  return ["typeof queryKeyRoot", ...group.map((s) => JSON.stringify(s))].join(", ");
}

/** A list that pages by page number (both of the service's forms do), so an infinite query can walk it. */
export function pagesByNumber(operation: Operation): boolean {
  const page = operation.parameters.find((p) => p.name === "page" && p.location === "query");
  return operation.pagination !== undefined && page?.optional === true && page.type.kind === "integer";
}

export function answersNull(operation: Operation): boolean {
  return operation.responses.some((r) => r.body.kind === "null");
}
