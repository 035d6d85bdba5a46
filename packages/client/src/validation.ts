/**
 * A validator's outcome, as the client reports it: the parsed value, or its problems as
 * `Issue`s, a failed union reporting the problems of the member the value came closest to
 * (as the client always has, so a form can map them to fields).
 */
import type { Issue } from "./issues.js";
import type { Check, Key, Problem } from "./validate.js";

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Runs a validator over a whole value. */
export function parseWith<T>(check: Check, value: unknown): Validation<T> {
  const problems: Problem[] = [];
  const output = check(value, problems);
  return problems.length === 0 ? { ok: true, value: output as T } : { ok: false, issues: toIssues(problems) };
}

/** Problems as issues; a union that failed reports the problems of the member it came closest to. */
export function toIssues(problems: readonly Problem[], prefix: readonly Key[] = []): Issue[] {
  return problems.flatMap((each) => {
    const path = [...prefix, ...each.path];
    const branch = each.code === "invalid_union" ? closestBranch(each.errors ?? []) : undefined;
    if (branch) return toIssues(branch, path);
    return [{ path, message: each.message, code: each.code }];
  });
}

/** The member a value got furthest into (its deepest problem, then its fewest problems). */
function closestBranch(branches: readonly (readonly Problem[])[]): readonly Problem[] | undefined {
  const depth = (problems: readonly Problem[]) => Math.max(0, ...problems.map((p) => p.path.length));
  let best: readonly Problem[] | undefined;
  for (const branch of branches) {
    if (branch.length === 0) continue;
    if (
      !best ||
      depth(branch) > depth(best) ||
      (depth(branch) === depth(best) && branch.length < best.length)
    )
      best = branch;
  }
  return best;
}
