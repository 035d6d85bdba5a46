import { dependenciesOf } from "../ir/references.ts";
import type { Declaration } from "../ir/types.ts";

/**
 * Orders declarations so each comes after what it refers to (schemas are constants, so
 * order matters), keeping the spec's order otherwise, and marks the ones on a cycle:
 * those must be reached lazily.
 */
export function orderDeclarations(declarations: readonly Declaration[]): Declaration[] {
  const byName = new Map(declarations.map((d) => [d.name, d]));
  const ordered: Declaration[] = [];
  const state = new Map<string, "visiting" | "done">();
  const recursive = new Set<string>();

  const visit = (name: string, stack: string[]) => {
    const mark = state.get(name);
    if (mark === "done") return;
    if (mark === "visiting") {
      for (const member of stack.slice(stack.indexOf(name))) recursive.add(member);
      return;
    }
    state.set(name, "visiting");
    for (const dependency of dependenciesOf(byName.get(name)!)) {
      if (byName.has(dependency)) visit(dependency, [...stack, name]);
    }
    state.set(name, "done");
    ordered.push(byName.get(name)!);
  };
  for (const declaration of declarations) visit(declaration.name, []);
  return ordered.map((d) => (recursive.has(d.name) ? { ...d, recursive: true } : d));
}
