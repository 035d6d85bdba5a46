import { bodyVariants } from "../ir/body.ts";
import type {
  Declaration,
  HttpMethod,
  Operation,
  OperationError,
  Parameter,
  QueryStyle,
  RequestBody,
  SuccessResponse,
  TypeNode,
} from "../ir/types.ts";
import type { FieldSource, OperationSource, SpecDocument } from "./language.ts";
import type { OperationIdChecks } from "./name-checks.ts";
import type { PathSegment } from "./read-yaml.ts";
import { type Reporter, suggest } from "./reporter.ts";
import { describeType, type TypeResolver } from "./type-resolution.ts";

/**
 * Lowers the spec's operations: ids and groups checked, inputs resolved into parameters
 * (path placeholders matched, query styles chosen), responses and errors resolved.
 * `invalidates` is lowered afterwards (lower-invalidates.ts), once every operation is known.
 */
export class OperationLowering {
  private readonly groups = new Map<string, string>();
  /** Each proper prefix of a group seen so far, to the first group under it. */
  private readonly namespaces = new Map<string, string>();

  constructor(
    private readonly spec: SpecDocument,
    private readonly reporter: Reporter,
    private readonly types: TypeResolver,
    private readonly ids: OperationIdChecks,
    /** The lowered declarations by name, to look through aliases. */
    private readonly declared: ReadonlyMap<string, Declaration>,
  ) {}

  lower(): Operation[] {
    const operations: Operation[] = [];
    for (const [id, source] of Object.entries(this.spec.operations)) {
      if (!this.ids.check(id)) continue;
      this.checkGroup(["operations", id, "group"], id, source.group);
      const operation = this.lowerOperation(id, source);
      if (operation) operations.push(operation);
    }
    return operations;
  }

  private checkGroup(path: PathSegment[], id: string, group: string) {
    const { groups, namespaces } = this;
    const other = groups.get(group);
    if (other)
      return this.reporter.report(
        path,
        `group '${group}' is already used by '${other}'; each operation needs its own`,
      );
    // Prefix lookups rather than a scan of every group, so a thousand operations stay cheap.
    const segments = group.split(".");
    const prefixes = segments.slice(1).map((_, i) => segments.slice(0, i + 1).join("."));
    const existing = prefixes.find((prefix) => groups.has(prefix)) ?? namespaces.get(group);
    if (existing !== undefined) {
      return this.reporter.report(
        path,
        `group '${group}' and '${existing}' (of '${groups.get(existing)}') would make one name both a method and a namespace; rename one`,
      );
    }
    groups.set(group, id);
    for (const prefix of prefixes) if (!namespaces.has(prefix)) namespaces.set(prefix, group);
  }

  private lowerOperation(id: string, source: OperationSource): Operation | undefined {
    const path = ["operations", id];
    const before = this.reporter.count;
    for (const [index, scheme] of source.auth.entries()) {
      if (!this.spec.security[scheme])
        this.reporter.reportUnknown(
          scheme,
          [...path, "auth", index],
          `unknown security scheme '${scheme}'${suggest(scheme, Object.keys(this.spec.security))}; declare it under security`,
        );
    }
    const parameters = this.lowerParameters(path, source);
    const body = this.lowerBody([...path, "input"], source, parameters);
    const responses = this.lowerResponses([...path, "responses"], source.responses);
    const errors = this.lowerErrors([...path, "errors"], source.errors ?? []);
    const spreadFields = body?.spread
      ? (bodyVariants(body.spread, (name) => this.declared.get(name)) ?? []).flatMap((v) =>
          v.fields.map((f) => f.name),
        )
      : [];
    this.checkExample([...path, "example"], source.example, parameters, spreadFields);
    if (source.input?.body && source.method === "GET")
      this.reporter.report(
        [...path, "input", "body"],
        "a GET operation cannot have a body; move these fields to query",
        0,
        "key",
      );
    if (this.reporter.count > before) return undefined;
    return {
      id,
      group: source.group.split("."),
      summary: source.summary,
      description: source.description,
      deprecated: source.deprecated ?? false,
      method: source.method as HttpMethod,
      path: source.path,
      kind: source.method === "GET" ? "query" : "mutation",
      auth: source.auth,
      scopes: source.scopes ?? [],
      parameters,
      hasBody: body !== undefined,
      ...(body && { body }),
      responses,
      errors,
      pagination: paginationOf(responses),
      example: source.example,
      invalidates: [],
    };
  }

  private lowerParameters(path: PathSegment[], source: OperationSource): Parameter[] {
    const input = source.input ?? {};
    const seen = new Map<string, string>();
    const parameters: Parameter[] = [];
    const bodyFields = typeof input.body === "string" ? {} : input.body;
    const sections = { path: input.path, query: input.query, body: bodyFields };
    for (const location of ["path", "query", "body"] as const) {
      for (const [key, fieldSource] of Object.entries(sections[location] ?? {})) {
        const fieldPath = [...path, "input", location, key];
        const field = this.types.resolveField(fieldPath, key, fieldSource);
        if (!field) continue;
        if (field.readOnly) {
          this.reporter.report(
            [...fieldPath, "readOnly"],
            "readOnly marks a type's field the service sets; an input field is what a call sends, so remove it",
            0,
            "key",
          );
          continue;
        }
        const earlier = seen.get(field.name);
        if (earlier) {
          this.reporter.report(
            fieldPath,
            `input field '${field.name}' is already in ${earlier}; inputs are one object, so each name may appear once across path, query and body; rename or remove one`,
            0,
            "key",
          );
          continue;
        }
        seen.set(field.name, location);
        const style = location === "query" ? this.queryStyle(fieldPath, fieldSource, field.type) : undefined;
        const wireName =
          typeof fieldSource === "object" && "wireName" in fieldSource
            ? (fieldSource.wireName as string)
            : undefined;
        // The service reads a `json` parameter as text, so the caller may hold it as text already.
        const type: TypeNode = style === "json" ? { kind: "jsonText", type: field.type } : field.type;
        parameters.push({ ...field, type, location, ...(style && { style }), ...(wireName && { wireName }) });
      }
    }
    this.checkPathParameters(path, source.path, parameters);
    this.checkWireNames(path, parameters);
    return parameters;
  }

  /** Each body key once: a field's `wireName` may not be another body field's key. */
  private checkWireNames(path: PathSegment[], parameters: readonly Parameter[]) {
    const keys = new Map<string, string>();
    for (const parameter of parameters) {
      if (parameter.wireName === undefined && parameter.location !== "body") continue;
      const fieldPath = [
        ...path,
        "input",
        parameter.location,
        parameter.optional ? `${parameter.name}?` : parameter.name,
      ];
      if (parameter.location !== "body") {
        this.reporter.report(
          [...fieldPath, "wireName"],
          "wireName applies to body fields; remove it",
          0,
          "key",
        );
        continue;
      }
      const key = parameter.wireName ?? parameter.name;
      const other = keys.get(key);
      if (other !== undefined)
        this.reporter.report(
          parameter.wireName === undefined ? fieldPath : [...fieldPath, "wireName"],
          `the body key '${key}' is also the key of '${other}'; give one of them another wireName`,
        );
      keys.set(key, parameter.name);
    }
  }

  /**
   * The body: its fields (already parameters), or its type as a whole: an object or a union of
   * them spreads into the input beside the path and query fields; any other type (an array, a
   * string) is the input's field `body`, added to `parameters`.
   */
  private lowerBody(
    path: PathSegment[],
    source: OperationSource,
    parameters: Parameter[],
  ): RequestBody | undefined {
    const input = source.input;
    if (input?.body === undefined) {
      if (input?.contentType !== undefined)
        this.reporter.report(
          [...path, "contentType"],
          "contentType needs a body; add input.body or remove it",
          0,
          "key",
        );
      return undefined;
    }
    const mediaType = input.contentType ?? "application/json";
    if (typeof input.body !== "string") return { mediaType };
    const type = this.types.resolve([...path, "body"], input.body);
    if (!type) return undefined;
    const variants = bodyVariants(type, (name) => this.declared.get(name));
    if (variants === undefined) {
      if (mediaType !== "application/json")
        this.reporter.report(
          [...path, "body"],
          `a ${mediaType} body is an object of fields, not ${describeType(type)}; name an object type or list its fields`,
        );
      else if (parameters.some((p) => p.name === "body"))
        this.reporter.report([...path, "body"], "the input already has a field 'body'; rename it");
      else parameters.push({ name: "body", type, optional: false, location: "body" });
      return { mediaType, isValue: true };
    }
    // A body field may repeat a path or query field whose values it takes: the service wants the
    // value in both places, and the input's one field fills both.
    const clashes = variants.flatMap((variant) =>
      variant.fields.filter((field) => {
        const parameter = parameters.find((p) => p.name === field.name);
        return parameter !== undefined && !(fits(parameter.type, field.type) && !field.optional);
      }),
    );
    const names = [...new Set(clashes.map((field) => field.name))];
    if (names.length > 0)
      this.reporter.report(
        [...path, "body"],
        `the body's field${names.length > 1 ? "s" : ""} ${names.map((n) => `'${n}'`).join(", ")} ${names.length > 1 ? "have" : "has"} the name of a path or query field and a type its values do not all fit (or is optional); inputs are one object, so rename one`,
      );
    return { mediaType, spread: type };
  }

  private queryStyle(path: PathSegment[], source: FieldSource, type: TypeNode): QueryStyle {
    const explicit =
      typeof source === "object" && "style" in source ? (source.style as QueryStyle | undefined) : undefined;
    const isRecord = this.unalias(type).kind === "record";
    if (explicit === "deepObject" && !isRecord)
      this.reporter.report(
        [...path, "style"],
        `style deepObject needs a record<...> type, not ${describeType(type)}`,
      );
    if (explicit === "form" && isRecord)
      this.reporter.report(
        [...path, "style"],
        "a record cannot be sent as style form; use deepObject or json",
      );
    return explicit ?? (isRecord ? "deepObject" : "form");
  }

  /** Looks through aliases, so `MetadataQuery` counts as the record it names. */
  private unalias(type: TypeNode): TypeNode {
    const declaration = type.kind === "ref" ? this.declared.get(type.name) : undefined;
    return declaration?.kind === "alias" ? this.unalias(declaration.type) : type;
  }

  private checkPathParameters(path: PathSegment[], template: string, parameters: Parameter[]) {
    const matches = [...template.matchAll(/\{([^}]*)\}/g)];
    const placeholders = matches.map((m) => m[1]!);
    const declared = parameters.filter((p) => p.location === "path");
    for (const [index, name] of placeholders.entries()) {
      const parameter = parameters.find((p) => p.name === name);
      if (!parameter)
        this.reporter.report(
          [...path, "path"],
          `path parameter '{${name}}' is not declared; add '${name}' under input.path`,
          matches[index]!.index,
        );
      else if (parameter.location !== "path")
        this.reporter.report(
          [...path, "input", parameter.location, name],
          `'${name}' fills '{${name}}' in the path, so it belongs under input.path, not ${parameter.location}`,
          0,
          "key",
        );
      else if (parameter.optional)
        this.reporter.report(
          [...path, "input", "path", `${name}?`],
          `path parameter '${name}' cannot be optional; remove the ?`,
          0,
          "key",
        );
    }
    for (const parameter of declared) {
      if (!placeholders.includes(parameter.name)) {
        this.reporter.report(
          [...path, "input", "path", parameter.optional ? `${parameter.name}?` : parameter.name],
          `input.path declares '${parameter.name}' but the path '${template}' has no '{${parameter.name}}'; add it to the path or move the field to query`,
          0,
          "key",
        );
      }
    }
  }

  private lowerResponses(path: PathSegment[], sources: Record<string, string | null>): SuccessResponse[] {
    const responses: SuccessResponse[] = [];
    for (const [status, expression] of Object.entries(sources)) {
      if (expression === null || expression === "null" || expression === "void") {
        responses.push({ status: Number(status), body: { kind: expression ?? "null" } });
        continue;
      }
      const mediaType = mediaTypeOf(expression);
      if (mediaType === "application/json") {
        this.reporter.report(
          [...path, status],
          "a JSON body is written as its type, e.g. `200: Customer`, not as its media type",
        );
        continue;
      }
      if (mediaType !== undefined) {
        const kind = isTextMediaType(mediaType) ? "text" : "binary";
        responses.push({ status: Number(status), body: { kind, mediaType } });
        continue;
      }
      const type = this.types.resolve([...path, status], expression);
      if (type) responses.push({ status: Number(status), body: { kind: "json", type } });
    }
    if (Object.keys(sources).length === 0)
      this.reporter.report(
        path,
        "an operation needs at least one success response, e.g. `200: Customer` or `204: void`",
        0,
        "key",
      );
    return responses;
  }

  private lowerErrors(path: PathSegment[], codes: readonly string[]): OperationError[] {
    return codes.flatMap((code, index): OperationError[] => {
      if (code === "validation") return [{ shape: "validation", status: 422 }];
      const error = this.spec.errors[code];
      if (error)
        return [
          { shape: "error", code, status: error.status, ...(error.class && { errorClass: error.class }) },
        ];
      this.reporter.reportUnknown(
        code,
        [...path, index],
        `unknown error code '${code}'${suggest(code, [...Object.keys(this.spec.errors), "validation"])}; declare it under errors or use 'validation' for the 422 body`,
      );
      return [];
    });
  }

  private checkExample(
    path: PathSegment[],
    example: Record<string, unknown> | undefined,
    parameters: Parameter[],
    /** The fields of a spread body's variants: an example holds those of one of them. */
    spreadFields: readonly string[],
  ) {
    const names = [...parameters.map((p) => p.name), ...new Set(spreadFields)];
    for (const key of Object.keys(example ?? {})) {
      if (!names.includes(key))
        this.reporter.report(
          [...path, key],
          `example names '${key}', which is not an input field${suggest(key, names)}; fix the name or remove it`,
          0,
          "key",
        );
    }
    for (const parameter of parameters) {
      if (example && !parameter.optional && !(parameter.name in example))
        this.reporter.report(
          path,
          `example lacks the required input field '${parameter.name}'; add it`,
          0,
          "key",
        );
    }
  }
}

/** Whether every value of `from` is a value of `to`: the same type, or a string of a format into a plain string. */
function fits(from: TypeNode, to: TypeNode): boolean {
  if (JSON.stringify(from) === JSON.stringify(to)) return true;
  return from.kind === "string" && to.kind === "string" && Object.keys(to).length === 1;
}

/** A media type (`text/csv`, `application/pdf`), which no type expression looks like. */
function mediaTypeOf(expression: string): string | undefined {
  return /^[a-z]+\/[A-Za-z0-9.+-]+$/.test(expression) ? expression : undefined;
}

/** Text the call resolves to as a string; any other media type is binary (a Blob). */
function isTextMediaType(mediaType: string): boolean {
  return mediaType.startsWith("text/") || /[/+](xml|yaml)$/.test(mediaType);
}

function paginationOf(responses: readonly SuccessResponse[]): Operation["pagination"] {
  const ok = responses.find((r) => r.status === 200);
  if (ok?.body.kind !== "json" || ok.body.type.kind !== "page") return undefined;
  return { forms: ok.body.type.forms, items: ok.body.type.items };
}
