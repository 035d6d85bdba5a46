import type { Invalidation } from "../ir/types.ts";
import type { InvalidatedEntrySource, OperationSource, SpecDocument } from "./language.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, suggest } from "./reporter.ts";

/**
 * `invalidates:` names what a mutation changes: query operations by id, groups (a prefix
 * of query groups), or one entry of a query (`{ query, where }`: the query input fields
 * whose values come from the mutation's input). Each entry becomes the group path its cache
 * keys start with, and for one entry the fields its input must match.
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
  const targets: Invalidation[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const at = [...path, index];
    const name = typeof entry === "string" ? entry : entry.query;
    if (seen.has(name)) {
      reporter.report(at, `'${name}' is listed twice in invalidates; remove one`);
      continue;
    }
    seen.add(name);
    const target =
      typeof entry === "string"
        ? lowerTarget(spec, reporter, entry, at)
        : lowerEntry(spec, reporter, source, entry, [...at, "query"]);
    if (target) targets.push(target);
  }
  return targets;
}

/** A query operation id or a group: every query under its group path. */
function lowerTarget(
  spec: SpecDocument,
  reporter: Reporter,
  entry: string,
  at: readonly PathSegment[],
): Invalidation | undefined {
  const target = queryOperation(spec, reporter, entry, at);
  if (target) return { group: target.group.split(".") };
  if (target === null) return undefined;
  const queries = queryOperations(spec);
  if (queries.some(([, op]) => isInGroup(op.group, entry))) return { group: entry.split(".") };
  if (Object.values(spec.operations).some((op) => isInGroup(op.group, entry))) {
    reporter.report(
      at,
      `group '${entry}' holds no query operations, so nothing of it is cached; name a GET operation or a group with queries`,
    );
    return undefined;
  }
  const candidates = [
    ...queries.map(([queryId]) => queryId),
    ...groupPrefixes(queries.map(([, op]) => op.group)),
  ];
  // An operation already reported as misshapen is no new problem (reportUnknown knows them).
  reporter.reportUnknown(
    entry,
    at,
    `unknown operation or group '${entry}' in invalidates${suggest(entry, candidates)}; name a GET operation id (e.g. ${queries[0]?.[0] ?? "listThings"}) or a group of them`,
  );
  return undefined;
}

/**
 * `{ query, where }`: the entries of one query whose input fields hold the mutation's input
 * values. Each query field must be in the query's input, each mutation field a required one
 * of the mutation's (an absent value would identify no entry).
 */
function lowerEntry(
  spec: SpecDocument,
  reporter: Reporter,
  mutation: OperationSource,
  entry: InvalidatedEntrySource,
  at: readonly PathSegment[],
): Invalidation | undefined {
  const query = queryOperation(spec, reporter, entry.query, at);
  if (!query) {
    if (query === undefined) {
      const ids = queryOperations(spec).map(([queryId]) => queryId);
      reporter.reportUnknown(
        entry.query,
        at,
        `unknown query operation '${entry.query}' in invalidates${suggest(entry.query, ids)}; name a GET operation id (a group has no single entry to match)`,
      );
    }
    return undefined;
  }
  const wherePath = [...at.slice(0, -1), "where"];
  const pairs =
    typeof entry.where === "string"
      ? [{ queryField: entry.where, inputField: entry.where, queryAt: wherePath, inputAt: wherePath }]
      : Object.entries(entry.where).map(([queryField, inputField]) => ({
          queryField,
          inputField,
          queryAt: [...wherePath, queryField],
          inputAt: [...wherePath, queryField],
        }));
  if (pairs.length === 0) {
    reporter.report(
      wherePath,
      "where names no field; name the input field that identifies the entry, e.g. where: id",
    );
    return undefined;
  }
  const queryFields = inputFields(query);
  const mutationFields = inputFields(mutation);
  let valid = true;
  for (const pair of pairs) {
    if (!queryFields.has(pair.queryField)) {
      valid = false;
      reporter.report(
        pair.queryAt,
        `'${entry.query}' has no input field '${pair.queryField}'${suggest(pair.queryField, [...queryFields.keys()])}; name one of its input fields (${[...queryFields.keys()].join(", ") || "it has none"})`,
        0,
        typeof entry.where === "string" ? "value" : "key",
      );
    }
    const optional = mutationFields.get(pair.inputField);
    if (optional === undefined) {
      valid = false;
      reporter.report(
        pair.inputAt,
        `this operation has no input field '${pair.inputField}'${suggest(pair.inputField, [...mutationFields.keys()])}; name the input field that identifies the changed entry${typeof entry.where === "string" ? `, or map the query's field to it: where: { ${pair.queryField}: <input field> }` : ""}`,
      );
    } else if (optional) {
      valid = false;
      reporter.report(
        pair.inputAt,
        `input field '${pair.inputField}' is optional, so a call without it identifies no entry; make it required or invalidate the whole query (invalidates: [${entry.query}])`,
      );
    }
  }
  if (!valid) return undefined;
  return {
    group: query.group.split("."),
    where: pairs.map(({ queryField, inputField }) => ({ queryField, inputField })),
  };
}

/** The GET operation `id` names; `null` when it names a mutation (reported), `undefined` when none. */
function queryOperation(
  spec: SpecDocument,
  reporter: Reporter,
  id: string,
  at: readonly PathSegment[],
): OperationSource | null | undefined {
  const target = spec.operations[id];
  if (!target) return undefined;
  if (target.method === "GET") return target;
  reporter.report(
    at,
    `'${id}' is a mutation (${target.method}); only queries are cached, so only they can be invalidated; name a GET operation or a group`,
  );
  return null;
}

function queryOperations(spec: SpecDocument): [string, OperationSource][] {
  return Object.entries(spec.operations).filter(([, op]) => op.method === "GET");
}

/** An operation's input field names (path, query and body), each with whether it is optional. */
function inputFields(operation: OperationSource): Map<string, boolean> {
  const { path = {}, query = {}, body = {} } = operation.input ?? {};
  const names = [...Object.keys(path), ...Object.keys(query), ...Object.keys(body)];
  return new Map(names.map((name) => [name.replace(/\?$/, ""), name.endsWith("?")]));
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
