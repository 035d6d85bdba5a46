import { isRecord } from "./issues.js";
import type { QueryParameter } from "./operation.js";

/*
 * Query strings as the service reads them (FastAPI):
 * - `form`: `name=value`; arrays as repeated keys `id=a&id=b` (never `id=a,b`).
 * - `deepObject`: `metadata[key]=value`; array values repeat the key.
 * - `json`: `name=<JSON text>`; a string is taken to be JSON text already and sent as is.
 * `undefined` and `null` are omitted everywhere: the service treats an absent
 * filter as "any", and has no way to receive a null in a query.
 */

/** The query string (without `?`) for the parameters of `input`; `""` when there are none. */
export function serializeQuery(
  parameters: readonly QueryParameter[],
  input: Readonly<Record<string, unknown>>,
): string {
  const search = new URLSearchParams();
  for (const parameter of parameters) {
    const value = input[parameter.name];
    if (value === undefined || value === null) continue;
    if (parameter.style === "deepObject") appendDeepObject(search, parameter.name, value);
    else if (parameter.style === "json") search.append(parameter.name, jsonText(value));
    else appendForm(search, parameter.name, value);
  }
  return search.toString();
}

/** A caller may hold the filter as JSON text already; encoding it again would send a JSON string, not the filter. */
function jsonText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function appendForm(search: URLSearchParams, name: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const element of value) appendScalar(search, name, element);
  } else {
    appendScalar(search, name, value);
  }
}

function appendDeepObject(search: URLSearchParams, name: string, value: unknown): void {
  if (!isRecord(value)) {
    appendForm(search, name, value);
    return;
  }
  for (const [key, entry] of Object.entries(value)) appendForm(search, `${name}[${key}]`, entry);
}

/** Booleans and numbers as their text (`true`, `1.5`); objects (not expected in form style) as JSON rather than `[object Object]`. */
function appendScalar(search: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  search.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
}
