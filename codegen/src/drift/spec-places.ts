import type { Api } from "../ir/types.ts";
import { type PathSegment, valueAt, type YamlSource } from "../loader/read-yaml.ts";
import type { DifferenceKind } from "./difference.ts";
import { pointer, resolvePointer, segmentsOf } from "./json-pointer.ts";

/**
 * Turns a place in the OpenAPI document generated from our spec (a JSON pointer) back into
 * the place in the spec that wrote it, and reads the `deliberate:` marks there.
 */
export interface SpecPlace {
  /** The path of keys in the spec's YAML, e.g. `["types", "CustomerBase", "fields", "email?"]`. */
  readonly path: readonly PathSegment[];
  readonly line: number;
}

export class SpecPlaces {
  constructor(
    private readonly api: Api,
    private readonly source: YamlSource,
    /** The OpenAPI document generated from `api`, which the pointers point into. */
    private readonly document: unknown,
  ) {}

  place(ourPointer: string): SpecPlace {
    const path = this.pathOf(segmentsOf(ourPointer));
    return { path, line: this.source.locate(path, "key").line };
  }

  /**
   * Why the spec differs on purpose, when it says so: a `deliberate:` mark for this kind on
   * the field at the place, or on the type, enum or operation it belongs to.
   */
  deliberateReason(place: SpecPlace, kind: DifferenceKind): string | undefined {
    const candidates = [place.path, place.path.slice(0, 2)];
    for (const path of candidates) {
      const value = valueAt(this.source.value, path);
      const marks =
        value && typeof value === "object" ? (value as { deliberate?: unknown }).deliberate : undefined;
      const reason =
        marks && typeof marks === "object" ? (marks as Record<string, unknown>)[kind] : undefined;
      if (typeof reason === "string") return reason;
    }
    return undefined;
  }

  private pathOf(segments: readonly string[]): PathSegment[] {
    if (segments[0] === "components" && segments[1] === "schemas" && segments[2] !== undefined) {
      return this.declarationPath(segments[2], segments[3] === "properties" ? segments[4] : undefined);
    }
    if (segments[0] === "paths" && segments[1] !== undefined && segments[2] !== undefined) {
      return this.operationPath(segments);
    }
    if (segments[0] === "webhooks")
      return segments[1] === undefined ? ["webhooks"] : ["webhooks", segments[1]];
    return [];
  }

  private declarationPath(name: string, field: string | undefined): PathSegment[] {
    const kind = this.api.declarations.find((declaration) => declaration.name === name)?.kind;
    if (kind === "enum") return ["enums", name];
    // The webhook events' types are generated from the spec's `webhooks:` entries.
    const event = this.api.webhooks.find((candidate) => candidate.name === name);
    if (event) return ["webhooks", event.type];
    if (!kind && name.endsWith("WebhookEvent")) return ["webhooks"];
    return (field !== undefined && this.fieldPath(name, field, new Set())) || ["types", name];
  }

  /** Where a type's field is written: in its own `fields`, or in the type it extends. */
  private fieldPath(type: string, field: string, seen: Set<string>): PathSegment[] | undefined {
    if (seen.has(type)) return undefined;
    seen.add(type);
    const declaration = valueAt(this.source.value, ["types", type]) as
      | { fields?: Record<string, unknown>; extends?: string }
      | undefined;
    const key = keyOf(declaration?.fields, field);
    if (key !== undefined) return ["types", type, "fields", key];
    return declaration?.extends ? this.fieldPath(declaration.extends, field, seen) : undefined;
  }

  private operationPath(segments: readonly string[]): PathSegment[] {
    const [, path, method, section, ...rest] = segments;
    const operation = this.api.operations.find(
      (candidate) => candidate.path === path && candidate.method.toLowerCase() === method,
    );
    if (!operation) return [];
    const base: PathSegment[] = ["operations", operation.id];
    const input = valueAt(this.source.value, [...base, "input"]) as
      | Record<string, Record<string, unknown>>
      | undefined;
    if (section === "parameters" && rest[0] !== undefined) {
      const parameter = resolvePointer(
        this.document,
        pointer("paths", path!, method!, "parameters", rest[0]),
      ) as { name: string; in: "path" | "query" } | undefined;
      const key = parameter && keyOf(input?.[parameter.in], parameter.name);
      return key === undefined ? base : [...base, "input", parameter!.in, key];
    }
    if (section === "requestBody") {
      const field = rest[rest.indexOf("properties") + 1];
      const key = rest.includes("properties") && field !== undefined ? keyOf(input?.body, field) : undefined;
      return key === undefined ? [...base, "input", "body"] : [...base, "input", "body", key];
    }
    if (section === "responses" && rest[0] !== undefined) {
      return rest[0].startsWith("2") ? [...base, "responses", rest[0]] : [...base, "errors"];
    }
    if (section === "responses") return [...base, "responses"];
    if (section === "security") return [...base, "auth"];
    return base;
  }
}

/** A field's key in a spec mapping: its name, or its name with the `?` of an optional field. */
function keyOf(fields: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!fields || typeof fields !== "object") return undefined;
  if (name in fields) return name;
  if (`${name}?` in fields) return `${name}?`;
  return undefined;
}
