import { declarationNames } from "../../ir/names.ts";
import { dependenciesOf, referencedNames } from "../../ir/references.ts";
import type { Api, Declaration, TypeNode } from "../../ir/types.ts";
import { MESSAGES } from "./runtime-names.ts";

export type Mode = "input" | "response";

/**
 * Decides the exported names of schemas and types. A declaration reached only from
 * operation inputs is strict under its own name; one reached from responses is tolerant
 * under its own name and, when inputs use it too, has a strict twin `<Name>Input`.
 * Enums are open (`<Name>`) in responses and closed (`Known<Name>`) in inputs.
 */
export class Naming {
  readonly inputOnly: ReadonlySet<string>;
  readonly strictTwins: ReadonlySet<string>;
  private readonly declarations: ReadonlyMap<string, Declaration>;
  private readonly routedVariants: ReadonlySet<string>;
  private readonly knownValueSets = new Map<string, readonly string[]>();
  private readonly undeclaredSets: { name: string; values: readonly string[]; description: string }[] = [];

  constructor(api: Api) {
    this.declarations = new Map(api.declarations.map((d) => [d.name, d]));
    this.routedVariants = new Set(
      api.declarations.flatMap((d) => (d.kind === "union" ? d.variants.map((v) => v.type) : [])),
    );
    const fromInputs = this.reachable(
      api.operations.flatMap((o) => o.parameters.flatMap((p) => referencedNames(p.type))),
    );
    const fromResponses = this.reachable(
      api.operations.flatMap((o) =>
        o.responses.flatMap((r) => (r.body.kind === "json" ? referencedNames(r.body.type) : [])),
      ),
    );
    const isStrictable = (name: string) => this.declarations.get(name)?.kind !== "enum";
    this.inputOnly = new Set([...fromInputs].filter((n) => !fromResponses.has(n) && isStrictable(n)));
    const inResponseMode = [...this.declarations.keys()].filter((n) => !this.inputOnly.has(n));
    this.strictTwins = new Set(inResponseMode.filter((n) => fromInputs.has(n) && isStrictable(n)));
  }

  private reachable(roots: readonly string[]): Set<string> {
    const seen = new Set<string>();
    const visit = (name: string) => {
      const declaration = this.declarations.get(name);
      if (!declaration || seen.has(name)) return;
      seen.add(name);
      for (const dependency of dependenciesOf(declaration)) visit(dependency);
    };
    for (const root of roots) visit(root);
    return seen;
  }

  declaration(name: string): Declaration | undefined {
    return this.declarations.get(name);
  }

  isRecursive(name: string): boolean {
    return this.declarations.get(name)?.recursive ?? false;
  }

  /** A union that accepts discriminator values it does not list, directly or through a variant. */
  hasFallback(name: string): boolean {
    const declaration = this.declarations.get(name);
    if (declaration?.kind !== "union") return false;
    return declaration.fallback !== undefined || declaration.variants.some((v) => this.hasFallback(v.type));
  }

  /** The fallback variants a union reaches, its own last, nested ones first. */
  fallbacksOf(name: string): string[] {
    const declaration = this.declarations.get(name);
    if (declaration?.kind !== "union") return [];
    const nested = declaration.variants.flatMap((v) => this.fallbacksOf(v.type));
    return declaration.fallback ? [...nested, declaration.fallback] : nested;
  }

  /** Routed to by a discriminated union, so its schema must expose its discriminator values. */
  isRoutedVariant(name: string): boolean {
    return this.routedVariants.has(name);
  }

  /** The modes a declaration is emitted in. */
  modesOf(name: string): Mode[] {
    if (this.inputOnly.has(name)) return ["input"];
    return this.strictTwins.has(name) ? ["response", "input"] : ["response"];
  }

  /** The exported name of a declaration's schema and type in a mode. */
  nameOf(name: string, mode: Mode): string {
    if (mode === "input" && this.strictTwins.has(name)) return declarationNames(name).strictInput;
    return name;
  }

  schemaRef(type: Extract<TypeNode, { kind: "ref" }>, mode: Mode): string {
    if (type.target === "enum")
      return mode === "input" ? `z.enum(${declarationNames(type.name).values}, ${MESSAGES})` : type.name;
    return this.nameOf(type.name, mode);
  }

  typeRef(type: Extract<TypeNode, { kind: "ref" }>, mode: Mode): string {
    if (type.target === "enum") return mode === "input" ? declarationNames(type.name).known : type.name;
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
