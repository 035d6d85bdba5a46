/**
 * Headers as callers may give them: a `Headers`, a plain object (entries whose
 * value is `undefined` are skipped, so conditional headers read naturally), or
 * `[name, value]` pairs.
 */
export type HeadersInput =
  | Headers
  | Readonly<Record<string, string | undefined>>
  | readonly (readonly [string, string])[];

/** Sets (not appends) every header of `input` on `target`, so later layers override earlier ones. */
export function applyHeaders(target: Headers, input: HeadersInput | undefined): void {
  if (input === undefined) return;
  for (const [name, value] of entriesOf(input)) target.set(name, value);
}

/** As applyHeaders, onto a record keyed by lowercased name (as `Headers` keys them). */
export function setHeaders(target: Record<string, string>, input: HeadersInput | undefined): void {
  if (input === undefined) return;
  for (const [name, value] of entriesOf(input)) target[name.toLowerCase()] = value;
}

function entriesOf(input: HeadersInput): (readonly [string, string])[] {
  if (Array.isArray(input)) return input as (readonly [string, string])[];
  if (isHeaders(input)) {
    const entries: [string, string][] = [];
    input.forEach((value, name) => {
      entries.push([name, value]);
    });
    return entries;
  }
  return Object.entries(input as Record<string, string | undefined>).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
}

/** Duck-typed rather than `instanceof`, so a polyfilled or cross-realm `Headers` works too. */
function isHeaders(input: HeadersInput): input is Headers {
  return typeof (input as Headers).get === "function" && typeof (input as Headers).forEach === "function";
}
