import type { Difference, DifferenceKind } from "./difference.ts";
import { child } from "./json-pointer.ts";
import {
  alternatives,
  boundsOf,
  dereference,
  describeType,
  isOpenInResponses,
  isSchema,
  type Located,
  propertiesOf,
  type Schema,
  typeOf,
  valuesOf,
} from "./schema-view.ts";

/**
 * Compares schemas of our document with schemas of theirs, recursively (properties, items,
 * record values, the variants of tagged unions), and records each difference once. Every
 * pair of schemas is compared once, so recursive types end and a type reached from several
 * operations is reported once.
 */
export class SchemaComparison {
  readonly differences: Difference[] = [];
  private readonly compared = new Set<string>();

  constructor(
    private readonly ours: unknown,
    private readonly theirs: unknown,
  ) {}

  record(kind: DifferenceKind, ours: string, theirs: string, message: string): void {
    if (
      this.differences.some(
        (d) => d.kind === kind && d.ours === ours && d.theirs === theirs && d.message === message,
      )
    )
      return;
    this.differences.push({ kind, ours, theirs, message });
  }

  /** `nullability: false` skips that comparison at the top (a query parameter cannot be null). */
  compare(ours: Located, theirs: Located, options: { nullability: boolean } = { nullability: true }): void {
    const key = `${ours.at}|${theirs.at}|${options.nullability}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    const our = alternatives(this.ours, ours);
    const their = alternatives(this.theirs, theirs);
    if (options.nullability && our.nullable !== their.nullable) {
      this.record(
        "nullability",
        ours.at,
        theirs.at,
        `nullable: ours ${our.nullable ? "yes" : "no"}, theirs ${their.nullable ? "yes" : "no"}`,
      );
    }
    // An empty side (only null) or "any value" on either side leaves nothing more to compare.
    if (our.members.length === 0 || their.members.length === 0) return;
    if ([...our.members, ...their.members].some((member) => typeOf(member.schema) === undefined)) return;
    if (our.members.length === 1 && their.members.length === 1) {
      this.compareOne(our.members[0]!, their.members[0]!);
      return;
    }
    this.compareMembers(our.members, their.members);
  }

  /** Plain unions (`uuid | uuid[]`): members paired by their JSON type, the rest reported. */
  private compareMembers(ours: readonly Located[], theirs: readonly Located[]): void {
    const unmatched = [...theirs];
    for (const member of ours) {
      const index = unmatched.findIndex((other) => sameKind(member.schema, other.schema));
      if (index === -1) {
        this.record("type", member.at, theirs[0]!.at, `ours also ${describeType(member.schema)}; theirs not`);
        continue;
      }
      this.compareOne(member, unmatched.splice(index, 1)[0]!);
    }
    for (const member of unmatched) {
      this.record("type", ours[0]!.at, member.at, `theirs also ${describeType(member.schema)}; ours not`);
    }
  }

  private compareOne(oursIn: Located, theirsIn: Located): void {
    const ours = dereference(this.ours, oursIn);
    const theirs = dereference(this.theirs, theirsIn);
    const key = `${ours.at}|${theirs.at}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    const ourType = typeOf(ours.schema);
    const theirType = typeOf(theirs.schema);
    if (ourType !== theirType) {
      this.record(
        "type",
        ours.at,
        theirs.at,
        `type: ours ${describeType(ours.schema)}, theirs ${describeType(theirs.schema)}`,
      );
      return;
    }
    if (ourType === "union") {
      this.compareTaggedUnions(ours, theirs);
      return;
    }
    this.compareValues(ours, theirs);
    this.compareBounds(ours, theirs);
    if (ourType === "object") this.compareObjects(ours, theirs);
    if (ourType === "array") this.compareArrays(ours, theirs);
  }

  private compareValues(ours: Located, theirs: Located): void {
    const our = valuesOf(ours.schema);
    const their = valuesOf(theirs.schema);
    if (!our && !their) return;
    // The unknown variant's tag of an open union (any string but the known ones) lists nothing.
    if (ours.schema.not !== undefined || theirs.schema.not !== undefined) return;
    if (!our || !their) {
      // An enum open in responses (`x-commerce-open`) takes any string there, as the other side says.
      if (isOpenInResponses(our ? ours.schema : theirs.schema)) return;
      const listed = (our ?? their)!;
      this.record(
        "enum",
        ours.at,
        theirs.at,
        `${our ? "ours" : "theirs"} lists the values ${listed.join(", ")}; ${our ? "theirs" : "ours"} takes any ${typeOf(ours.schema)}`,
      );
      return;
    }
    for (const value of their) {
      if (!our.includes(value)) this.record("enum", ours.at, theirs.at, `value '${value}': theirs only`);
    }
    for (const value of our) {
      if (!their.includes(value)) this.record("enum", ours.at, theirs.at, `value '${value}': ours only`);
    }
  }

  private compareBounds(ours: Located, theirs: Located): void {
    const our = boundsOf(ours.schema);
    const their = boundsOf(theirs.schema);
    for (const key of new Set([...our.keys(), ...their.keys()])) {
      if (our.get(key) === their.get(key)) continue;
      this.record(
        "bound",
        ours.at,
        theirs.at,
        `${key}: ours ${our.get(key) ?? "none"}, theirs ${their.get(key) ?? "none"}`,
      );
    }
  }

  private compareObjects(ours: Located, theirs: Located): void {
    const our = propertiesOf(this.ours, ours);
    const their = propertiesOf(this.theirs, theirs);
    for (const [name, property] of their.properties) {
      if (!our.properties.has(name))
        this.record("field", ours.at, property.at, `field '${name}': theirs only`);
    }
    for (const [name, property] of our.properties) {
      const other = their.properties.get(name);
      if (!other) {
        this.record("field", property.at, theirs.at, `field '${name}': ours only`);
        continue;
      }
      if (our.required.has(name) !== their.required.has(name)) {
        const say = (required: boolean) => (required ? "required" : "optional");
        this.record(
          "required",
          property.at,
          other.at,
          `field '${name}': ours ${say(our.required.has(name))}, theirs ${say(their.required.has(name))}`,
        );
      }
      this.compare(property, other);
    }
    const ourValues = ours.schema.additionalProperties;
    const theirValues = theirs.schema.additionalProperties;
    if (isSchema(ourValues) && isSchema(theirValues)) {
      this.compare(
        { schema: ourValues, at: child(ours.at, "additionalProperties") },
        { schema: theirValues, at: child(theirs.at, "additionalProperties") },
      );
    }
  }

  private compareArrays(ours: Located, theirs: Located): void {
    const our = ours.schema;
    const their = theirs.schema;
    if (isSchema(our.items) && isSchema(their.items)) {
      this.compare(
        { schema: our.items, at: child(ours.at, "items") },
        { schema: their.items, at: child(theirs.at, "items") },
      );
    }
    if (Array.isArray(our.prefixItems) && Array.isArray(their.prefixItems)) {
      our.prefixItems.forEach((item, index) => {
        const other = (their.prefixItems as unknown[])[index];
        if (isSchema(item) && isSchema(other)) {
          this.compare(
            { schema: item, at: child(ours.at, "prefixItems", index) },
            { schema: other, at: child(theirs.at, "prefixItems", index) },
          );
        }
      });
    }
  }

  /** Variants matched by their discriminator value; a value one side lacks is a `variant` difference. */
  private compareTaggedUnions(ours: Located, theirs: Located): void {
    const our = mappingOf(ours.schema);
    const their = mappingOf(theirs.schema);
    for (const [value, ref] of their) {
      if (!our.has(value)) this.record("variant", ours.at, ref, `variant '${value}': theirs only`);
    }
    for (const [value, ref] of our) {
      const other = their.get(value);
      if (!other) {
        this.record("variant", ref, theirs.at, `variant '${value}': ours only`);
        continue;
      }
      this.compare({ schema: { $ref: ref }, at: ref }, { schema: { $ref: other }, at: other });
    }
  }
}

function mappingOf(schema: Schema): Map<string, string> {
  const discriminator = schema.discriminator as Schema;
  const mapping = isSchema(discriminator.mapping) ? discriminator.mapping : {};
  return new Map(Object.entries(mapping).map(([value, ref]) => [value, String(ref)]));
}

/** Members of two plain unions pair up when they describe the same kind of JSON value. */
function sameKind(a: Schema, b: Schema): boolean {
  const numeric = (type: string | undefined) => (type === "integer" ? "number" : type);
  return numeric(typeOf(a)) === numeric(typeOf(b));
}
