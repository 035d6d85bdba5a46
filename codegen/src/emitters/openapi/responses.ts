import type { Api, Operation, SuccessResponse } from "../../ir/types.ts";
import { type JsonObject, schemaRef, typeSchema } from "./json-schema.ts";

const json = (schema: JsonObject) => ({ "application/json": { schema } });

/** Every success and every error the operation lists, by status, in ascending order. */
export function responsesObject(operation: Operation, api: Api): JsonObject {
  const byStatus = new Map<number, JsonObject>();
  for (const response of operation.responses) byStatus.set(response.status, successResponse(response));
  for (const [status, errors] of errorsByStatus(operation)) {
    byStatus.set(status, errorResponse(errors, api));
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => [String(status), byStatus.get(status)!]));
}

function successResponse(response: SuccessResponse): JsonObject {
  switch (response.body.kind) {
    case "json":
      return { description: "Successful response.", content: json(typeSchema(response.body.type)) };
    case "void":
      return { description: "Done; no body." };
    case "null":
      // The client resolves to null: the resource is not ready yet (e.g. a receipt being generated).
      return { description: "Not ready yet; no body. Ask again a little later." };
    case "text":
      return {
        description: "Successful response.",
        content: { [response.body.mediaType]: { schema: { type: "string" } } },
      };
    case "binary":
      return {
        description: "Successful response.",
        content: { [response.body.mediaType]: { schema: { type: "string", format: "binary" } } },
      };
  }
}

/** The codes (and `validation`) an operation lists, grouped by their HTTP status. */
function errorsByStatus(operation: Operation): Map<number, string[]> {
  const grouped = new Map<number, string[]>();
  for (const error of operation.errors) {
    const name = error.shape === "validation" ? "validation" : error.code;
    grouped.set(error.status, [...(grouped.get(error.status) ?? []), name]);
  }
  return grouped;
}

/**
 * One status may carry several error codes (409: two conflicts) or both body shapes (422:
 * the validation body and an error-shaped code); each is one alternative of the schema, and
 * an error-shaped one pins `error` to its code.
 */
function errorResponse(names: readonly string[], api: Api): JsonObject {
  const body = (name: keyof typeof bodies) =>
    api.declarations.some((declaration) => declaration.name === name) ? schemaRef(name) : bodies[name];
  const alternatives = names.map((name): JsonObject => {
    if (name === "validation") return body("ValidationErrorBody");
    return { allOf: [body("ErrorBody"), { type: "object", properties: { error: { const: name } } }] };
  });
  const codes = names.filter((name) => name !== "validation");
  const describe = (name: string) => {
    if (name === "validation") return "The input failed validation (`ValidationErrorBody`).";
    const description = api.errorCodes.find((code) => code.code === name)?.description;
    return `\`${name}\`${description ? `: ${description}` : "."}`;
  };
  return {
    description: names.map(describe).join("\n\n"),
    content: json(alternatives.length === 1 ? alternatives[0]! : { anyOf: alternatives }),
    ...(codes.length > 0 && { "x-error-codes": codes }),
  };
}

/**
 * The two error bodies as the spec language defines them (spec/README.md, "errors"), for a
 * spec that does not declare them as types; the real spec does, and its own types are used.
 */
const bodies = {
  ErrorBody: {
    type: "object",
    properties: { error: { type: "string" }, detail: { type: "string" } },
    required: ["error", "detail"],
  },
  ValidationErrorBody: {
    type: "object",
    properties: {
      error: { type: "string" },
      detail: {
        type: "array",
        items: {
          type: "object",
          properties: {
            loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
            msg: { type: "string" },
            type: { type: "string" },
          },
          required: ["loc", "msg", "type"],
        },
      },
    },
    required: ["detail"],
  },
} satisfies Record<string, JsonObject>;
