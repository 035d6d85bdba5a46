import { child, resolvePointer } from "../drift/json-pointer.ts";
import { isSchema, type Located, type Schema } from "../drift/schema-view.ts";
import type { Entry } from "./entry.ts";
import { pascalCase } from "./names.ts";
import type { Note } from "./notes.ts";
import { tagOf } from "./schema-shapes.ts";

/** What the tagged unions take of the schema importer they serve: its entries, names and notes. */
export interface UnionHost {
  readonly document: Schema;
  readonly types: Map<string, Entry>;
  readonly options: { readonly openUnions: boolean };
  reachNamed(pointer: string): string;
  inline(hint: string, located: Located): string;
  claim(wanted: string, owner: string): string;
  note(pointer: string, message: string, entry: Note["entry"]): void;
}

/**
 * The document's tagged unions (`oneOf`/`anyOf` + `discriminator`) → our `union:` entries: a
 * variant per tag (a type the document maps from two tags gets one per further tag), each
 * variant's tag field read as the generator reads it, and a fallback variant for the tags the
 * document does not list yet.
 */
export class TaggedUnions {
  /** The tag each variant type has been given. */
  private readonly variantTags = new Map<string, string>();

  constructor(private readonly importer: UnionHost) {}

  union(name: string, located: Located): Entry {
    const { schema, at } = located;
    const discriminator = schema.discriminator as Schema;
    const property = String(discriminator.propertyName);
    const key = schema.oneOf ? "oneOf" : "anyOf";
    const members = (schema[key] as unknown[]).filter(isSchema);
    const mapping = isSchema(discriminator.mapping) ? (discriminator.mapping as Record<string, string>) : {};
    const variants: Entry = {};
    let unknown: string | undefined;
    const mapped = new Set(Object.values(mapping));
    for (const [value, ref] of Object.entries(mapping))
      variants[value] = this.variantFor(this.importer.reachNamed(ref), value, at);
    members.forEach((member, index) => {
      const memberAt = child(at, key, index);
      if (typeof member.$ref === "string" && mapped.has(member.$ref)) return;
      const value = tagOf(this.importer.document, { schema: member, at: memberAt }, property);
      const variant =
        typeof member.$ref === "string"
          ? this.importer.reachNamed(member.$ref)
          : this.importer.inline(`${name}${pascalCase(value ?? String(index + 1))}`, {
              schema: member,
              at: memberAt,
            });
      if (value === undefined) unknown = variant;
      else variants[value] = this.variantFor(variant, value, memberAt);
    });
    for (const variant of Object.values(variants))
      plainTag(this.importer.types.get(variant as string), property);
    const open =
      schema["x-commerce-open"] === true || (this.importer.options.openUnions && unknown === undefined);
    if (open && unknown === undefined) {
      // An open union whose fallback variant the document keeps beside it, by the name our
      // export gives it; else one made of what every variant shares.
      const fallback = `#/components/schemas/Unknown${at.split("/").at(-1)}`;
      unknown =
        at.startsWith("#/components/schemas/") && isSchema(resolvePointer(this.importer.document, fallback))
          ? this.importer.reachNamed(fallback)
          : this.unknownVariant(name, property, Object.values(variants) as string[], at);
    }
    return { discriminator: property, variants, ...(unknown !== undefined && { unknown }) };
  }

  /**
   * A variant type has one tag (the generator gives its discriminator that literal); a type
   * the document maps from several tags gets a type per further tag, extending it.
   */
  private variantFor(type: string, value: string, at: string): string {
    const tag = this.variantTags.get(type);
    if (tag === undefined || tag === value) {
      this.variantTags.set(type, value);
      return type;
    }
    const name = this.importer.claim(`${type}${pascalCase(value)}`, `${at}#${value}`);
    if (!this.importer.types.has(name)) {
      // Its own fields, as the export of the spec states them (the generator applies `extends`).
      const fields = this.importer.types.get(type)?.fields as Entry | undefined;
      const shape = fields ? { fields: structuredClone(fields) } : { extends: type };
      this.importer.types.set(name, { description: `${type} with the tag '${value}'.`, ...shape });
      this.variantTags.set(name, value);
      this.importer.note(
        at,
        `${type} is a variant under the tags '${tag}' and '${value}'; our variants have one tag each; declared ${name}, extending it, for '${value}'`,
        ["types", name],
      );
    }
    return name;
  }

  /**
   * The variant a union gets for tags the document does not list: the fields every variant
   * shares, its discriminator any string (spec/README.md, "Tagged union").
   */
  private unknownVariant(union: string, property: string, variants: string[], at: string): string {
    const name = this.importer.claim(`Unknown${union}`, `${at}#unknown`);
    const fieldLists = variants.map((variant) => this.sharedFields(variant, new Set()));
    const shared = commonFields(fieldLists, property);
    this.importer.types.set(name, {
      description: `A ${union} of a ${property} this spec does not list yet; its other fields are kept as sent.`,
      fields: { [property]: "string", ...shared },
    });
    return name;
  }

  /** A variant's fields; a nested union's, those all its variants share (the tag guards read them). */
  private sharedFields(name: string, seen: Set<string>): Entry {
    const entry = this.importer.types.get(name);
    if (!entry || seen.has(name)) return {};
    seen.add(name);
    if (entry.fields) return entry.fields as Entry;
    const union = entry.union as { variants: Entry; unknown?: string } | undefined;
    if (!union) return {};
    return commonFields(
      Object.values(union.variants).map((variant) => this.sharedFields(variant as string, seen)),
      undefined,
    );
  }
}

/**
 * The fields every list has with one type (descriptions and bounds aside), as bare type
 * expressions; `except` (a discriminator) left out.
 */
function commonFields(lists: readonly Entry[], except: string | undefined): Entry {
  const typeOf = (value: unknown) =>
    typeof value === "string" ? value : (value as { type?: unknown })?.type;
  const common: Entry = {};
  for (const [key, value] of Object.entries(lists[0] ?? {})) {
    if (except !== undefined && (key === except || key === `${except}?`)) continue;
    const type = typeOf(value);
    if (typeof type === "string" && lists.every((fields) => typeOf(fields[key]) === type)) common[key] = type;
  }
  return common;
}

/**
 * A variant's tag field as the generator reads it: required, and any string, since the union
 * gives each variant its own literal (whatever the document declared: the literal, an enum of
 * the tags, an optional constant with its default).
 */
function plainTag(variant: Entry | undefined, property: string): void {
  const fields = variant?.fields as Entry | undefined;
  if (!fields) return;
  const key = property in fields ? property : `${property}?`;
  const field = fields[key];
  if (field === undefined) return;
  const plain = typeof field === "string" ? "string" : { ...(field as Entry), type: "string" };
  variant!.fields = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => (name === key ? [property, plain] : [name, value])),
  );
}
