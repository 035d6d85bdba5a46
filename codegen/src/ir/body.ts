/**
 * A request body named as one type (`body: BenefitCreate`) whose fields the input takes beside
 * its path and query fields: an object type, or a union of them. Every printer of an input
 * (the schemas, the client's validators, the MCP tools) reads it as the same list of variants,
 * each one object of fields, so they cannot disagree on what a call may hold.
 */
import type { Declaration, Field, Operation, TypeNode } from "./types.ts";

/** One shape a spread body may take: its fields, and the tag that selects it in a tagged union. */
export interface BodyVariant {
  readonly fields: readonly Field[];
  /** The discriminator and value of each tagged union on the way to this variant, outermost first. */
  readonly tags: readonly { readonly discriminator: string; readonly value: string }[];
}

/** Finds a declaration by name (a Map's `get`, or ModeAnalysis's `declaration`). */
type Lookup = (name: string) => Declaration | undefined;

/**
 * The variants of a body type whose fields can be the input's: an object (one variant), an
 * alias of one, a tagged union or a plain union of such (each leaf one variant). Undefined for
 * any other type (an array, a string, a nullable object): that body is the input's field `body`.
 */
export function bodyVariants(type: TypeNode, declarations: Lookup): BodyVariant[] | undefined {
  if (type.kind === "union") {
    const members = type.members.map((member) => bodyVariants(member, declarations));
    return members.every((m) => m !== undefined) ? members.flat() : undefined;
  }
  if (type.kind !== "ref") return undefined;
  const declaration = declarations(type.name);
  switch (declaration?.kind) {
    case "object":
      // An input never sends what the service sets.
      return [{ fields: declaration.fields.filter((field) => !field.readOnly), tags: [] }];
    case "alias":
      return bodyVariants(declaration.type, declarations);
    case "union": {
      const variants = declaration.variants.map((variant) => {
        const inner = bodyVariants({ kind: "ref", name: variant.type, target: "object" }, declarations);
        const tag = { discriminator: declaration.discriminator, value: variant.value };
        return inner?.map((v) => ({ fields: v.fields, tags: [tag, ...v.tags] }));
      });
      return variants.every((v) => v !== undefined) ? variants.flat() : undefined;
    }
    default:
      return undefined;
  }
}

/** Every type an operation's input refers to: its fields', and its spread body's. */
export function inputTypes(operation: Operation): TypeNode[] {
  const spread = operation.body?.spread;
  return [...operation.parameters.map((parameter) => parameter.type), ...(spread ? [spread] : [])];
}

/** The names of the fields a call's body may hold: its body fields, or every field of every variant of its spread body. */
export function bodyFieldNames(operation: Operation, declarations: Lookup): string[] | undefined {
  if (!operation.hasBody) return undefined;
  const spread = operation.body?.spread;
  if (!spread) return operation.parameters.filter((p) => p.location === "body").map((p) => p.name);
  const variants = bodyVariants(spread, declarations) ?? [];
  return [...new Set(variants.flatMap((variant) => variant.fields.map((field) => field.name)))];
}

/**
 * An operation's input as printers build it: its fields; its spread body's type alone, when it
 * has no path or query field; or one object per variant of the body, the path and query fields
 * in each.
 */
export type InputShape =
  | { readonly kind: "fields"; readonly fields: readonly Field[] }
  | { readonly kind: "body"; readonly type: TypeNode }
  | { readonly kind: "variants"; readonly variants: readonly (readonly Field[])[] };

export function inputShape(operation: Operation, declarations: Lookup): InputShape {
  const spread = operation.body?.spread;
  if (!spread) return { kind: "fields", fields: operation.parameters };
  if (operation.parameters.length === 0) return { kind: "body", type: spread };
  const variants = bodyVariants(spread, declarations) ?? [];
  // A body field that repeats a path or query field (the loader checked their types agree) is that field.
  const taken = new Set(operation.parameters.map((parameter) => parameter.name));
  return {
    kind: "variants",
    variants: variants.map((v) => [
      ...operation.parameters,
      ...v.fields.filter((field) => !taken.has(field.name)),
    ]),
  };
}

/** Whether a call may leave its input out: every field optional, and no body type to fill. */
export function inputIsOptional(operation: Operation): boolean {
  return operation.body?.spread === undefined && operation.parameters.every((p) => p.optional);
}
