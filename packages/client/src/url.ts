import { InvalidInputError } from "./errors.js";
import type { OperationDefinition, PathTemplate } from "./operation.js";

/** The full URL of one call: base URL, path with its parameters filled, query string. */
export function buildUrl(
  baseUrl: string,
  definition: OperationDefinition,
  input: Readonly<Record<string, unknown>>,
): string {
  const path = definition.fillPath ? definition.fillPath(definition, input) : definition.path;
  const query = definition.serializeQuery ? definition.serializeQuery(definition.queryParameters, input) : "";
  return `${baseUrl}${path}${query ? `?${query}` : ""}`;
}

/**
 * Fills `{name}` placeholders. Every value is checked even when input
 * validation is off: an empty or missing id would silently address another
 * resource (`/v1/discounts/` is the list), so it is refused before any request.
 * Values are percent-encoded so `/`, `?` or `#` in an id cannot change the path.
 */
export function fillPath(definition: PathTemplate, input: Readonly<Record<string, unknown>>): string {
  let path = definition.path;
  for (const name of definition.pathParameters) {
    const value = input[name];
    const problem = pathValueProblem(value);
    if (problem !== undefined) {
      throw new InvalidInputError({ operationId: definition.id, issues: [{ path: [name], ...problem }] });
    }
    path = path.split(`{${name}}`).join(encodeURIComponent(String(value)));
  }
  return path;
}

/**
 * Why a value cannot fill a path segment. `.` and `..` survive percent-encoding
 * (and `%2E` decodes back to them), so the URL parser would resolve them as
 * dot segments: `DELETE /v1/discounts/.` reaches the collection.
 */
function pathValueProblem(value: unknown): { message: string; code: string } | undefined {
  if (typeof value === "number" || typeof value === "boolean") return undefined;
  if (typeof value !== "string" || value.length === 0) {
    return { message: "required path parameter is missing or empty", code: "missing" };
  }
  if (value === "." || value === "..") {
    return { message: `path parameter must not be "${value}"`, code: "invalid_value" };
  }
  return undefined;
}
