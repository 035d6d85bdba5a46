/**
 * Run-time checks of the kit's own inputs. Users' tests are rarely type-checked
 * (Vite's templates check `src` only), so a misspelt option, operation id or
 * unit must fail at once with a message naming what is accepted, instead of
 * being ignored (`createSandbox({ sed: false })` seeding anyway).
 */

/** Thrown for a misuse of the kit (never for what the service itself would answer). */
export class SandboxUsageError extends Error {
  override readonly name = "SandboxUsageError";
}

/** ` (did you mean "seed"?)` when one accepted name is close to the given one, else "". */
export function suggestion(given: string, accepted: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(given.length / 3)) + 1;
  for (const name of accepted) {
    const distance = editDistance(given.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best === undefined ? "" : ` (did you mean ${JSON.stringify(best)}?)`;
}

/** Throws for a key of `given` that is not in `accepted`, naming the accepted ones. */
export function checkKeys(what: string, given: object, accepted: readonly string[]): void {
  for (const key of Object.keys(given)) {
    if (!accepted.includes(key)) {
      throw new SandboxUsageError(
        `${what}: unknown option ${JSON.stringify(key)}${suggestion(key, accepted)}; accepted: ${accepted.join(", ")}`,
      );
    }
  }
}

/** Throws unless `value` is one of `accepted`, naming them. */
export function checkOneOf<T extends string>(what: string, value: unknown, accepted: readonly T[]): T {
  if (typeof value === "string" && (accepted as readonly string[]).includes(value)) return value as T;
  const hint = typeof value === "string" ? suggestion(value, accepted) : "";
  throw new SandboxUsageError(
    `${what}: unknown ${JSON.stringify(value)}${hint}; accepted: ${accepted.join(", ")}`,
  );
}

/** `undefined` → 1; a whole number above 0 or Infinity as it is; anything else throws. */
export function checkTimes(what: string, times: unknown): number {
  if (times === undefined) return 1;
  if (times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && (times as number) > 0))
    return times as number;
  throw new SandboxUsageError(
    `${what}: times must be a whole number above 0, or Infinity (until reset), got ${JSON.stringify(times)}`,
  );
}

/** Levenshtein distance; names here are short. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
