import { child } from "../drift/json-pointer.ts";
import {
  dereference,
  isFormatChoice,
  isSchema,
  type Located,
  propertiesOf,
  type Schema,
} from "../drift/schema-view.ts";
import type { Entry } from "./entry.ts";
import { applicable, boundsOnly, type Converted, factsOf, fieldValue } from "./facts.ts";
import { type NameBook, pascalCase } from "./names.ts";
import type { Note } from "./notes.ts";
import {
  enumValues,
  formats,
  isNullable,
  isObjectShaped,
  paginationForm,
  unique,
  widenedFormats,
} from "./schema-shapes.ts";
import { TaggedUnions } from "./unions.ts";

export { type Converted, fieldValue } from "./facts.ts";

/**
 * The document's schemas → our type expressions, and the named enums and types they reach.
 * Each named schema of the document becomes one entry of `enums` or `types`, under our name
 * for it; an inline object, enum or tagged union gets a name from where it is
 * (`Checkout` + `custom_field_data` → `CheckoutCustomFieldData`), since a type expression
 * names types rather than spelling them out.
 */

export type { Entry } from "./entry.ts";

export interface SchemaImporterOptions {
  /**
   * Whether a tagged union the document states without a fallback variant is made open (an
   * `unknown` variant added): for a document not written by our generator, whose unions are
   * the list known today. Our own export states openness itself.
   */
  readonly openUnions: boolean;
  /** Our name for a named schema the spec being merged into already has (its pointer): referenced, never declared. */
  readonly reuse?: (pointer: string) => string | undefined;
}

export class SchemaImporter {
  readonly enums = new Map<string, Entry>();
  readonly types = new Map<string, Entry>();
  /** Our name of each named schema reached, by its pointer. */
  private readonly named = new Map<string, string>();
  /** The entry being declared, where a note about its content is commented. */
  private entry: Note["entry"];
  private readonly unions = new TaggedUnions(this);

  constructor(
    readonly document: Schema,
    readonly names: NameBook,
    readonly notes: Note[],
    readonly options: SchemaImporterOptions,
  ) {}

  /** Our name for the schema at `#/components/schemas/<name>`, declaring it on first reach. */
  reachNamed(pointerText: string): string {
    const known = this.named.get(pointerText);
    if (known !== undefined) return known;
    const reused = this.options.reuse?.(pointerText);
    if (reused !== undefined) return reused;
    const documentName = pointerText.split("/").at(-1)!;
    const name = this.claim(pascalCase(documentName), pointerText);
    this.named.set(pointerText, name);
    const located = dereference(this.document, { schema: { $ref: pointerText }, at: pointerText });
    this.declare(name, located);
    return name;
  }

  /** Declares `name` as the entry the schema at `located` describes (enum, union, object or alias). */
  declare(name: string, located: Located): void {
    const section = enumValues(located.schema) && !isNullable(located.schema) ? "enums" : "types";
    this.within([section, name], () => this.declareEntry(name, located));
  }

  /** Runs `work` with notes about content commented at `entry`. */
  within<T>(entry: NonNullable<Note["entry"]>, work: () => T): T {
    const outer = this.entry;
    this.entry = entry;
    try {
      return work();
    } finally {
      this.entry = outer;
    }
  }

  private declareEntry(name: string, located: Located): void {
    const { schema } = located;
    const description = typeof schema.description === "string" ? { description: schema.description } : {};
    const values = enumValues(schema);
    if (values && !isNullable(schema)) {
      this.enums.set(name, { ...description, values });
      return;
    }
    // Reserved before its content is converted, so a recursive reference finds it declared.
    this.types.set(name, {});
    if (isSchema(schema.discriminator) && Array.isArray(schema.oneOf ?? schema.anyOf)) {
      this.types.set(name, { ...description, union: this.unions.union(name, located) });
      return;
    }
    if (isObjectShaped(schema)) {
      const fields = this.fields(name, located, { otherKeysSaid: true });
      const others = this.otherKeys(name, located);
      this.types.set(name, {
        ...description,
        fields,
        ...(others !== undefined && { additionalFields: others }),
      });
      return;
    }
    const converted = this.convert(located, name);
    this.types.set(name, { ...description, type: converted.expression, ...boundsOnly(converted.facts) });
  }

  /**
   * An object's fields, `allOf` members merged, each a type expression or a field object.
   * `otherKeysSaid`: the caller writes the object's other keys (`additionalFields`), which a
   * body's fields cannot say.
   */
  fields(owner: string, located: Located, { otherKeysSaid = false } = {}): Entry {
    const { properties, required } = propertiesOf(this.document, located);
    const target = dereference(this.document, located);
    const extra = target.schema.additionalProperties;
    if (!otherKeysSaid && isSchema(extra) && Object.keys(extra).length > 0) {
      this.note(
        child(target.at, "additionalProperties"),
        `an object with both fields and additional properties; chose the fields (responses keep unlisted fields as sent, inputs refuse them)`,
        ["types", owner],
      );
    }
    const fields: Entry = {};
    for (const [name, property] of properties) {
      const optional = !required.has(name);
      const converted = this.convert(property, owner + pascalCase(name));
      fields[optional ? `${name}?` : name] = fieldValue(converted);
    }
    return fields;
  }

  /** The type of an object's other keys beside its fields (`additionalProperties: <schema>`), when it states one. */
  private otherKeys(owner: string, located: Located): string | undefined {
    const target = dereference(this.document, located);
    const extra = target.schema.additionalProperties;
    if (!isSchema(extra) || Object.keys(extra).length === 0) return undefined;
    const at = child(target.at, "additionalProperties");
    return this.bounded(`${owner}Value`, at, () => this.convert({ schema: extra, at }, `${owner}Value`));
  }

  /** A schema as a type expression, `hint` naming what an inline object, enum or union becomes. */
  convert(located: Located, hint: string): Converted {
    return applicable(this.convertAny(located, hint));
  }

  private convertAny(located: Located, hint: string): Converted {
    const { schema, at } = located;
    const facts = factsOf(schema, at, hint, (pointer, message) => this.note(pointer, message, undefined));
    if (typeof schema.$ref === "string") {
      return { expression: this.referenced(schema.$ref, at, hint), facts };
    }
    if (isFormatChoice(schema)) return applicable({ expression: this.formatChoice(schema, at), facts });
    const members = this.nullSplit(located);
    if (members) {
      const expressions = members.members.map((member, index) => {
        if (members.members.length === 1) return this.convert(member, hint);
        const name = `${hint}${index + 1}`;
        return { expression: this.bounded(name, member.at, () => this.convert(member, name)), facts: {} };
      });
      const memberFacts = expressions.length === 1 ? expressions[0]!.facts : {};
      const joined = unique(expressions.map((converted) => converted.expression));
      // A member may be nullable itself (`type: [string, "null"]`): null is said once.
      const saysNull = joined.some((text) => text === "null" || text.endsWith(" | null"));
      const expression = [
        ...(joined.length > 0 ? joined : ["unknown"]),
        ...(members.nullable && !saysNull ? ["null"] : []),
      ];
      return applicable({ expression: expression.join(" | "), facts: { ...memberFacts, ...facts } });
    }
    if (isSchema(schema.discriminator) && Array.isArray(schema.oneOf ?? schema.anyOf)) {
      return { expression: this.inline(hint, located), facts };
    }
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.filter(isSchema);
      if (parts.length === 1 && !schema.properties) {
        const inner = this.convert({ schema: parts[0]!, at: child(at, "allOf", 0) }, hint);
        return { expression: inner.expression, facts: { ...inner.facts, ...facts } };
      }
      return { expression: this.inline(hint, located), facts };
    }
    if (schema.const !== undefined)
      return { expression: this.literal(schema.const, at, hint, [schema.const]), facts };
    const values = enumValues(schema);
    if (values) {
      if (values.length === 1) return { expression: this.literal(values[0], at, hint, values), facts };
      return { expression: this.inline(hint, located), facts };
    }
    if (Array.isArray(schema.enum)) {
      this.note(
        at,
        `an enum of ${typeof schema.enum[0]} values; our enums are strings; chose ${String(schema.type ?? "unknown")}`,
        undefined,
      );
    }
    switch (schema.type) {
      case "string":
        return { expression: this.stringType(schema, at), facts };
      case "integer":
      case "number":
      case "boolean":
        return { expression: schema.type, facts };
      case "null":
        return { expression: "null", facts };
      case "array":
        return { expression: this.arrayType(located, hint), facts };
    }
    if (schema.type === "object" || schema.properties || schema.additionalProperties !== undefined) {
      return { expression: this.objectType(located, hint), facts };
    }
    if (Array.isArray(schema.type)) {
      this.note(at, `a value of several types (${schema.type.join(", ")}); chose unknown`, undefined);
    }
    return { expression: "unknown", facts };
  }

  private referenced(ref: string, at: string, hint: string): string {
    if (!ref.startsWith("#/components/schemas/")) {
      this.note(at, `a reference outside the document's schemas (${ref}); chose unknown`, undefined);
      return "unknown";
    }
    const target = dereference(this.document, { schema: { $ref: ref }, at: ref });
    const page = this.pageOf(target, hint);
    if (page) return page;
    return this.reachNamed(ref);
  }

  /** `{ items: T[], pagination: Pagination | CursorPagination }` → `Page<T>` / `CursorPage<T>`. */
  pageOf(located: Located, hint: string): string | undefined {
    const { properties } = propertiesOf(this.document, located);
    if (properties.size !== 2 || !properties.has("items") || !properties.has("pagination")) return undefined;
    const items = dereference(this.document, properties.get("items")!);
    if (items.schema.type !== "array" || !isSchema(items.schema.items)) return undefined;
    const pagination = properties.get("pagination")!;
    const form = paginationForm(this.document, pagination);
    if (!form) return undefined;
    const paginationName = form === "Page" ? "Pagination" : "CursorPagination";
    if (typeof pagination.schema.$ref === "string") {
      const reached = this.reachNamed(pagination.schema.$ref);
      if (reached !== paginationName) {
        this.note(
          pagination.at,
          `a ${form === "Page" ? "page" : "cursor page"} whose pagination is named ${reached}; Page<T> needs ${paginationName}; declared ${paginationName} as its alias`,
          ["types", paginationName],
        );
        if (!this.types.has(paginationName)) this.types.set(paginationName, { type: reached });
      }
    } else if (!this.types.has(paginationName)) {
      this.declare(this.claim(paginationName, pagination.at), pagination);
    }
    const item = this.convert({ schema: items.schema.items, at: child(items.at, "items") }, `${hint}Item`);
    return `${form}<${item.expression}>`;
  }

  private nullSplit(located: Located): { nullable: boolean; members: Located[] } | undefined {
    const { schema, at } = located;
    const key = schema.anyOf ? "anyOf" : schema.oneOf ? "oneOf" : undefined;
    if (key && !isSchema(schema.discriminator) && Array.isArray(schema[key])) {
      const list = (schema[key] as unknown[]).filter(isSchema);
      const members: Located[] = [];
      let nullable = false;
      list.forEach((member, index) => {
        if (member.type === "null" || member.const === null) nullable = true;
        else members.push({ schema: member, at: child(at, key, index) });
      });
      // A page in either form is a union of its own: `Page<T> | CursorPage<T>`.
      return { nullable, members };
    }
    if (Array.isArray(schema.type)) {
      const rest = schema.type.filter((type) => type !== "null");
      const nullable = rest.length < schema.type.length;
      if (!nullable && rest.length > 1) {
        return { nullable, members: rest.map((type) => ({ schema: { ...schema, type }, at })) };
      }
      if (nullable) return { nullable, members: rest.map((type) => ({ schema: { ...schema, type }, at })) };
    }
    if (schema.nullable === true) {
      const { nullable: _, ...rest } = schema;
      return { nullable: true, members: [{ schema: rest, at }] };
    }
    if (Array.isArray(schema.enum) && schema.enum.includes(null)) {
      return {
        nullable: true,
        members: [{ schema: { ...schema, enum: schema.enum.filter((v) => v !== null) }, at }],
      };
    }
    return undefined;
  }

  private literal(value: unknown, at: string, hint: string, all: unknown[]): string {
    if (typeof value === "string" && !value.includes("'")) return `'${value}'`;
    if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)))
      return String(value);
    const base = typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;
    const nearest =
      base === "string" || base === "integer" || base === "number" || base === "boolean" ? base : "unknown";
    this.note(
      at,
      `the constant ${JSON.stringify(all.length === 1 ? value : all)} (${hint}); our literals are quoted strings; chose ${nearest}`,
      undefined,
    );
    return nearest;
  }

  private stringType(schema: Schema, at: string): string {
    if (typeof schema.format !== "string") return "string";
    const format = formats[schema.format];
    if (format) return format;
    const widened = widenedFormats[schema.format];
    this.note(
      child(at, "format"),
      `the format '${schema.format}'; our language has uuid, datetime, date, email, url and ip; chose ${widened ?? "string"}`,
      undefined,
    );
    return widened ?? "string";
  }

  /** A string of one of several formats: an IP address of either version is our `ip`. */
  private formatChoice(schema: Schema, at: string): string {
    const formats = ((schema.anyOf ?? schema.oneOf) as Schema[])
      .map((choice) => String(choice.format))
      .sort();
    if (formats.join() === "ipv4,ipv6") return "ip";
    this.note(at, `a string of one of the formats ${formats.join(", ")}; chose string`, undefined);
    return "string";
  }

  private arrayType(located: Located, hint: string): string {
    const { schema, at } = located;
    if (Array.isArray(schema.prefixItems)) {
      const items = schema.prefixItems
        .filter(isSchema)
        .map((item, index) =>
          this.bounded(`${hint}${index + 1}`, child(at, "prefixItems", index), () =>
            this.convert({ schema: item, at: child(at, "prefixItems", index) }, `${hint}${index + 1}`),
          ),
        );
      return `tuple<${items.join(", ")}>`;
    }
    const items = schema.items;
    if (!isSchema(items)) return "unknown[]";
    const itemAt = child(at, "items");
    const item = this.bounded(`${hint}Item`, itemAt, () =>
      this.convert({ schema: items, at: itemAt }, `${hint}Item`),
    );
    return item.includes("|") ? `(${item})[]` : `${item}[]`;
  }

  private objectType(located: Located, hint: string): string {
    const { schema, at } = located;
    const hasFields = isSchema(schema.properties) && Object.keys(schema.properties).length > 0;
    if (hasFields) return this.inline(hint, located);
    const extra = schema.additionalProperties;
    if (isSchema(extra)) {
      const valuesAt = child(at, "additionalProperties");
      const values = this.bounded(`${hint}Value`, valuesAt, () =>
        this.convert({ schema: extra, at: valuesAt }, `${hint}Value`),
      );
      return `record<${values}>`;
    }
    return "record<unknown>";
  }

  /**
   * A value whose bounds its place cannot state (a union's member, an array's items, a
   * record's values) as an alias that carries them, as the spec's `ConditionString` does; one
   * alias for each bounded value alike, so three metadata fields share it.
   */
  private bounded(hint: string, at: string, convert: () => Converted): string {
    const before = new Set(this.types.keys());
    const converted = convert();
    const bounds = boundsOnly(converted.facts);
    if (Object.keys(bounds).length === 0) return converted.expression;
    const entry = { type: converted.expression, ...bounds };
    const alike = [...this.types].find(([, other]) => JSON.stringify(other) === JSON.stringify(entry));
    if (alike) return alike[0];
    const name = this.claim(hint, at);
    this.types.set(name, entry);
    this.placeBefore(name, before);
    return name;
  }

  /**
   * Puts a type declared after converting its content before what that content declared, as
   * a named schema (reserved first) is placed: the same spec whichever way the document says it.
   */
  private placeBefore(name: string, before: ReadonlySet<string>): void {
    const entries = [...this.types];
    const first = entries.findIndex(([key]) => !before.has(key) && key !== name);
    if (first === -1) return;
    const moved = entries.filter(([key]) => key !== name);
    moved.splice(first, 0, [name, this.types.get(name)!]);
    this.types.clear();
    for (const [key, value] of moved) this.types.set(key, value);
  }

  /** An inline object, enum or union, declared under a name made from where it is. */
  inline(hint: string, located: Located): string {
    const page = isSchema(located.schema.properties) ? this.pageOf(located, hint) : undefined;
    if (page) return page;
    const name = this.claim(hint, located.at);
    this.declare(name, located);
    return name;
  }

  claim(wanted: string, owner: string): string {
    const { name, collidedWith } = this.names.claim(wanted, owner);
    if (collidedWith !== undefined) {
      this.note(owner, `named ${name}: ${wanted} is already the name of ${collidedWith}`, undefined);
    }
    return name;
  }

  note(pointerText: string, message: string, entry: Note["entry"]): void {
    const at = entry ?? this.entry;
    this.notes.push({ pointer: pointerText, message, ...(at && { entry: at }) });
  }
}
