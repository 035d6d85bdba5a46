import type { Declaration, Field, TypeNode, UnionDeclaration } from "../ir/types.ts";
import type { FieldSource, SpecDocument, TypeDeclarationSource } from "./language.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, suggest } from "./reporter.ts";
import { article, boundKeys, type DeclarationKind, type TypeResolver } from "./type-resolution.ts";

/**
 * Lowers the spec's enums and types to IR declarations: `extends` and `omit` applied,
 * aliases resolved with their bounds, union variants given their discriminator literals.
 */
export class DeclarationLowering {
  constructor(
    private readonly spec: SpecDocument,
    private readonly reporter: Reporter,
    private readonly types: TypeResolver,
  ) {}

  private get kinds() {
    return this.types.kinds;
  }

  lower(): Declaration[] {
    const declarations: Declaration[] = Object.entries(this.spec.enums ?? {}).map(([name, e]) => ({
      kind: "enum" as const,
      name,
      description: e.description,
      values: e.values,
      recursive: false,
    }));
    for (const [name, source] of Object.entries(this.spec.types)) {
      const declaration = this.lowerTypeDeclaration(name, source);
      if (declaration) declarations.push(declaration);
    }
    const lowered = this.applyDiscriminators(declarations);
    return lowered;
  }

  private lowerTypeDeclaration(name: string, source: TypeDeclarationSource): Declaration | undefined {
    const path = ["types", name];
    const base = {
      name,
      description: source.description,
      recursive: false,
      ...(source.since !== undefined && { since: source.since }),
      ...(source.until !== undefined && { until: source.until }),
    };
    const chosen = (["fields", "type", "union"] as const).filter((key) => source[key] !== undefined);
    if (source.additionalFields !== undefined && (source.type !== undefined || source.union !== undefined)) {
      this.reporter.report(
        [...path, "additionalFields"],
        `'additionalFields' belongs to an object type (fields, extends), not to ${source.union ? "a union" : "an alias"}; remove it`,
        0,
        "key",
      );
      return undefined;
    }
    if (chosen.length > 1 || (source.extends !== undefined && chosen.some((k) => k !== "fields"))) {
      this.reporter.report(
        path,
        `'${name}' mixes ${[...chosen, ...(source.extends ? ["extends"] : [])].join(" and ")}; a type is an object (fields, extends), an alias (type) or a union (union)`,
        0,
        "key",
      );
      return undefined;
    }
    const kind = declarationKind(source);
    if (kind !== "alias") {
      for (const key of boundKeys) {
        if (source[key] !== undefined)
          this.reporter.report(
            [...path, key],
            `'${key}' applies to aliases (type) and fields, not to ${kind} types; move it to a field`,
            0,
            "key",
          );
      }
    }
    if (source.omit && !source.extends)
      this.reporter.report(
        [...path, "omit"],
        "'omit' needs 'extends': name the type whose fields to leave out",
        0,
        "key",
      );
    if (kind === "alias") {
      const type = this.types.resolveWithBounds([...path, "type"], source.type!, source);
      return type && { ...base, kind: "alias", type };
    }
    if (kind === "union") {
      const union = source.union!;
      return {
        ...base,
        kind: "union",
        discriminator: union.discriminator,
        variants: Object.entries(union.variants).map(([value, type]) => ({ value, type })),
        fallback: union.unknown,
      };
    }
    const fields = this.objectFields(name, new Set());
    if (source.additionalFields === undefined) return { ...base, kind: "object", fields };
    const additionalFields = this.types.resolve([...path, "additionalFields"], source.additionalFields);
    if (source.fields === undefined && source.extends === undefined)
      this.reporter.report(
        [...path, "additionalFields"],
        `an object of other keys alone is a record; write 'type: record<${source.additionalFields}>' instead`,
        0,
        "key",
      );
    return additionalFields && { ...base, kind: "object", fields, additionalFields };
  }

  /** The fields of an object type after `extends` and `omit`, its own fields last. */
  private objectFields(name: string, visiting: Set<string>): Field[] {
    const source = this.spec.types[name]!;
    const path = ["types", name];
    const fields = new Map<string, Field>();
    if (source.extends !== undefined) {
      const parent = source.extends;
      let resolved = false;
      if (visiting.has(name)) {
        const cycle = [...visiting].slice([...visiting].indexOf(name));
        this.reporter.report(
          [...path, "extends"],
          `'${name}' extends itself through ${[...cycle, name].join(" → ")}; break the cycle`,
        );
      } else if (this.kinds.has(parent) && this.kinds.get(parent) !== "object") {
        this.reporter.report(
          [...path, "extends"],
          `'${parent}' is ${article(this.kinds.get(parent)!)}, but extends needs an object type; name one here`,
        );
      } else if (!this.spec.types[parent]) {
        this.reporter.reportUnknown(
          parent,
          [...path, "extends"],
          this.types.unknownNameMessage(parent, "object type", ["object"]),
        );
      } else {
        for (const field of this.objectFields(parent, new Set([...visiting, name])))
          fields.set(field.name, field);
        resolved = true;
      }
      for (const [index, omitted] of (source.omit ?? []).entries()) {
        if (!fields.delete(omitted) && resolved) {
          this.reporter.report(
            [...path, "omit", index],
            `'${parent}' has no field '${omitted}' to omit${suggest(omitted, [...fields.keys()])}; remove it from omit`,
          );
        }
      }
    }
    for (const field of this.lowerFields([...path, "fields"], source.fields ?? {}))
      fields.set(field.name, field);
    return [...fields.values()];
  }

  private lowerFields(path: PathSegment[], sources: Record<string, FieldSource>): Field[] {
    const fields: Field[] = [];
    for (const [key, source] of Object.entries(sources)) {
      const field = this.types.resolveField([...path, key], key, source);
      if (field) fields.push(field);
    }
    return fields;
  }

  /** Gives every union variant its discriminator literal, through nested unions. */
  private applyDiscriminators(declarations: Declaration[]): Declaration[] {
    const byName = new Map(declarations.map((d) => [d.name, d]));
    const overrides = new Map<string, Map<string, TypeNode>>();
    const assign = (typeName: string, field: string, type: TypeNode, path: PathSegment[]) => {
      const target = byName.get(typeName);
      if (target?.kind === "union") {
        for (const variant of target.variants) assign(variant.type, field, type, path);
        if (target.fallback) assign(target.fallback, field, type, path);
        return;
      }
      if (target?.kind !== "object") return;
      if (!target.fields.some((f) => f.name === field)) {
        this.reporter.report(
          path,
          `variant '${typeName}' has no field '${field}' to tell it apart; add \`${field}: string\` to it`,
        );
        return;
      }
      const fields = overrides.get(typeName) ?? new Map<string, TypeNode>();
      const existing = fields.get(field);
      if (existing && JSON.stringify(existing) !== JSON.stringify(type)) {
        this.reporter.report(
          path,
          `'${typeName}' is a variant of two unions with different '${field}' values; give each union its own variant type`,
        );
      }
      fields.set(field, type);
      overrides.set(typeName, fields);
    };

    for (const union of declarations.filter((d): d is UnionDeclaration => d.kind === "union")) {
      const path = ["types", union.name, "union"];
      union.variants.forEach(({ value, type }) => {
        if (this.checkVariant([...path, "variants", value], type)) {
          assign(type, union.discriminator, { kind: "literal", value }, [...path, "variants", value]);
        }
      });
      if (union.fallback && this.checkVariant([...path, "unknown"], union.fallback, ["object"])) {
        const known = union.variants.map((v) => v.value);
        assign(union.fallback, union.discriminator, { kind: "otherString", union: union.name, known }, [
          ...path,
          "unknown",
        ]);
      }
    }
    return declarations.map((declaration) => {
      const fields = overrides.get(declaration.name);
      if (!fields || declaration.kind !== "object") return declaration;
      return {
        ...declaration,
        fields: declaration.fields.map((f) =>
          fields.has(f.name) ? { ...f, type: fields.get(f.name)!, optional: false } : f,
        ),
      };
    });
  }

  private checkVariant(
    path: PathSegment[],
    type: string,
    kinds: DeclarationKind[] = ["object", "union"],
  ): boolean {
    if (kinds.includes(this.kinds.get(type) as DeclarationKind)) return true;
    if (!this.kinds.has(type)) {
      this.reporter.reportUnknown(type, path, this.types.unknownNameMessage(type, "variant type", kinds));
      return false;
    }
    this.reporter.report(
      path,
      `'${type}' is ${article(this.kinds.get(type)!)}, but ${kinds.length === 1 ? "the unknown variant must be an object type" : "a variant must be an object type or a union"}; name one here`,
    );
    return false;
  }
}

export function declarationKind(source: TypeDeclarationSource): Exclude<DeclarationKind, "enum"> {
  if (source.union !== undefined) return "union";
  if (source.type !== undefined) return "alias";
  return "object";
}
