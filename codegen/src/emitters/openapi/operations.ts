import type { Api, Operation } from "../../ir/types.ts";
import { type JsonObject, objectSchema, typeSchema } from "./json-schema.ts";
import { parameterObject } from "./parameters.ts";
import { responsesObject } from "./responses.ts";

/** The `paths` object: every operation at its own path, paths in the spec's order. */
export function pathsObject(api: Api): JsonObject {
  const paths: JsonObject = {};
  for (const operation of api.operations) {
    const item = (paths[operation.path] ?? {}) as JsonObject;
    item[operation.method.toLowerCase()] = operationObject(operation, api);
    paths[operation.path] = item;
  }
  return paths;
}

export function operationObject(operation: Operation, api: Api): JsonObject {
  const parameters = operation.parameters.filter((parameter) => parameter.location !== "body");
  // The body's fields by their keys on the wire.
  const body = operation.parameters
    .filter((parameter) => parameter.location === "body")
    .map((parameter) => (parameter.wireName ? { ...parameter, name: parameter.wireName } : parameter));
  const object: JsonObject = {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description !== undefined && { description: operation.description }),
    tags: [tagOf(operation)],
    // Our name of its place in the grouped client, which an import of this document keeps.
    "x-commerce-group": operation.group.join("."),
    ...(operation.deprecated && { deprecated: true }),
    // Any one scheme, with any one of the scopes (OpenAPI 3.1 lets non-OAuth schemes list roles).
    security: operation.auth.map((scheme) => ({ [scheme]: [...operation.scopes] })),
  };
  if (parameters.length > 0) object.parameters = parameters.map(parameterObject);
  if (operation.body) {
    const spread = operation.body.spread;
    const schema = spread
      ? typeSchema(spread)
      : operation.body.isValue
        ? typeSchema(body[0]!.type)
        : objectSchema(body, { closed: true });
    object.requestBody = {
      required: spread !== undefined || body.some((field) => !field.optional),
      content: { [operation.body.mediaType]: { schema } },
    };
  }
  object.responses = responsesObject(operation, api);
  if (operation.pagination) {
    // Which `{ items, pagination }` forms a list may answer; both advance by `page`.
    object["x-pagination"] = { forms: [...operation.pagination.forms], page: "page" };
  }
  return object;
}

/** The operation's tag: the first segment of its group (`licenseKeys` for `licenseKeys.validate`). */
export function tagOf(operation: Operation): string {
  return operation.group[0]!;
}
