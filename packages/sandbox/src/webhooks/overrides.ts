/**
 * Field overrides for a sent event (`send(type, undefined, { set })`, `commerce-sandbox trigger
 * --set path=value`): each path names a field the built data already has (`total_amount`,
 * `customer.email`, `items.0.label`), so a typo is refused, naming the fields there are; the
 * result is checked against the event's schema by the caller.
 */
import { SandboxUsageError, suggestion } from "../kit/usage.js";

/** A copy of `data` with each `path` set to its value. */
export function withOverrides(where: string, data: unknown, set: Readonly<Record<string, unknown>>): unknown {
  if (typeof set !== "object" || set === null || Array.isArray(set))
    throw new SandboxUsageError(`${where}: set must be an object of { "field.path": value }`);
  const copy = structuredClone(data);
  for (const [path, value] of Object.entries(set)) setPath(where, copy, path, value);
  return copy;
}

function setPath(where: string, data: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let target = data as Record<string, unknown>;
  for (const [index, key] of keys.entries()) {
    const fields = typeof target === "object" && target !== null ? Object.keys(target) : [];
    if (!Object.hasOwn(target ?? {}, key) || typeof target !== "object" || target === null) {
      const at = keys.slice(0, index).join(".") || "data";
      throw new SandboxUsageError(
        `${where}: ${at} has no field ${JSON.stringify(key)}${suggestion(key, fields)} (set ${path}); its fields: ${fields.join(", ") || "none"}`,
      );
    }
    if (index === keys.length - 1) target[key] = value;
    else target = target[key] as Record<string, unknown>;
  }
}
