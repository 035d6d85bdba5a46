import { camelCase, declarationNames } from "../../ir/names.ts";
import type { UnionDeclaration } from "../../ir/types.ts";
import { docs } from "../docs.ts";
import { blankLine, functionStatement, type Statement, StructureKind } from "../emitter.ts";
import { access } from "../identifiers.ts";
import type { Naming } from "./naming.ts";

/**
 * Type guards for a union with an unknown variant. That variant's tag is any other string, so
 * TypeScript cannot narrow the union by comparing the tag: `price.amount_type === "fixed"`
 * leaves `UnknownPrice` in. The guards narrow instead, checking only tags: a parsed value whose
 * tag is known always has its variant's shape.
 *
 * - `<Name>Variants`: every variant by its tag (for nested unions, the innermost tags);
 * - `is<Name>(value, tag)`: narrows to `<Name>Variants[tag]`;
 * - `isKnown<Name>(value)`: narrows to `Known<Name>`, which a `switch` on the tag narrows.
 */
export function emitTagGuards(file: Statement[], union: UnionDeclaration, naming: Naming): void {
  const name = union.name;
  const names = declarationNames(name);
  const value = camelCase(name);
  const leaves = leavesOf(union, naming);
  const tagFieldList = tagFields(union, naming)
    .map((f) => `\`${f}\``)
    .join(" and ");
  file.push(
    blankLine,
    {
      kind: StructureKind.Interface,
      name: names.variants,
      isExported: true,
      docs: docs(
        `Each variant of ${name} this version of the SDK knows, by its tag; the tags \`${names.guard}\` takes.`,
      ),
      properties: leaves.map((leaf) => ({
        name: JSON.stringify(leaf.tag),
        type: naming.nameOf(leaf.type, "response"),
      })),
    },
    blankLine,
    functionStatement({
      name: names.guard,
      docs: `Whether \`${value}\` is the variant of \`tag\`, e.g. \`${names.guard}(${value}, ${JSON.stringify(leaves[0]?.tag)})\`, narrowing it to that variant. A parsed ${name} with a known tag always has its variant's shape.`,
      typeParameters: [{ name: "Tag", constraint: `keyof ${names.variants}` }],
      parameters: [
        { name: value, type: name },
        { name: "tag", type: "Tag" },
      ],
      returnType: `${value} is ${names.variants}[Tag]`,
      statements: [`return ${matchesTag(union, value, naming)};`],
    }),
    blankLine,
    functionStatement({
      name: names.knownGuard,
      docs: `Whether this version of the SDK knows \`${value}\`'s ${tagFieldList}, narrowing it to ${names.known}, which a \`switch\` on \`${union.discriminator}\` narrows further (the unknown variant's open \`${union.discriminator}\` keeps ${name} itself from narrowing).`,
      parameters: [{ name: value, type: name }],
      returnType: `${value} is ${names.known}`,
      statements: [`return ${isKnown(union, value, naming)};`],
    }),
  );
}

interface Leaf {
  readonly tag: string;
  readonly type: string;
}

/** The variants that are not unions themselves, by their innermost tag; the first of a repeated tag wins. */
function leavesOf(union: UnionDeclaration, naming: Naming): Leaf[] {
  const leaves = union.variants.flatMap((variant): Leaf[] => {
    const nested = naming.declaration(variant.type);
    return nested?.kind === "union" ? leavesOf(nested, naming) : [{ tag: variant.value, type: variant.type }];
  });
  return leaves.filter((leaf, index) => leaves.findIndex((l) => l.tag === leaf.tag) === index);
}

/** An expression: `value`'s tag path leads to `tag`. */
function matchesTag(union: UnionDeclaration, value: string, naming: Naming): string {
  const field = `${value}${access(union.discriminator)}`;
  const nestedUnions = union.variants.filter((v) => naming.declaration(v.type)?.kind === "union");
  if (nestedUnions.length === 0) return `${field} === tag`;
  return union.variants
    .map((variant) => {
      const literal = JSON.stringify(variant.value);
      const nested = naming.declaration(variant.type);
      if (nested?.kind !== "union") return `(tag === ${literal} && ${field} === ${literal})`;
      const names = declarationNames(nested.name);
      const nestedTwice = nested.variants.some((v) => naming.declaration(v.type)?.kind === "union");
      const tags = naming.knownValuesSet(
        nestedTwice ? names.knownLeafTags : names.knownTags,
        leavesOf(nested, naming).map((leaf) => leaf.tag),
        `The tags of ${nested.name}'s ${nestedTwice ? "innermost " : ""}variants this version of the SDK knows.`,
      );
      return `(${tags}.has(tag) && ${field} === ${literal} && ${matchesTag(nested, value, naming)})`;
    })
    .join(" || ");
}

/** An expression: every tag on `value`'s path is one this version knows. */
function isKnown(union: UnionDeclaration, value: string, naming: Naming): string {
  const field = `${value}${access(union.discriminator)}`;
  const nestedUnions = union.variants.filter((v) => naming.declaration(v.type)?.kind === "union");
  if (nestedUnions.length === 0)
    return `${naming.knownValuesSet(
      declarationNames(union.name).knownTags,
      union.variants.map((v) => v.value),
      `The tags of ${union.name}'s variants this version of the SDK knows.`,
    )}.has(${field})`;
  return union.variants
    .map((variant) => {
      const literal = JSON.stringify(variant.value);
      const nested = naming.declaration(variant.type);
      if (nested?.kind !== "union") return `${field} === ${literal}`;
      return `(${field} === ${literal} && ${isKnown(nested, value, naming)})`;
    })
    .join(" || ");
}

/** The tag fields on the way to a variant: the discriminator, then those of nested unions. */
function tagFields(union: UnionDeclaration, naming: Naming): string[] {
  const nested = union.variants.flatMap((variant) => {
    const declaration = naming.declaration(variant.type);
    return declaration?.kind === "union" ? tagFields(declaration, naming) : [];
  });
  return [...new Set([union.discriminator, ...nested])];
}
