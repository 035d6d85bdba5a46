import type { DifferenceKind } from "../../drift/difference.ts";
import { type DriftScope, driftReport } from "../../drift/drift-report.ts";
import type { Schema } from "../../drift/schema-view.ts";
import type { Api } from "../../ir/types.ts";
import type { PathSegment, YamlSource } from "../../loader/read-yaml.ts";

/** A place where the spec, with the import written in, says one thing and the document another. */
export interface Disagreement {
  /** The spec's line as it is on disk; undefined for a line the import would add. */
  readonly line: number | undefined;
  readonly path: readonly PathSegment[];
  readonly kind: DifferenceKind;
  /** In the spec's words: `bound: field 'limit' of listRefunds's query: max: the spec 100, the document none`. */
  readonly message: string;
  /** Where the document says it: a JSON pointer into the document itself. */
  readonly theirs: string;
}

/**
 * What the imported operations say, compared as `drift` compares (its report, one code path):
 * the operations imported (new, or the spec's own at the same method and path) and everything
 * they reach, our types included. A `deliberate:` mark counts as it does for `drift`.
 */
export function disagreements(
  merged: Api,
  source: YamlSource,
  document: Schema,
  scope: DriftScope,
  originalLine: (mergedLine: number) => number | undefined,
): Disagreement[] {
  const report = driftReport(merged, source, document, { ...scope, byName: false });
  return report.drift.map((difference) => ({
    line: originalLine(difference.line),
    path: difference.path,
    kind: difference.kind,
    message: `${difference.kind}: ${subjectOf(difference.path)}: ${inOurWords(difference.message)}`,
    theirs: difference.theirs,
  }));
}

/** A merged line's line in the original text, from the lines inserted after each original line. */
export function lineMapper(insertedAfter: ReadonlyMap<number, number>): (line: number) => number | undefined {
  const blocks = [...insertedAfter].sort((a, b) => a[0] - b[0]);
  return (line) => {
    let shift = 0;
    for (const [after, count] of blocks) {
      if (line <= after + shift) break;
      if (line <= after + shift + count) return undefined;
      shift += count;
    }
    return line - shift;
  };
}

/** The spec's place in words: `field 'dispute' of Refund`, `body field 'amount' of createRefund`. */
export function subjectOf(path: readonly PathSegment[]): string {
  const [section, name, ...rest] = path.map(String);
  const bare = (key: string | undefined) => (key ?? "").replace(/\?$/, "");
  switch (section) {
    case "types":
      return rest[0] === "fields" ? `field '${bare(rest[1])}' of ${name}` : `type ${name}`;
    case "enums":
      return `enum ${name}`;
    case "webhooks":
      return name === undefined ? "webhooks" : `webhook ${name}`;
    case "operations":
      if (rest[0] === "input" && rest[2] !== undefined)
        return `${rest[1]} field '${bare(rest[2])}' of ${name}`;
      if (rest[0] === "input") return `the ${rest[1]} of ${name}`;
      if (rest[0] === "responses")
        return rest[1] === undefined ? `responses of ${name}` : `status ${rest[1]} of ${name}`;
      if (rest[0] === "errors" || rest[0] === "auth") return `${rest[0]} of ${name}`;
      return `operation ${name}`;
    default:
      return "the spec";
  }
}

/** Our language's names for JSON Schema's bounds. */
const boundNames: Record<string, string> = {
  minimum: "min",
  maximum: "max",
  exclusiveMinimum: "exclusiveMin",
  exclusiveMaximum: "exclusiveMax",
  maxProperties: "maxEntries",
};

/** A drift message said as the spec says it: our bound names, "the spec" and "the document". */
export function inOurWords(message: string): string {
  return message
    .replace(
      /^(minimum|maximum|exclusiveMinimum|exclusiveMaximum|maxProperties):/,
      (_, key: string) => `${boundNames[key]}:`,
    )
    .replace(/\bours\b/g, "the spec")
    .replace(/\btheirs\b/g, "the document");
}
