import { foldUnion, type Mode } from "../../ir/modes.ts";
import { paginationTypeName } from "../../ir/references.ts";
import type { TypeNode } from "../../ir/types.ts";
import type { Naming } from "./naming.ts";

/** Prints the TypeScript type of an IR node; the twin of zod-printer.ts (bounds are not types). */
export function printType(type: TypeNode, mode: Mode, naming: Naming): string {
  switch (type.kind) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
    case "unknown":
    case "null":
      return type.kind;
    case "literal":
      return JSON.stringify(type.value);
    case "otherString":
      return "string & {}";
    case "jsonText":
      return `${printType(type.type, mode, naming)} | string`;
    case "ref":
      return naming.typeRef(type, mode);
    case "array": {
      // Inputs take read-only arrays, so callers can pass `as const` literals.
      const items = printType(type.items, mode, naming);
      if (mode === "input") return /[|&\s]/.test(items) ? `ReadonlyArray<${items}>` : `readonly ${items}[]`;
      return /[|&\s]/.test(items) ? `Array<${items}>` : `${items}[]`;
    }
    case "record":
      return `Record<string, ${printType(type.values, mode, naming)}>`;
    case "tuple":
      return `[${type.items.map((item) => printType(item, mode, naming)).join(", ")}]`;
    case "union": {
      const { members, nullable } = foldUnion(type.members);
      // `integer | number` both print as `number`; say it once.
      const printed = new Set(members.map((member) => printType(member, mode, naming)));
      return [...printed, ...(nullable ? ["null"] : [])].join(" | ");
    }
    case "page": {
      const pagination = type.forms.map((form) =>
        naming.typeRef({ kind: "ref", name: paginationTypeName(form), target: "object" }, mode),
      );
      return `{ items: ${printType({ kind: "array", items: type.items }, mode, naming)}; pagination: ${pagination.join(" | ")} }`;
    }
  }
}
