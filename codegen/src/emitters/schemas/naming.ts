import { enumIsOpen, type Mode, ModeAnalysis } from "../../ir/modes.ts";
import { declarationNames } from "../../ir/names.ts";
import type { TypeNode } from "../../ir/types.ts";
import { MESSAGES } from "./runtime-names.ts";

export type { Mode } from "../../ir/modes.ts";

/**
 * The schemas' names of what ir/modes.ts decides (the closed form of an enum in inputs, a
 * strict twin's name), and the sets of known tags their schemas share, declared once.
 */
export class Naming extends ModeAnalysis {
  private readonly knownValueSets = new Map<string, readonly string[]>();
  private readonly undeclaredSets: { name: string; values: readonly string[]; description: string }[] = [];

  schemaRef(type: Extract<TypeNode, { kind: "ref" }>, mode: Mode): string {
    if (type.target === "enum")
      return enumIsOpen(mode) ? type.name : `z.enum(${declarationNames(type.name).values}, ${MESSAGES})`;
    return this.nameOf(type.name, mode);
  }

  typeRef(type: Extract<TypeNode, { kind: "ref" }>, mode: Mode): string {
    if (type.target === "enum") return enumIsOpen(mode) ? type.name : declarationNames(type.name).known;
    return this.nameOf(type.name, mode);
  }

  /**
   * `name`, a Set of known tags (names.ts names it after its union), declared once: the
   * emitter declares it before the first declaration that uses it (`takeUndeclaredSets`).
   */
  knownValuesSet(name: string, values: readonly string[], description: string): string {
    const known = this.knownValueSets.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(values))
      throw new Error(`two different sets of known tags are both named ${name} (a generator bug)`);
    if (!known) {
      this.knownValueSets.set(name, values);
      this.undeclaredSets.push({ name, values, description });
    }
    return name;
  }

  /** The sets used since the last call, to declare now. */
  takeUndeclaredSets(): { name: string; values: readonly string[]; description: string }[] {
    return this.undeclaredSets.splice(0);
  }
}
