// Helpers shared by the tests.

/** The parts of a zod issue the tests look at (zod/mini's `$ZodIssue`, loosely). */
interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly errors?: readonly (readonly IssueLike[])[];
}

/**
 * Every issue of a failed parse with its full path, descending into the per-option issues of
 * `invalid_union` issues (whose own path stops at the union).
 */
export function leafIssues(issues: readonly IssueLike[], prefix: readonly PropertyKey[] = []): IssueLike[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors && issue.errors.length > 0) {
      return issue.errors.flatMap((option) => leafIssues(option, path));
    }
    return [{ ...issue, path }];
  });
}

/** The dotted paths of `leafIssues`, e.g. `items.0.timestamp`. */
export function leafPaths(issues: readonly IssueLike[]): string[] {
  return leafIssues(issues).map((issue) => issue.path.map(String).join("."));
}

/** The dotted paths of the top-level issues, without descending into unions. */
export function topPaths(issues: readonly IssueLike[]): string[] {
  return issues.map((issue) => issue.path.map(String).join("."));
}

/** A deep copy, so a test can change a fixture without touching the others. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** `value` without `key`: a response that left out a field. */
export function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _removed, ...rest } = value;
  return rest;
}
