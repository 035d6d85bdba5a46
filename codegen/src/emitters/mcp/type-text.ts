import type { TypeNode } from "../../ir/types.ts";

/** A type as the instructions for agents write it, TypeScript-like and short: `string (uuid)`, `1 ≤ integer ≤ 100`. */
export function typeText(type: TypeNode): string {
  switch (type.kind) {
    case "string": {
      const format = type.format ? ` (${type.format})` : "";
      const pattern = type.pattern === undefined ? "" : ` matching /${type.pattern}/`;
      return `string${format}${lengthText(type.minLength, type.maxLength)}${pattern}`;
    }
    case "integer":
    case "number":
      return rangeText(type.kind, type.min ?? type.exclusiveMin, type.max ?? type.exclusiveMax, type);
    case "boolean":
    case "unknown":
    case "null":
      return type.kind;
    case "literal":
      return JSON.stringify(type.value);
    case "otherString":
      return "string";
    case "ref":
      return type.name;
    case "array":
      return `${wrapped(type.items)}[]${lengthText(type.minItems, type.maxItems, "items")}`;
    case "record":
      return `Record<string, ${typeText(type.values)}>`;
    case "tuple":
      return `[${type.items.map(typeText).join(", ")}]`;
    case "union":
      return type.members.map(typeText).join(" | ");
    case "jsonText":
      return typeText(type.type);
    case "page":
      return `page of ${typeText(type.items)}`;
  }
}

function wrapped(type: TypeNode): string {
  return type.kind === "union" ? `(${typeText(type)})` : typeText(type);
}

function lengthText(min: number | undefined, max: number | undefined, unit = "chars"): string {
  if (min === undefined && max === undefined) return "";
  return ` (${min ?? 0}..${max ?? "∞"} ${unit})`;
}

function rangeText(
  kind: string,
  low: number | undefined,
  high: number | undefined,
  type: { readonly exclusiveMin?: number; readonly exclusiveMax?: number },
): string {
  const lower = low === undefined ? "" : `${low} ${type.exclusiveMin === undefined ? "≤" : "<"} `;
  const upper = high === undefined ? "" : ` ${type.exclusiveMax === undefined ? "≤" : "<"} ${high}`;
  return `${lower}${kind}${upper}`;
}
