// A spec of any size, made of renamed copies of a real one: for benchmarks and the scale test.
import { parse, stringify } from "yaml";

/** Declarations that operations reach by fixed names (`Page<T>` needs `Pagination`): kept once, shared. */
const shared = new Set(["Pagination", "CursorPagination"]);

/**
 * `copies` renamed copies of a spec in one spec: copy k > 1 suffixes every enum and type
 * name with `V<k>` (and every reference to them), every operation id likewise, and puts its
 * operations under the group `copy<k>` and the path prefix `/copy<k>`.
 * @param {string} specText the YAML of a valid spec
 * @param {number} copies
 * @returns {string} YAML
 */
export function synthesizeSpec(specText, copies) {
  const spec = parse(specText);
  const names = [...Object.keys(spec.enums ?? {}), ...Object.keys(spec.types ?? {})].filter(
    (name) => !shared.has(name),
  );
  const reference = new RegExp(`\\b(${names.join("|")})\\b`, "g");
  const result = { ...spec, enums: {}, types: {}, operations: {} };
  for (let copy = 1; copy <= copies; copy++) {
    const suffix = copy === 1 ? "" : `V${copy}`;
    const rename = (value) => renameReferences(value, reference, suffix);
    for (const [name, body] of Object.entries(spec.enums ?? {})) result.enums[name + suffix] = rename(body);
    for (const [name, body] of Object.entries(spec.types ?? {})) {
      if (copy === 1 || !shared.has(name))
        result.types[shared.has(name) ? name : name + suffix] = rename(body);
    }
    for (const [id, operation] of Object.entries(spec.operations ?? {})) {
      const { errors, ...rest } = operation;
      const renamed = { ...rename(rest), ...(errors && { errors }) };
      if (copy > 1) {
        renamed.group = `copy${copy}.${operation.group}`;
        renamed.path = `/copy${copy}${operation.path}`;
      }
      result.operations[id + suffix] = renamed;
    }
  }
  return stringify(result, { lineWidth: 0 });
}

/** Every declared name in the strings of `value` (never in keys: those are field names), suffixed. */
function renameReferences(value, reference, suffix) {
  if (suffix === "") return value;
  if (typeof value === "string") return value.replace(reference, (name) => name + suffix);
  if (Array.isArray(value)) return value.map((item) => renameReferences(item, reference, suffix));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, renameReferences(item, reference, suffix)]),
    );
  }
  return value;
}
