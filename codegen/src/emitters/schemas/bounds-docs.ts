import type { TypeNode } from "../../ir/types.ts";

/**
 * The bounds an input field is checked against, in words for its hover docs, e.g.
 * `Must be from 1 to 100.`: the caller sees them before the check refuses a value.
 */
export function describeBounds(type: TypeNode): string | undefined {
  const notes = [...new Set(boundsOf(type))];
  return notes.length > 0 ? notes.join(" ") : undefined;
}

function boundsOf(type: TypeNode): string[] {
  switch (type.kind) {
    case "union":
      return type.members.flatMap(boundsOf);
    case "integer":
    case "number": {
      const lower = type.min ?? type.exclusiveMin;
      const upper = type.max ?? type.exclusiveMax;
      if (type.min !== undefined && type.max !== undefined)
        return [`Must be from ${type.min} to ${type.max}.`];
      const parts = [
        lower !== undefined && `${type.min !== undefined ? "at least" : "more than"} ${lower}`,
        upper !== undefined && `${type.max !== undefined ? "at most" : "less than"} ${upper}`,
      ].filter(Boolean);
      return parts.length > 0 ? [`Must be ${parts.join(" and ")}.`] : [];
    }
    case "string": {
      const length = range(type.minLength, type.maxLength);
      return [
        ...(type.format === "date" ? ["Must be an ISO 8601 date (YYYY-MM-DD)."] : []),
        ...(type.format === "ip" ? ["Must be an IPv4 or IPv6 address."] : []),
        ...(length ? [`Must be ${length} characters long.`] : []),
        ...(type.pattern !== undefined ? [`Must match \`${type.pattern}\`.`] : []),
      ];
    }
    case "array": {
      const items = range(type.minItems, type.maxItems);
      return items ? [`Must have ${items} items.`] : [];
    }
    case "record": {
      const entries = range(undefined, type.maxEntries);
      const keys = range(type.keyMinLength, type.keyMaxLength);
      const parts = [entries && `${entries} entries`, keys && `keys ${keys} characters long`].filter(Boolean);
      return parts.length > 0 ? [`Must have ${parts.join(", with ")}.`] : [];
    }
    default:
      return [];
  }
}

/** `from 1 to 40`, `at least 3`, `at most 100`, or nothing. */
function range(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return undefined;
}
