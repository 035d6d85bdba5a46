import { child, pointer } from "../drift/json-pointer.ts";
import { dereference, isSchema, type Located, propertiesOf, type Schema } from "../drift/schema-view.ts";
import { bodyMediaTypes } from "../loader/language.ts";
import { pascalCase } from "./names.ts";
import { type Entry, fieldValue, type SchemaImporter } from "./schemas.ts";

/**
 * The document's operations → our `operations` entries: parameters with their styles, the
 * JSON body's fields, each success status's body, each error status's codes, the schemes
 * and scopes. Error codes and security schemes they name are collected for `errors` and
 * `security`.
 */

export const methods = ["get", "post", "put", "patch", "delete"] as const;

export interface DocumentOperation {
  readonly path: string;
  readonly method: (typeof methods)[number];
  readonly operation: Schema;
  readonly item: Schema;
  readonly at: string;
}

/** Every operation of the document, in its order. */
export function documentOperations(document: Schema): DocumentOperation[] {
  const found: DocumentOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, unknown>)) {
    if (!isSchema(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      if (isSchema(operation))
        found.push({ path, method, operation, item, at: pointer("paths", path, method) });
    }
  }
  return found;
}

/** A status without a body of its own gets the code our spec uses for that status. */
const codesByStatus: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  402: "PaymentRequired",
  403: "NotPermitted",
  404: "ResourceNotFound",
  409: "Conflict",
  410: "Gone",
  412: "PreconditionFailed",
  429: "RateLimited",
  500: "InternalServerError",
};

export class OperationImporter {
  readonly errors = new Map<string, Entry>();
  readonly schemes = new Set<string>();
  /** Each operation's path and the schemes that may call it, to tell whom a scheme's tokens act for. */
  readonly operationsBySchemes: { path: string; schemes: readonly string[] }[] = [];

  constructor(
    private readonly types: SchemaImporter,
    /** Whether the document is our own export (commerce-codegen's `x-generated-from`). */
    private readonly ours: boolean,
    /** The code the spec being merged into uses for a status, tried before our usual ones. */
    private readonly specCodes: ReadonlyMap<number, string> = new Map(),
  ) {}

  operation(source: DocumentOperation, id: string, group: string): Entry {
    const { operation, at } = source;
    const entry: Entry = {
      group,
      summary:
        text(operation.summary) ??
        text(operation.operationId) ??
        `${source.method.toUpperCase()} ${source.path}`,
    };
    const description = text(operation.description);
    if (description !== undefined) entry.description = description;
    entry.method = source.method.toUpperCase();
    entry.path = source.path;
    Object.assign(entry, this.security(source));
    if (operation.deprecated === true) entry.deprecated = true;
    const input = this.input(source, id);
    if (Object.keys(input).length > 0) entry.input = input;
    const { responses, errors } = this.responses(source, id);
    entry.responses = responses;
    if (errors.length > 0) entry.errors = errors;
    if (!isSchema(operation.responses))
      this.types.note(child(at, "responses"), "no responses; chose 200: void", ["operations", id]);
    return entry;
  }

  private security(source: DocumentOperation): Entry {
    const document = this.types.document;
    const requirements = (source.operation.security ?? document.security) as unknown;
    const list = Array.isArray(requirements) ? requirements.filter(isSchema) : [];
    const auth: string[] = [];
    const scopes: string[] = [];
    for (const requirement of list) {
      for (const [scheme, schemeScopes] of Object.entries(requirement)) {
        if (!auth.includes(scheme)) auth.push(scheme);
        for (const scope of Array.isArray(schemeScopes) ? schemeScopes : []) {
          if (!scopes.includes(String(scope))) scopes.push(String(scope));
        }
      }
    }
    for (const scheme of auth) this.schemes.add(scheme);
    this.operationsBySchemes.push({ path: source.path, schemes: auth });
    return { auth, ...(scopes.length > 0 && { scopes }) };
  }

  private input(source: DocumentOperation, id: string): Entry {
    const document = this.types.document;
    const path: Entry = {};
    const query: Entry = {};
    const listed = [
      ...listOf(source.item.parameters, pointer("paths", source.path, "parameters")),
      ...listOf(source.operation.parameters, child(source.at, "parameters")),
    ];
    for (const located of listed) {
      const { schema: parameter, at } = dereference(document, located);
      const name = String(parameter.name);
      if (parameter.in !== "path" && parameter.in !== "query") {
        this.types.note(
          at,
          `the ${String(parameter.in)} parameter '${name}'; our operations take path and query parameters; left out`,
          ["operations", id],
        );
        continue;
      }
      const hint = `${pascalCase(id)}${pascalCase(name)}`;
      const json = isSchema(parameter.content) && isSchema((parameter.content as Schema)["application/json"]);
      const schemaAt = json ? child(at, "content", "application/json", "schema") : child(at, "schema");
      const schema = json
        ? ((parameter.content as Record<string, Schema>)["application/json"]!.schema as Schema | undefined)
        : (parameter.schema as Schema | undefined);
      const optional = parameter.in === "query" && parameter.required !== true;
      const converted = this.types.convert({ schema: isSchema(schema) ? schema : {}, at: schemaAt }, hint);
      let expression = optional ? withoutNull(converted.expression) : converted.expression;
      if (parameter.style === "deepObject") expression = this.spelledOut(expression);
      const facts: Entry = { ...converted.facts };
      if (typeof parameter.description === "string") facts.description = parameter.description;
      if (parameter.deprecated === true) facts.deprecated = true;
      if (json) facts.style = "json";
      else if (parameter.style === "deepObject") facts.style = "deepObject";
      else if (parameter.style !== undefined && parameter.style !== "form" && parameter.in === "query") {
        this.types.note(
          at,
          `the query style '${String(parameter.style)}'; our query styles are form, deepObject and json; chose form`,
          ["operations", id],
        );
      }
      if (parameter.in === "query" && parameter.explode === false) {
        this.types.note(
          at,
          `explode: false (one key, values joined by commas); our form style repeats the key; chose it`,
          ["operations", id],
        );
      }
      (parameter.in === "path" ? path : query)[optional ? `${name}?` : name] = fieldValue({
        expression,
        facts,
      });
    }
    const input: Entry = {};
    if (Object.keys(path).length > 0) input.path = path;
    if (Object.keys(query).length > 0) input.query = query;
    const parameters = new Map(
      Object.entries({ ...path, ...query }).map(([key, value]) => [bare(key), value]),
    );
    const body = this.body(source, id, parameters);
    if (body) Object.assign(input, body);
    return input;
  }

  /** A deepObject parameter's type is written out (`record<...>`), not the alias that names it. */
  private spelledOut(expression: string): string {
    const alias = this.types.types.get(expression)?.type;
    return typeof alias === "string" && withoutNull(alias) !== alias ? withoutNull(alias) : expression;
  }

  /** `parameters`: the path and query fields as written, by name, which a body field may repeat. */
  private body(source: DocumentOperation, id: string, parameters: Map<string, unknown>): Entry | undefined {
    const requestBody = source.operation.requestBody;
    if (!isSchema(requestBody)) return undefined;
    const { schema: resolved, at: bodyAt } = dereference(this.types.document, {
      schema: requestBody,
      at: child(source.at, "requestBody"),
    });
    const content = isSchema(resolved.content) ? (resolved.content as Record<string, Schema>) : {};
    const media = Object.keys(content);
    const chosen = bodyMediaTypes.find((type) => media.includes(type)) ?? media[0];
    if (chosen === undefined) return undefined;
    const contentType = (bodyMediaTypes as readonly string[]).includes(chosen) ? chosen : "application/json";
    if (contentType !== chosen) {
      this.types.note(
        child(bodyAt, "content", chosen),
        `a ${chosen} body; our bodies are JSON, forms or multipart; chose a JSON body of the same shape`,
        ["operations", id],
      );
    }
    const encoding = contentType === "application/json" ? {} : { contentType };
    const schema = content[chosen]!.schema;
    const located: Located = {
      schema: isSchema(schema) ? schema : {},
      at: child(bodyAt, "content", chosen, "schema"),
    };
    const target = dereference(this.types.document, located);
    // Our export writes a body of fields in place, and a body named as a whole type as a reference.
    const named = this.ours && typeof located.schema.$ref === "string";
    const fieldsOnly =
      !named &&
      unionMembers(this.types.document, located).length === 1 &&
      !isSchema(target.schema.discriminator) &&
      propertiesOf(this.types.document, target).properties.size > 0;
    if (!fieldsOnly) {
      // A union of shapes, a tagged union, an array...: the body's type as a whole.
      return { body: this.types.convert(located, `${pascalCase(id)}Body`).expression, ...encoding };
    }
    // Decided before any field is converted, so the types are declared in the order a
    // reference to the body's type declares them (the round trip through our export).
    const { properties, required } = propertiesOf(this.types.document, target);
    const repeated = [...properties.keys()].filter((name) => parameters.has(name));
    const repeatsPathField = (name: string) =>
      required.has(name) &&
      fits(
        parameters.get(name),
        this.types.convert(properties.get(name)!, `${pascalCase(id)}Body`).expression,
      );
    if (repeated.length > 0 && repeated.every(repeatsPathField)) {
      // The body repeats a path field (the same value in both places): its type as a whole,
      // whose field the input's one field fills (spec/README.md, "Bodies").
      return { body: this.types.convert(located, `${pascalCase(id)}Body`).expression, ...encoding };
    }
    const fields = withoutReadOnly(this.types.fields(`${pascalCase(id)}Body`, target));
    return { body: this.namedApart(fields, parameters), ...encoding };
  }

  /**
   * A body field named like a path or query field of another meaning (a member's
   * `external_id` beside the customer's in the path) takes a name of its own in the input,
   * `body_external_id`, and keeps its key on the wire (`wireName`).
   */
  private namedApart(fields: Entry, parameters: Map<string, unknown>): Entry {
    return Object.fromEntries(
      Object.entries(fields).map(([key, value]) => {
        const name = bare(key);
        if (!parameters.has(name)) return [key, value];
        const field = typeof value === "string" ? { type: value } : (value as Entry);
        const own = `body_${name}${key.endsWith("?") ? "?" : ""}`;
        return [own, { ...field, wireName: name }];
      }),
    );
  }

  private responses(source: DocumentOperation, id: string): { responses: Entry; errors: string[] } {
    const responses: Entry = {};
    const errors: string[] = [];
    const all = isSchema(source.operation.responses)
      ? (source.operation.responses as Record<string, unknown>)
      : {};
    for (const [status, value] of Object.entries(all)) {
      if (!isSchema(value)) continue;
      const at = child(source.at, "responses", status);
      const { schema: response, at: responseAt } = dereference(this.types.document, { schema: value, at });
      if (!/^[1-5]\d\d$/.test(status)) {
        this.types.note(at, `the '${status}' response; our operations list statuses; left out`, [
          "operations",
          id,
        ]);
        continue;
      }
      const content = isSchema(response.content) ? (response.content as Record<string, Schema>) : {};
      const json = content["application/json"];
      if (status.startsWith("2")) {
        const other = Object.keys(content).find((type) => /^[a-z]+\/[A-Za-z0-9.+-]+$/.test(type));
        if (json && isSchema(json.schema)) {
          const converted = this.types.convert(
            { schema: json.schema, at: child(responseAt, "content", "application/json", "schema") },
            `${pascalCase(id)}Response`,
          );
          responses[status] = converted.expression;
        } else if (other !== undefined) {
          // Text the call resolves to as a string, or binary as a Blob (spec/README.md, "operations").
          responses[status] = other;
        } else responses[status] = this.notReadyYet(response) ? "null" : "void";
        continue;
      }
      if (status.startsWith("1") || status.startsWith("3")) {
        this.types.note(at, `status ${status}; our operations answer 2xx or an error; left out`, [
          "operations",
          id,
        ]);
        continue;
      }
      for (const code of this.errorCodes(Number(status), json, response, responseAt, id)) {
        if (!errors.includes(code)) errors.push(code);
      }
    }
    if (Object.keys(responses).length === 0) responses["200"] = "void";
    return { responses, errors };
  }

  /**
   * Our own export states a `null` response (no body yet; the call resolves to null) by its
   * description (emitters/openapi/responses.ts); read back, it is `null` again.
   */
  private notReadyYet(response: Schema): boolean {
    return (
      this.ours &&
      typeof response.description === "string" &&
      response.description.startsWith("Not ready yet; no body.")
    );
  }

  /** The codes of one error status: each error-shaped body's `error` constant, `validation` for the 422 body. */
  private errorCodes(
    status: number,
    json: Schema | undefined,
    response: Schema,
    at: string,
    id: string,
  ): string[] {
    const description = text(response.description);
    const schema = json && isSchema(json.schema) ? json.schema : undefined;
    const codes: string[] = [];
    if (schema) {
      for (const ref of refsIn(schema)) this.reachBody(ref);
      for (const member of unionMembers(this.types.document, {
        schema,
        at: child(at, "content", "application/json", "schema"),
      })) {
        const target = dereference(this.types.document, member);
        const { properties } = propertiesOf(this.types.document, target);
        const error = properties.get("error");
        const constant = error && dereference(this.types.document, error).schema.const;
        const detail =
          properties.get("detail") && dereference(this.types.document, properties.get("detail")!).schema;
        if (typeof constant === "string")
          codes.push(this.errorCode(constant, status, description, target.schema, member.at, id));
        else if (detail && (detail.type === "array" || detail.items !== undefined)) codes.push("validation");
      }
    }
    if (codes.length > 0) return codes;
    // A code comes from the document or the spec, never made up: else the status is left out.
    const code =
      this.specCodes.get(status) ?? codesByStatus[status] ?? (status === 422 ? "validation" : undefined);
    this.types.note(
      at,
      `status ${status} ${schema ? "with a body that names no error code" : "without a body"}; our errors are codes of the error-shaped body; ${code === undefined ? "no code has this status; left it out (add a code with this status to errors, and to the operation)" : `chose ${code}`}`,
      ["operations", id, "errors"],
    );
    if (code === undefined || code === "validation") return code === undefined ? [] : [code];
    return [this.errorCode(code, status, description, undefined, at, id)];
  }

  /** The two error bodies our language names (spec/README.md, "errors") are declared when the document names them. */
  private reachBody(ref: string): void {
    if (ref === "#/components/schemas/ErrorBody" || ref === "#/components/schemas/ValidationErrorBody") {
      this.types.reachNamed(ref);
    }
  }

  private errorCode(
    code: string,
    status: number,
    description: string | undefined,
    schema: Schema | undefined,
    at: string,
    id: string,
  ): string {
    const known = this.errors.get(code);
    if (known) {
      if (known.status !== status) {
        this.types.note(
          at,
          `the code ${code} at status ${status}; our codes have one status, and ${code} has ${String(known.status)}; kept ${String(known.status)}`,
          ["operations", id, "errors"],
        );
      }
      return code;
    }
    const told = (schema && text(schema.description)) ?? describedCode(description, code);
    this.errors.set(code, { status, ...(told !== undefined && { description: told }) });
    return code;
  }
}

/**
 * A code's description in its response's: the part `` `Code`: text `` where one response
 * lists several codes (as our export does), else the whole.
 */
function describedCode(description: string | undefined, code: string): string | undefined {
  if (description === undefined) return undefined;
  const parts = description.split("\n\n");
  const own = parts.find((part) => part.startsWith(`\`${code}\`: `) || part === `\`${code}\`.`);
  if (own !== undefined) return own === `\`${code}\`.` ? undefined : own.slice(code.length + 4);
  return parts.some((part) => /^`[A-Za-z]+`[:.]/.test(part)) ? undefined : description;
}

/** The `$ref`s written in a schema, not followed. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!isSchema(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner),
  );
}

function listOf(value: unknown, at: string): Located[] {
  return Array.isArray(value)
    ? value.flatMap((entry, index) => (isSchema(entry) ? [{ schema: entry, at: child(at, index) }] : []))
    : [];
}

/** A schema's alternatives (`anyOf`/`oneOf` without a discriminator), references followed; itself when it has none. */
function unionMembers(document: Schema, located: Located): Located[] {
  const target = dereference(document, located);
  const key = target.schema.anyOf ? "anyOf" : target.schema.oneOf ? "oneOf" : undefined;
  if (!key || isSchema(target.schema.discriminator)) return [target];
  return (target.schema[key] as unknown[]).flatMap((member, index) =>
    isSchema(member) && member.type !== "null"
      ? unionMembers(document, { schema: member, at: child(target.at, key, index) })
      : [],
  );
}

/** An optional query parameter is absent or a value: the document's `| null` says "absent". */
function withoutNull(expression: string): string {
  const parts = expression.split(" | ").filter((part) => part !== "null");
  return parts.length > 0 ? parts.join(" | ") : expression;
}

/** A body's fields but those the service sets (`readOnly`), which a request never sends. */
function withoutReadOnly(fields: Entry): Entry {
  return Object.fromEntries(
    Object.entries(fields).filter(([, field]) => (field as Entry | undefined)?.readOnly !== true),
  );
}

/** Whether every value of a parameter fits a body field, as written: the same type, or a string of a format into a plain string. */
function fits(parameter: unknown, field: unknown): boolean {
  const typeOf = (value: unknown) => (typeof value === "string" ? value : (value as Entry | undefined)?.type);
  const [from, to] = [typeOf(parameter), typeOf(field)];
  if (from === undefined) return false;
  return (
    from === to || (field === "string" && /^(string|uuid|email|url|date|datetime|ip)$/.test(String(from)))
  );
}

function bare(key: string): string {
  return key.endsWith("?") ? key.slice(0, -1) : key;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
