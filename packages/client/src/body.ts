import type { OperationDefinition } from "./operation.js";

/** What a call sends: the body, and its content type when the platform does not set it itself. */
export interface RequestBody {
  readonly body: string | FormData | URLSearchParams;
  /** Absent for multipart/form-data: fetch writes the type with the parts' boundary. */
  readonly contentType?: string;
}

type BodyDefinition = Pick<
  OperationDefinition,
  "bodyFields" | "bodyMediaType" | "bodyIsValue" | "bodyWireNames"
>;

/**
 * The body of a call: only the operation's body fields, so path and query fields of the flat
 * input never leak into the body. Absent (`undefined`) fields are omitted; in JSON `null` is
 * kept, because for this service an explicit null means something (e.g. "no activation") that
 * absence does not. A form writes each field as text (see `formValue`). Returns `undefined`
 * when the operation has no body.
 */
export function buildBody(
  definition: BodyDefinition,
  input: Readonly<Record<string, unknown>>,
): RequestBody | undefined {
  const { bodyFields } = definition;
  if (bodyFields === undefined) return undefined;
  if (definition.bodyIsValue) return { body: JSON.stringify(input.body), contentType: "application/json" };
  const fields: [string, unknown][] = [];
  for (const field of bodyFields)
    if (input[field] !== undefined) fields.push([definition.bodyWireNames?.[field] ?? field, input[field]]);
  switch (definition.bodyMediaType) {
    case "application/x-www-form-urlencoded": {
      const form = new URLSearchParams();
      for (const [name, value] of fields) for (const item of formValues(value)) form.append(name, item);
      return { body: form, contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart/form-data": {
      const form = new FormData();
      for (const [name, value] of fields) {
        for (const item of value instanceof Blob ? [value] : formValues(value)) form.append(name, item);
      }
      return { body: form };
    }
    default:
      return { body: JSON.stringify(Object.fromEntries(fields)), contentType: "application/json" };
  }
}

/**
 * A field as a form writes it: an array as one entry per item, `null` as an empty value, an
 * object as its JSON text, anything else as its text.
 */
function formValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(formValues);
  if (value === null) return [""];
  return [typeof value === "object" ? JSON.stringify(value) : String(value)];
}
