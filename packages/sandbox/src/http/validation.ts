import type { OperationDefinition } from "./definitions.js";
/**
 * Request bodies: reading JSON and turning schema problems into the service's
 * 422 body (`loc`, `msg`, `type`, `input`, `ctx`, with pydantic's wording).
 */
import { excessiveNesting, MAX_JSON_DEPTH } from "./request-body.js";
import { type Loc, type ValidationIssue, validationFailed } from "./responses.js";

/** The part of a zod issue we read (zod 4, classic or mini). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  keys?: string[];
  /** For `invalid_key`: what was wrong with the key itself. */
  issues?: SchemaIssue[];
  message: string;
}

/** A schema: anything with zod's `safeParse` (classic or mini). */
export interface Schema<T = unknown> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
}

/** Only JSON's own whitespace: a body of nothing else is a missing body, as for the service. */
const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/**
 * A request body as its operation writes it: a form (urlencoded or multipart) as an object of
 * its fields, text (a repeated key: a list of them; a file part: its Blob), as the service's form
 * reading gives them; anything else JSON (`readJsonBody`).
 */
export async function readBody(
  request: Request,
  definition: Pick<OperationDefinition, "bodyMediaType">,
): Promise<unknown> {
  if (definition.bodyMediaType === undefined) return readJsonBody(request);
  const form = await request.formData().catch(() => new FormData());
  const fields: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

/** Reads a JSON request body, or throws the 422 the service sends for a missing or broken one. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (JSON_WHITESPACE_ONLY.test(text)) {
    throw validationFailed([{ loc: ["body"], msg: "Field required", type: "missing", input: null }]);
  }
  const tooDeep = excessiveNesting(text);
  if (tooDeep >= 0) {
    const reason = `JSON nested deeper than ${MAX_JSON_DEPTH} levels; flatten the body`;
    throw validationFailed([
      {
        loc: ["body", tooDeep],
        msg: "JSON decode error",
        type: "json_invalid",
        input: {},
        ctx: { error: reason },
      },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw validationFailed([
      {
        loc: ["body", jsonErrorOffset(reason, text)],
        msg: "JSON decode error",
        type: "json_invalid",
        input: {},
        ctx: { error: reason },
      },
    ]);
  }
}

/** The character offset V8 names in a JSON.parse message; the service puts it in `loc`. */
function jsonErrorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  // "Unexpected end of JSON input" names no position: the error is at the end.
  return position ? Number(position[1]) : text.length;
}

/** Parses `body` with `schema`, or throws a 422 whose `loc` starts with `"body"`. */
export function parseBody<T>(schema: Schema<T>, body: unknown): T {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw validationFailed([
      {
        loc: ["body"],
        msg: "Input should be a valid dictionary or object to extract fields from",
        type: "model_attributes_type",
        input: body,
      },
    ]);
  }
  const result = parseIgnoringUnknownKeys(schema, body);
  if (result.success) return result.data;
  throw validationFailed(result.error.issues.flatMap((issue) => toValidationIssues(issue, ["body"], body)));
}

/**
 * The service's request models ignore fields they do not declare, while our input schemas
 * (made for the client) reject them; so the keys a strict schema names are dropped and the
 * body is parsed once more.
 */
function parseIgnoringUnknownKeys<T>(schema: Schema<T>, body: object) {
  const first = schema.safeParse(body);
  if (first.success) return first;
  const unknownKeys = first.error.issues.filter((issue) => issue.code === "unrecognized_keys");
  if (unknownKeys.length === 0) return first;
  const trimmed = structuredClone(body);
  for (const issue of unknownKeys) {
    const owner = valueAt(trimmed, pathOf(issue));
    for (const key of issue.keys ?? []) delete (owner as Record<string, unknown>)[key];
  }
  return schema.safeParse(trimmed);
}

const TYPE_NAMES: Record<string, [type: string, label: string]> = {
  string: ["string_type", "a valid string"],
  number: ["float_type", "a valid number"],
  int: ["int_type", "a valid integer"],
  boolean: ["bool_type", "a valid boolean"],
  object: ["dict_type", "a valid dictionary"],
  record: ["dict_type", "a valid dictionary"],
  array: ["list_type", "a valid list"],
};

/** An issue's path as `loc` segments (zod allows symbols, which JSON cannot carry). */
function pathOf(issue: SchemaIssue): (string | number)[] {
  return issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
}

/** One zod issue as the service would have reported it. */
export function toValidationIssues(issue: SchemaIssue, prefix: Loc, root: unknown): ValidationIssue[] {
  const path = pathOf(issue);
  const loc: Loc = [...prefix, ...path];
  const input = valueAt(root, path);
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return [{ loc, msg: "Field required", type: "missing" }];
      const [type, label] = TYPE_NAMES[issue.expected ?? ""] ?? ["type_error", `a valid ${issue.expected}`];
      return [{ loc, msg: `Input should be ${label}`, type, input }];
    }
    case "too_small":
      return [boundIssue(loc, input, issue, "min")];
    case "too_big":
      return [boundIssue(loc, input, issue, "max")];
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid") {
        return [{ loc, msg: "Input should be a valid UUID", type: "uuid_parsing", input }];
      }
      return [
        { loc, msg: `Input should be a valid ${issue.format}`, type: `${issue.format}_parsing`, input },
      ];
    case "unrecognized_keys":
      return (issue.keys ?? []).map((key) => ({
        loc: [...loc, key],
        msg: "Extra inputs are not permitted",
        type: "extra_forbidden",
        input: valueAt(input, [key]),
      }));
    case "invalid_key":
      // pydantic reports a bad dictionary key at `[..., key, "[key]"]`, with the key as input.
      return (issue.issues ?? []).flatMap((inner) =>
        toValidationIssues({ ...inner, path: [...issue.path, "[key]"] }, prefix, root).map((mapped) => ({
          ...mapped,
          input: path.at(-1),
        })),
      );
    case "invalid_union":
      return [
        { loc, msg: "Input should be a valid string, integer, number or boolean", type: "union_type", input },
      ];
    case "invalid_value":
      return [{ loc, msg: "Input should be one of the allowed values", type: "literal_error", input }];
    default:
      return [{ loc, msg: issue.message || "Value error", type: "value_error", input }];
  }
}

function boundIssue(loc: Loc, input: unknown, issue: SchemaIssue, side: "min" | "max"): ValidationIssue {
  const limit = Number(side === "min" ? issue.minimum : issue.maximum);
  if (issue.origin === "string") {
    return side === "min"
      ? {
          loc,
          input,
          type: "string_too_short",
          msg: `String should have at least ${limit} characters`,
          ctx: { min_length: limit },
        }
      : {
          loc,
          input,
          type: "string_too_long",
          msg: `String should have at most ${limit} characters`,
          ctx: { max_length: limit },
        };
  }
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    return side === "min"
      ? {
          loc,
          input,
          type: "greater_than_equal",
          msg: `Input should be greater than or equal to ${limit}`,
          ctx: { ge: limit },
        }
      : {
          loc,
          input,
          type: "less_than_equal",
          msg: `Input should be less than or equal to ${limit}`,
          ctx: { le: limit },
        };
  }
  return side === "min"
    ? {
        loc,
        input,
        type: "too_short",
        msg: `Input should have at least ${limit} items`,
        ctx: { min_length: limit },
      }
    : {
        loc,
        input,
        type: "too_long",
        msg: `Input should have at most ${limit} items`,
        ctx: { max_length: limit },
      };
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
