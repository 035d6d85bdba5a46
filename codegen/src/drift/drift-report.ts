import { openApiDocument } from "../emitters/openapi/document.ts";
import type { Api } from "../ir/types.ts";
import { apiAsOf } from "../ir/versions.ts";
import { webhookUnionNames } from "../ir/webhooks.ts";
import type { PathSegment, YamlSource } from "../loader/read-yaml.ts";
import { compareOperations } from "./compare-operations.ts";
import { SchemaComparison } from "./compare-schemas.ts";
import type { Difference } from "./difference.ts";
import { pointer } from "./json-pointer.ts";
import type { Schema } from "./schema-view.ts";
import { SpecPlaces } from "./spec-places.ts";

/** A difference with the line of the spec it concerns, and the spec's reason when it is deliberate. */
export interface PlacedDifference extends Difference {
  readonly line: number;
  /** The spec's keys down to the place (`["types", "Refund", "fields", "dispute"]`). */
  readonly path: readonly PathSegment[];
  readonly reason?: string;
}

export interface DriftReport {
  /** Differences the spec does not mark as deliberate: drift. */
  readonly drift: readonly PlacedDifference[];
  readonly deliberate: readonly PlacedDifference[];
  readonly operations: { readonly ours: number; readonly shared: number };
  /** Named types both documents have (compared by name, beside those reached through operations). */
  readonly sharedSchemas: number;
  /** Each schema of our generated document compared with one of theirs (SchemaComparison.pairs). */
  readonly pairs: SchemaComparison["pairs"];
}

/** What to compare: everything by default; the import compares only the operations it brings. */
export interface DriftScope {
  /** Only our operations at these places, `"POST /v1/refunds/"`. */
  readonly operations?: ReadonlySet<string>;
  /** Whether our webhooks are compared (default yes). */
  readonly webhooks?: boolean;
  /** Whether the types both name alike are compared, beside those the operations reach (default yes). */
  readonly byName?: boolean;
}

/**
 * Compares our spec with an OpenAPI document: through the document our spec generates, so
 * both sides are read in one language, each difference then placed back in the spec.
 */
export function driftReport(
  whole: Api,
  source: YamlSource,
  theirs: Schema,
  scope: DriftScope = {},
): DriftReport {
  const api = scoped(whole, scope);
  const ours = openApiDocument(apiAsOf(api, versionOf(api, theirs))) as Schema;
  const comparison = new SchemaComparison(ours, theirs);
  const operations = compareOperations(ours, theirs, comparison);
  const ourSchemas = Object.keys((ours.components as { schemas: Schema }).schemas);
  const theirSchemas = (theirs.components as { schemas?: Schema } | undefined)?.schemas ?? {};
  // The webhook events' types take names we generate (`WebhookEvent`, `OrderPaidWebhookEvent`):
  // the events are compared by event type above, and a name of theirs alike is another thing.
  const generated = new Set(
    api.webhooks.length === 0
      ? []
      : [webhookUnionNames.union, webhookUnionNames.fallback, ...api.webhooks.map((event) => event.name)],
  );
  const shared =
    scope.byName === false ? [] : ourSchemas.filter((name) => name in theirSchemas && !generated.has(name));
  for (const name of shared) {
    const at = pointer("components", "schemas", name);
    comparison.compare({ schema: { $ref: at }, at }, { schema: { $ref: at }, at });
  }
  const places = new SpecPlaces(api, source, ours);
  const placed = comparison.differences.map((difference): PlacedDifference => {
    const place = places.place(difference.ours);
    const reason = places.deliberateReason(place, difference.kind);
    return { ...difference, line: place.line, path: place.path, ...(reason !== undefined && { reason }) };
  });
  placed.sort((a, b) => a.line - b.line || a.theirs.localeCompare(b.theirs));
  return {
    drift: placed.filter((difference) => difference.reason === undefined),
    deliberate: placed.filter((difference) => difference.reason !== undefined),
    operations,
    sharedSchemas: shared.length,
    pairs: comparison.pairs,
  };
}

function scoped(api: Api, scope: DriftScope): Api {
  const wanted = scope.operations;
  return {
    ...api,
    operations: wanted
      ? api.operations.filter((operation) => wanted.has(`${operation.method} ${operation.path}`))
      : api.operations,
    webhooks: scope.webhooks === false ? [] : api.webhooks,
  };
}

/** The report as printed: one line per difference, `spec:LINE  pointer  kind: what`, then counts. */
export function formatDriftReport(report: DriftReport, specPath: string, documentPath: string): string[] {
  const line = (difference: PlacedDifference) =>
    `${specPath}:${difference.line}  ${documentPath}${difference.theirs}  ${difference.kind}: ${difference.message}`;
  const lines = [
    `compared ${specPath} with ${documentPath}: ${report.operations.shared} of our ${report.operations.ours} operations are in it (matched by method and path), ${report.sharedSchemas} types by name`,
  ];
  if (report.drift.length > 0) lines.push("", `drift (${report.drift.length}):`, ...report.drift.map(line));
  if (report.deliberate.length > 0) {
    lines.push(
      "",
      `deliberate (${report.deliberate.length}), as the spec marks them:`,
      ...report.deliberate.map((difference) => `${line(difference)} (deliberate: ${difference.reason})`),
    );
  }
  const differences = report.drift.length === 1 ? "difference" : "differences";
  lines.push(
    "",
    `${report.drift.length} ${differences} of drift (${countsByKind(report.drift)}), ${report.deliberate.length} deliberate`,
  );
  return lines;
}

function countsByKind(differences: readonly Difference[]): string {
  const counts = new Map<string, number>();
  for (const difference of differences) counts.set(difference.kind, (counts.get(difference.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${kind} ${count}`).join(", ") || "none";
}

/**
 * The version a document describes, when the spec has it (`info.version: 2026-10`); otherwise
 * the roots' version, as the service publishes only its oldest document.
 */
function versionOf(api: Api, theirs: Schema): string {
  const version = (theirs.info as { version?: unknown } | undefined)?.version;
  return typeof version === "string" && api.versions.includes(version) ? version : api.version;
}
