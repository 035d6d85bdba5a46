import type { Parameter } from "../../ir/types.ts";
import { type JsonObject, typeSchema } from "./json-schema.ts";

/**
 * Path and query parameters as OpenAPI states them, each with the serialisation the client
 * uses (spec/README.md, "Query parameters are serialised from their type"):
 * - form: `name=value`; an array repeats the key (`style: form`, `explode: true`);
 * - deepObject: `name[key]=value` (`style: deepObject`, `explode: true`);
 * - json: `name=<JSON text>`, which OpenAPI says with `content: application/json`.
 */
export function parameterObject(parameter: Parameter): JsonObject {
  const head: JsonObject = {
    name: parameter.name,
    in: parameter.location,
    required: parameter.location === "path" || !parameter.optional,
  };
  if (parameter.description !== undefined) head.description = parameter.description;
  if (parameter.deprecated) head.deprecated = true;
  const schema = withDefault(typeSchema(parameter.type), parameter.default);
  if (parameter.example !== undefined) schema.examples = [parameter.example as JsonObject[string]];
  if (parameter.location === "path") return { ...head, schema };
  if (parameter.style === "json") return { ...head, content: { "application/json": { schema } } };
  const style = parameter.style === "deepObject" ? "deepObject" : "form";
  return { ...head, style, explode: true, schema };
}

function withDefault(schema: JsonObject, value: unknown): JsonObject {
  return value === undefined ? schema : { ...schema, default: value as JsonObject[string] };
}
