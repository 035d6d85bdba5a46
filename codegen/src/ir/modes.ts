/**
 * The input and response rules, decided once for every printer (the zod schemas, the
 * TypeScript types, the client's validators), so the three cannot disagree:
 *
 * - **Which declarations are input-only, which have a strict twin.** A declaration reached
 *   only from operation inputs is strict under its own name; one reached from responses is
 *   tolerant under its own name and, when inputs use it too, has a strict twin `<Name>Input`.
 * - **Inputs are strict** (bounds, formats, closed enums, no unknown keys) because a bad call
 *   should never reach the network; **responses are tolerant**: bounds dropped, enums open,
 *   unknown keys kept, because the service adds fields and values without notice.
 * - **Unions fold** `null` into nullability and an `integer` beside a plain `number` (any
 *   number passes `number`).
 */
import { inputTypes } from "./body.ts";
import { declarationNames } from "./names.ts";
import { dependenciesOf, referencedNames } from "./references.ts";
import type { Api, Declaration, StringFormat, TypeNode } from "./types.ts";

export type Mode = "input" | "response";

/** Which declarations each mode uses, and under which names. */
export class ModeAnalysis {
  readonly inputOnly: ReadonlySet<string>;
  readonly strictTwins: ReadonlySet<string>;
  private readonly declarations: ReadonlyMap<string, Declaration>;
  private readonly routedVariants: ReadonlySet<string>;

  constructor(api: Api) {
    this.declarations = new Map(api.declarations.map((d) => [d.name, d]));
    this.routedVariants = new Set(
      api.declarations.flatMap((d) => (d.kind === "union" ? d.variants.map((v) => v.type) : [])),
    );
    const fromInputs = this.reachable(api.operations.flatMap((o) => inputTypes(o).flatMap(referencedNames)));
    const fromResponses = this.reachable(
      api.operations.flatMap((o) =>
        o.responses.flatMap((r) => (r.body.kind === "json" ? referencedNames(r.body.type) : [])),
      ),
    );
    // An enum has no strict twin: its closed form is its `Known<Name>` in inputs.
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

  /** The mode a declaration is used in where `mode` is wanted: its own when it has only one. */
  modeOf(name: string, mode: Mode): Mode {
    const modes = this.modesOf(name);
    return modes.includes(mode) ? mode : modes[0]!;
  }

  /** The exported name of a declaration's schema, type and validator in a mode. */
  nameOf(name: string, mode: Mode): string {
    if (mode === "input" && this.strictTwins.has(name)) return declarationNames(name).strictInput;
    return name;
  }

  /**
   * The name of what a union's discriminator routes to for this declaration: `Known<Name>`
   * when it has fallbacks for tags not known yet (tried after it), else its own.
   */
  routedNameOf(name: string, mode: Mode): string {
    const own = this.nameOf(name, mode);
    return this.hasFallback(name) ? declarationNames(own).known : own;
  }
}

/**
 * A type node as `mode` checks it, one level deep (the printers apply this to each node they
 * reach): in responses, without its bounds (lengths, ranges, item and entry counts).
 */
export function inMode<T extends TypeNode>(type: T, mode: Mode): T {
  if (mode === "input") return type;
  switch (type.kind) {
    case "string":
      return {
        kind: "string",
        ...(type.format !== undefined && { format: responseFormat(type.format) }),
      } as T; // without its lengths and pattern, as every bound
    case "integer":
    case "number":
      return { kind: type.kind } as T;
    case "array":
      return { kind: "array", items: type.items } as T;
    case "record":
      return { kind: "record", values: type.values } as T;
    default:
      return type;
  }
}

/**
 * A format as responses check it: an id the service sent must not break an app, so a
 * response's UUID is any UUID-shaped string (mocks and older services make ids whose version
 * and variant bits are not RFC 9562's); every other format is checked as inputs check it.
 */
function responseFormat(format: StringFormat): StringFormat {
  return format === "uuid" ? "guid" : format;
}

/** An object's fields as `mode` has them: an input leaves out what the service sets (`readOnly`). */
export function fieldsIn<F extends { readonly readOnly?: boolean }>(
  fields: readonly F[],
  mode: Mode,
): readonly F[] {
  return mode === "input" ? fields.filter((field) => !field.readOnly) : fields;
}

/** Responses accept enum values this version of the SDK does not know; inputs only the known ones. */
export function enumIsOpen(mode: Mode): boolean {
  return mode === "response";
}

/** Responses keep the keys they do not declare; inputs refuse them. */
export function keepsUnknownKeys(mode: Mode): boolean {
  return mode === "response";
}

/**
 * A union's members as every printer prints them: `null` apart (the union is then
 * nullable), and an `integer` beside a plain `number` dropped, since any number passes it.
 */
export function foldUnion(members: readonly TypeNode[]): { members: TypeNode[]; nullable: boolean } {
  const hasNumber = members.some((m) => m.kind === "number" && Object.keys(m).length === 1);
  return {
    members: members.filter((m) => m.kind !== "null" && !(hasNumber && m.kind === "integer")),
    nullable: members.some((m) => m.kind === "null"),
  };
}
