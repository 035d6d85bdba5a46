import type { Invalidation } from "../ir/types.ts";
import type { SpecDocument } from "./language.ts";
import { type Reporter, suggest } from "./reporter.ts";

/**
 * `invalidates:` names what a mutation changes: query operations by id, or groups
 * (a prefix of query groups). Each entry becomes the group path its cache keys start with.
 */
export function lowerInvalidates(spec: SpecDocument, reporter: Reporter, id: string): Invalidation[] {
  const source = spec.operations[id]!;
  const entries = source.invalidates ?? [];
  const path = ["operations", id, "invalidates"];
  if (entries.length > 0 && source.method === "GET") {
    reporter.report(
      path,
      "a GET operation changes nothing, so it invalidates nothing; remove invalidates (or list it on the mutations that change this data)",
      0,
      "key",
    );
    return [];
  }
  const queries = Object.entries(spec.operations).filter(([, op]) => op.method === "GET");
  const targets: Invalidation[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const at = [...path, index];
    if (seen.has(entry)) {
      reporter.report(at, `'${entry}' is listed twice in invalidates; remove one`);
      continue;
    }
    seen.add(entry);
    const target = spec.operations[entry];
    if (target) {
      if (target.method !== "GET") {
        reporter.report(
          at,
          `'${entry}' is a mutation (${target.method}); only queries are cached, so only they can be invalidated; name a GET operation or a group`,
        );
      } else targets.push({ group: target.group.split(".") });
      continue;
    }
    const inGroup = queries.filter(([, op]) => isInGroup(op.group, entry));
    if (inGroup.length > 0) {
      targets.push({ group: entry.split(".") });
      continue;
    }
    const anyInGroup = Object.values(spec.operations).some((op) => isInGroup(op.group, entry));
    const candidates = [
      ...queries.map(([queryId]) => queryId),
      ...groupPrefixes(queries.map(([, op]) => op.group)),
    ];
    if (anyInGroup) {
      reporter.report(
        at,
        `group '${entry}' holds no query operations, so nothing of it is cached; name a GET operation or a group with queries`,
      );
      continue;
    }
    // An operation already reported as misshapen is no new problem (reportUnknown knows them).
    reporter.reportUnknown(
      entry,
      at,
      `unknown operation or group '${entry}' in invalidates${suggest(entry, candidates)}; name a GET operation id (e.g. ${queries[0]?.[0] ?? "listThings"}) or a group of them`,
    );
  }
  return targets;
}

/** Every proper prefix of the given dotted groups (`a.b.c` → `a`, `a.b`). */
function groupPrefixes(groups: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const group of groups) {
    const parts = group.split(".");
    for (let end = 1; end < parts.length; end++) prefixes.add(parts.slice(0, end).join("."));
  }
  return [...prefixes];
}

/**
 * Whether an operation's group is `group` or under it. A cache key is matched segment by
 * segment, so `thing` holds nothing of `things.list`: a prefix counts only up to a dot.
 */
function isInGroup(operationGroup: string, group: string): boolean {
  return operationGroup === group || operationGroup.startsWith(`${group}.`);
}
