import type { differenceKinds } from "../loader/language.ts";

/**
 * One way our spec and an OpenAPI document disagree, placed in both: `ours` is a JSON pointer
 * into the OpenAPI document generated from our spec (spec-places.ts turns it into a line of the
 * spec), `theirs` a JSON pointer into the document compared with it.
 */
export interface Difference {
  readonly kind: DifferenceKind;
  readonly ours: string;
  readonly theirs: string;
  /** What differs, ours first: "maximum: ours 100, theirs none". */
  readonly message: string;
}

/** What differs; also the keys of a `deliberate:` mark in the spec (spec/README.md). */
export type DifferenceKind = (typeof differenceKinds)[number];
