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
  /**
   * Variant pairs (`ours.at|theirs.at`) matched by a tag, and the tag's field: its values are
   * the union's business (a schema may serve several tags), so they are not compared there.
   */
  private readonly tags = new Map<string, string>();
  /**
   * Each schema of ours compared with one of theirs of the same kind (both dereferenced),
   * as `ours.at` → the `theirs.at` it faced: the import reuses our type for a schema of
   * theirs that the comparison pairs with it (import/merge/reuse.ts).
   */
  readonly pairs: { readonly ours: string; readonly theirs: string }[] = [];

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
  compare(
    ours: Located,
    theirs: Located,
    options: { nullability: boolean; values?: boolean } = { nullability: true },
  ): void {
    const values = options.values ?? true;
    const key = `${ours.at}|${theirs.at}|${options.nullability}|${values}`;
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
      this.compareOne(our.members[0]!, their.members[0]!, values);
      return;
    }
    this.compareMembers(our.members, their.members);
  }

  /**
   * Plain unions (`uuid | uuid[]`): members paired by their JSON type, the rest reported; a
   * member of a kind the other side has already paired is compared with that one too (a
   * `date-time` string beside a plain string is a string). Objects are told apart by their
   * fields instead (compareObjectMembers): an object of ours that serves several of theirs is
   * compared with each of them.
   */
  private compareMembers(ours: readonly Located[], theirs: readonly Located[]): void {
    const ourValues = ours.filter((member) => !describesObjects(member.schema));
    const theirValues = theirs.filter((member) => !describesObjects(member.schema));
    const paired = new Set<Located>();
    for (const member of ourValues) {
      const alike = theirValues.filter((other) => sameKind(member.schema, other.schema));
      const match =
        alike.find((other) => !paired.has(other)) ??
        alike.find((other) => typeOf(other.schema) === typeOf(member.schema));
      if (!match) {
        this.record("type", member.at, theirs[0]!.at, `ours also ${describeType(member.schema)}; theirs not`);
        continue;
      }
      paired.add(match);
      this.compareOne(member, match);
    }
    const unmatched: Located[] = [];
    for (const member of theirValues.filter((other) => !paired.has(other))) {
      const match = ourValues.find((other) => typeOf(other.schema) === typeOf(member.schema));
      if (match) this.compareOne(match, member);
      else unmatched.push(member);
    }
    const ourObjects = ours.filter((member) => describesObjects(member.schema));
    const theirObjects = theirs.filter((member) => describesObjects(member.schema));
    if (ourObjects.length === 0) unmatched.push(...theirObjects);
    else if (theirObjects.length === 0) {
      for (const member of ourObjects) {
        this.record("type", member.at, theirs[0]!.at, `ours also ${describeType(member.schema)}; theirs not`);
      }
    } else this.compareObjectMembers(ourObjects, theirObjects);
    for (const member of unmatched) {
      this.record("type", ours[0]!.at, member.at, `theirs also ${describeType(member.schema)}; ours not`);
    }
  }

  /**
   * Each of their objects is compared with our closest one. An object of ours that none of
   * theirs is closest to is theirs lacking, unless theirs is one object: then it narrows our
   * union to one of its members, as an object facing a tagged union does.
   */
  private compareObjectMembers(ours: readonly Located[], theirs: readonly Located[]): void {
    const paired = new Set<Located>();
    for (const member of theirs) {
      // Alike candidates (two objects without fields): one not yet paired first.
      const candidates = [
        ...ours.filter((our) => !paired.has(our)),
        ...ours.filter((our) => paired.has(our)),
      ];
      const match = this.closest(this.ours, candidates, this.theirs, member);
      paired.add(match);
      this.compareOne(match, member);
    }
    if (theirs.length === 1) return;
    for (const member of ours) {
      if (!paired.has(member)) {
        this.record("type", member.at, theirs[0]!.at, `ours also ${describeType(member.schema)}; theirs not`);
      }
    }
  }

  /** Of `candidates` (in `document`), the object whose field names are closest to `target`'s (in `targetDocument`). */
  private closest(
    document: unknown,
    candidates: readonly Located[],
    targetDocument: unknown,
    target: Located,
  ): Located {
    const names = fieldNames(targetDocument, target);
    let best = candidates[0]!;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const candidate of candidates) {
      const score = Math.max(
        ...objectsOf(document, candidate).map((object) => likeness(fieldNames(document, object), names)),
      );
      if (score > bestScore) [best, bestScore] = [candidate, score];
    }
    return best;
  }

  private compareOne(oursIn: Located, theirsIn: Located, values = true): void {
    const ours = dereference(this.ours, oursIn);
    const theirs = dereference(this.theirs, theirsIn);
    const key = `${ours.at}|${theirs.at}|${values}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    const ourType = typeOf(ours.schema);
    const theirType = typeOf(theirs.schema);
    // An object facing a tagged union is one of its variants: compared with that one.
    if (ourType === "union" && theirType === "object" && mappingOf(ours.schema).size > 0) {
      const variant = this.variantFor(this.ours, ours, this.theirs, theirs);
      if (variant) this.compareVariants(variant, theirs, discriminatorOf(ours.schema));
      return;
    }
    if (ourType === "object" && theirType === "union" && mappingOf(theirs.schema).size > 0) {
      const variant = this.variantFor(this.theirs, theirs, this.ours, ours);
      if (variant) this.compareVariants(ours, variant, discriminatorOf(theirs.schema));
      return;
    }
    if (ourType !== theirType) {
      this.record(
        "type",
        ours.at,
        theirs.at,
        `type: ours ${describeType(ours.schema)}, theirs ${describeType(theirs.schema)}`,
      );
      return;
    }
    this.pairs.push({ ours: ours.at, theirs: theirs.at });
    if (ourType === "union") {
      this.compareTaggedUnions(ours, theirs);
      return;
    }
    if (values) this.compareValues(ours, theirs);
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

  /** Two variants told to be one by their union's tag `tag`. */
  private compareVariants(ours: Located, theirs: Located, tag: string): void {
    const pair = [dereference(this.ours, ours).at, dereference(this.theirs, theirs).at].join("|");
    this.tags.set(pair, tag);
    this.compare(ours, theirs);
  }

  private compareObjects(ours: Located, theirs: Located): void {
    const our = propertiesOf(this.ours, ours);
    const their = propertiesOf(this.theirs, theirs);
    const tag = this.tags.get(`${ours.at}|${theirs.at}`);
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
      this.compare(property, other, { nullability: true, values: name !== tag });
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

  /**
   * The variant of a tagged union (in `document`) that an object of the other side is one of:
   * the variant its discriminator field names, or, when that field lists several values or none,
   * the one whose fields it shares most. A value the union does not list is a `variant`
   * difference, and nothing more is compared.
   */
  private variantFor(
    document: unknown,
    union: Located,
    objectDocument: unknown,
    object: Located,
  ): Located | undefined {
    // Called with a union whose mapping lists variants.
    const mapping = mappingOf(union.schema);
    const tag = propertiesOf(objectDocument, object).properties.get(discriminatorOf(union.schema));
    const values = tag ? (valuesOf(dereference(objectDocument, tag).schema) ?? []) : [];
    const known = values.filter((value) => mapping.has(value));
    if (values.length > 0 && known.length === 0) {
      const unionIsOurs = document === this.ours;
      for (const value of values) {
        this.record(
          "variant",
          unionIsOurs ? union.at : object.at,
          unionIsOurs ? object.at : union.at,
          `variant '${value}': ${unionIsOurs ? "theirs" : "ours"} only`,
        );
      }
      return undefined;
    }
    const refs = known.length > 0 ? known.map((value) => mapping.get(value)!) : [...mapping.values()];
    const variants = refs.map((ref) => ({ schema: { $ref: ref }, at: ref }));
    return this.closest(document, variants, objectDocument, object);
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
      this.compareVariants(
        { schema: { $ref: ref }, at: ref },
        { schema: { $ref: other }, at: other },
        discriminatorOf(ours.schema),
      );
    }
  }
}

function mappingOf(schema: Schema): Map<string, string> {
  const discriminator = schema.discriminator as Schema;
  const mapping = isSchema(discriminator.mapping) ? discriminator.mapping : {};
  return new Map(Object.entries(mapping).map(([value, ref]) => [value, String(ref)]));
}

function discriminatorOf(schema: Schema): string {
  return String((schema.discriminator as Schema).propertyName);
}

/** Whether a schema describes JSON objects: an object, or a tagged union of them. */
function describesObjects(schema: Schema): boolean {
  const type = typeOf(schema);
  return type === "object" || type === "union";
}

/** The objects a schema describes: itself, or a tagged union's variants. */
function objectsOf(document: unknown, located: Located): Located[] {
  const { schema } = dereference(document, located);
  if (typeOf(schema) !== "union") return [located];
  return [...mappingOf(schema).values()].flatMap((ref) =>
    objectsOf(document, { schema: { $ref: ref }, at: ref }),
  );
}

/** An object's field names, and its object fields' own (`pagination.has_next_page`), which tell apart wrappers alike. */
function fieldNames(document: unknown, located: Located): Set<string> {
  const names = new Set<string>();
  for (const [name, property] of propertiesOf(document, located).properties) {
    names.add(name);
    const { members } = alternatives(document, property);
    const inner = members.length === 1 && typeOf(members[0]!.schema) === "object" ? members[0]! : undefined;
    if (inner)
      for (const field of propertiesOf(document, inner).properties.keys()) names.add(`${name}.${field}`);
  }
  return names;
}

/** How alike two objects' field names are: the names they share, less those only one has. */
function likeness(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const name of a) if (b.has(name)) shared += 1;
  return shared - (a.size - shared) - (b.size - shared);
}

/** Members of two plain unions pair up when they describe the same kind of JSON value. */
function sameKind(a: Schema, b: Schema): boolean {
  const numeric = (type: string | undefined) => (type === "integer" ? "number" : type);
  return numeric(typeOf(a)) === numeric(typeOf(b));
}
