/** A list of JSON scalars as TypeScript source, spaced as TypeScript's formatter spaces it. */
export function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(", ")}]`;
}
