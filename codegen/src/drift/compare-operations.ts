import type { SchemaComparison } from "./compare-schemas.ts";
import { child, pointer } from "./json-pointer.ts";
import { dereference, isSchema, type Located, type Schema } from "./schema-view.ts";

/**
 * Compares our operations with theirs, matched by method and path: each operation we have
 * that they lack, the parameters (by place and name: required, style, schema), the JSON
 * request body, the status codes, the success bodies and the security schemes and scopes.
 * Error bodies are not compared: our spec states one error shape for all codes, theirs one
 * schema per code; the statuses are. Webhooks are matched by event type, their bodies compared.
 */
export function compareOperations(ours: Schema, theirs: Schema, schemas: SchemaComparison): OperationCounts {
  const counts = eachMatched("paths", ours, theirs, schemas, (pair, theirItem) => {
    compareParameters(pair, theirItem, schemas, theirs);
    compareBodies(pair, schemas);
    compareResponses(pair, schemas);
    compareSecurity(pair, schemas);
  });
  // Webhooks matched by event type: each one we describe that they lack, and the events' bodies.
  eachMatched("webhooks", ours, theirs, schemas, (pair) => compareBodies(pair, schemas));
  return counts;
}

/**
 * Calls `compare` with each operation of ours in `section` (by path or event type, and
 * method) and theirs at the same place, and the path item theirs is in; records each of ours
 * they lack.
 */
function eachMatched(
  section: "paths" | "webhooks",
  ours: Schema,
  theirs: Schema,
  schemas: SchemaComparison,
  compare: (pair: Pair, theirItem: Located) => void,
): OperationCounts {
  const counts = { ours: 0, shared: 0 };
  const theirSection = isSchema(theirs[section]) ? theirs[section] : {};
  for (const [key, item] of Object.entries((ours[section] ?? {}) as Record<string, Record<string, Schema>>)) {
    for (const [method, operation] of Object.entries(item)) {
      counts.ours += 1;
      const at = pointer(section, key, method);
      const theirItem = theirSection[key];
      const other = isSchema(theirItem) ? theirItem[method] : undefined;
      if (!isSchema(other)) {
        const what = section === "paths" ? `${method.toUpperCase()} ${key}` : `webhook '${key}'`;
        schemas.record("operation", at, pointer(section), `${what}: ours only`);
        continue;
      }
      counts.shared += 1;
      const pair = { ours: { schema: operation, at }, theirs: { schema: other, at } };
      compare(pair, { schema: theirItem as Schema, at: pointer(section, key) });
    }
  }
  return counts;
}

export interface OperationCounts {
  /** Our operations, and how many of them their document has too. */
  readonly ours: number;
  readonly shared: number;
}

interface Pair {
  readonly ours: Located;
  readonly theirs: Located;
}

interface Parameter extends Located {
  readonly name: string;
  readonly in: string;
}

function parametersOf(list: unknown, at: string, document: unknown): Parameter[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, index) => {
    if (!isSchema(entry)) return [];
    const { schema, at: where } = dereference(document, {
      schema: entry,
      at: child(at, "parameters", index),
    });
    return typeof schema.name === "string" && typeof schema.in === "string"
      ? [{ schema, at: where, name: schema.name, in: schema.in }]
      : [];
  });
}

function compareParameters(pair: Pair, theirItem: Located, schemas: SchemaComparison, theirs: Schema): void {
  const our = parametersOf(pair.ours.schema.parameters, pair.ours.at, undefined);
  // Parameters may be written on the path item, for all its operations.
  const their = [
    ...parametersOf(theirItem.schema.parameters, theirItem.at, theirs),
    ...parametersOf(pair.theirs.schema.parameters, pair.theirs.at, theirs),
  ].filter((parameter) => parameter.in !== "header" && parameter.in !== "cookie");
  for (const parameter of their) {
    if (!our.some((p) => p.name === parameter.name && p.in === parameter.in)) {
      schemas.record(
        "parameter",
        pair.ours.at,
        parameter.at,
        `${parameter.in} parameter '${parameter.name}': theirs only`,
      );
    }
  }
  for (const parameter of our) {
    const other = their.find((p) => p.name === parameter.name && p.in === parameter.in);
    if (!other) {
      schemas.record(
        "parameter",
        parameter.at,
        pair.theirs.at,
        `${parameter.in} parameter '${parameter.name}': ours only`,
      );
      continue;
    }
    if (Boolean(parameter.schema.required) !== Boolean(other.schema.required)) {
      const say = (required: unknown) => (required ? "required" : "optional");
      schemas.record(
        "required",
        parameter.at,
        other.at,
        `${parameter.in} parameter '${parameter.name}': ours ${say(parameter.schema.required)}, theirs ${say(other.schema.required)}`,
      );
    }
    const style = (p: Schema) => (p.content ? "content" : ((p.style as string | undefined) ?? "form"));
    // A JSON-text parameter (`content`) is a string on the wire, which is how a document
    // without `content` states it: nothing to compare but that both are there.
    if (style(parameter.schema) === "content" || style(other.schema) === "content") continue;
    if (style(parameter.schema) !== style(other.schema)) {
      schemas.record(
        "parameter",
        parameter.at,
        other.at,
        `${parameter.in} parameter '${parameter.name}' style: ours ${style(parameter.schema)}, theirs ${style(other.schema)}`,
      );
    }
    if (isSchema(parameter.schema.schema) && isSchema(other.schema.schema)) {
      // An optional query parameter is absent or a value: `null` in a document says "absent".
      schemas.compare(
        { schema: parameter.schema.schema, at: child(parameter.at, "schema") },
        { schema: other.schema.schema, at: child(other.at, "schema") },
        { nullability: parameter.in !== "query" },
      );
    }
  }
}

const jsonSchemaOf = (content: unknown): Schema | undefined => {
  const media = isSchema(content) ? content["application/json"] : undefined;
  return isSchema(media) && isSchema(media.schema) ? media.schema : undefined;
};
const jsonPointer = (at: string) => child(at, "content", "application/json", "schema");

function compareBodies(pair: Pair, schemas: SchemaComparison): void {
  const our = pair.ours.schema.requestBody;
  const their = pair.theirs.schema.requestBody;
  if (!isSchema(our) && !isSchema(their)) return;
  const ourAt = child(pair.ours.at, "requestBody");
  const theirAt = child(pair.theirs.at, "requestBody");
  if (!isSchema(our) || !isSchema(their)) {
    schemas.record("field", ourAt, theirAt, `request body: ${isSchema(our) ? "ours" : "theirs"} only`);
    return;
  }
  const ourSchema = jsonSchemaOf(our.content);
  const theirSchema = jsonSchemaOf(their.content);
  if (ourSchema && theirSchema) {
    schemas.compare(
      { schema: ourSchema, at: jsonPointer(ourAt) },
      { schema: theirSchema, at: jsonPointer(theirAt) },
    );
  }
}

function compareResponses(pair: Pair, schemas: SchemaComparison): void {
  const our = (pair.ours.schema.responses ?? {}) as Record<string, Schema>;
  const their = isSchema(pair.theirs.schema.responses) ? pair.theirs.schema.responses : {};
  const ourAt = child(pair.ours.at, "responses");
  const theirAt = child(pair.theirs.at, "responses");
  for (const status of Object.keys(their)) {
    if (status !== "default" && !(status in our)) {
      schemas.record("status", ourAt, child(theirAt, status), `status ${status}: theirs only`);
    }
  }
  for (const [status, response] of Object.entries(our)) {
    const other = their[status];
    if (!isSchema(other)) {
      schemas.record("status", child(ourAt, status), theirAt, `status ${status}: ours only`);
      continue;
    }
    if (!status.startsWith("2")) continue;
    const ourSchema = jsonSchemaOf(response.content);
    const theirSchema = jsonSchemaOf(other.content);
    if (Boolean(ourSchema) !== Boolean(theirSchema)) {
      schemas.record(
        "type",
        child(ourAt, status),
        child(theirAt, status),
        `status ${status} body: ours ${ourSchema ? "JSON" : "none"}, theirs ${theirSchema ? "JSON" : "none"}`,
      );
    }
    if (ourSchema && theirSchema) {
      schemas.compare(
        { schema: ourSchema, at: jsonPointer(child(ourAt, status)) },
        { schema: theirSchema, at: jsonPointer(child(theirAt, status)) },
      );
    }
  }
}

function compareSecurity(pair: Pair, schemas: SchemaComparison): void {
  const requirements = (operation: Schema) =>
    new Map(
      (Array.isArray(operation.security) ? operation.security : []).flatMap((requirement) =>
        isSchema(requirement)
          ? Object.entries(requirement).map(
              ([scheme, scopes]) => [scheme, (scopes as string[]).join(" ")] as const,
            )
          : [],
      ),
    );
  const our = requirements(pair.ours.schema);
  const their = requirements(pair.theirs.schema);
  const ourAt = child(pair.ours.at, "security");
  const theirAt = child(pair.theirs.at, "security");
  for (const scheme of their.keys()) {
    if (!our.has(scheme)) schemas.record("security", ourAt, theirAt, `scheme '${scheme}': theirs only`);
  }
  for (const [scheme, scopes] of our) {
    if (!their.has(scheme)) schemas.record("security", ourAt, theirAt, `scheme '${scheme}': ours only`);
    else if (their.get(scheme) !== scopes) {
      schemas.record(
        "security",
        ourAt,
        theirAt,
        `scopes of '${scheme}': ours ${scopes || "none"}, theirs ${their.get(scheme) || "none"}`,
      );
    }
  }
}
