import type { Check } from "./validate.js";

/**
 * What the generated code tells the runtime about one operation. The runtime
 * (request.ts) turns a definition plus an input into one HTTP exchange; the
 * generated wrappers only pair a definition with its types.
 */
export type OperationDefinition<Input = unknown, Result = unknown> = OperationBasics<Input, Result> &
  PathParameters &
  QueryParameters;

interface OperationBasics<Input, Result> {
  /** The operation id, e.g. `validateLicenseKey`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The path template relative to the base URL, e.g. `/v1/customers/{id}/payment-methods`. */
  readonly path: string;
  /** Input fields sent as the body; `undefined` when the operation has no body. */
  readonly bodyFields: readonly string[] | undefined;
  /** How the body is written when it is not JSON: a urlencoded form, or multipart/form-data. */
  readonly bodyMediaType?: BodyMediaType;
  /** The body is the input's field `body` itself (an array, a string), not an object of fields. */
  readonly bodyIsValue?: true;
  /** A body field's key in the body, by its input name, when the two differ (a path field has the name). */
  readonly bodyWireNames?: Readonly<Record<string, string>>;
  /**
   * Checks the whole input (path, query and body fields in one object) before any request:
   * the generated validator, which agrees with `@commerce-api/schemas`' `<Op>Input`.
   */
  readonly input: InputCheck<Input>;
  /** The security schemes that may call the operation (all sent as `Authorization: Bearer`); empty: no token is sent. */
  readonly auth: readonly string[];
  /** Scopes of which the token needs any one; empty when the spec names none. */
  readonly scopes: readonly string[];
  /**
   * The API version whose answers the definition reads, sent as `Polar-Version` for its calls
   * whatever the client's version; absent: the client's. A dated entry point's own operations
   * (`@commerce-api/client/2026-10`'s `validateLicenseKey`) carry their date.
   */
  readonly apiVersion?: string;
  /** How each success status is read. A status not listed here is unexpected. */
  readonly responses: Readonly<Record<number, ResponseDefinition>>;
  /** Phantom marker carrying the result type; never set at runtime. */
  readonly __result?: Result;
}

/*
 * Parameters come with the runtime function that writes them (url.ts's fillPath, query.ts's
 * serializeQuery), or not at all: a page whose operations have none does not carry that code.
 */

/** Input fields that fill the `{name}` placeholders of `path`, or none. */
export type PathParameters =
  | { readonly pathParameters: readonly string[]; readonly fillPath: PathFiller }
  | { readonly pathParameters?: undefined; readonly fillPath?: undefined };

/** Input fields sent in the query string, with how each is written, or none. */
export type QueryParameters =
  | { readonly queryParameters: readonly QueryParameter[]; readonly serializeQuery: QuerySerializer }
  | { readonly queryParameters?: undefined; readonly serializeQuery?: undefined };

/** What fills a path: the operation's id (for its errors), its template and parameters. */
export interface PathTemplate {
  readonly id: string;
  readonly path: string;
  readonly pathParameters: readonly string[];
}

export type PathFiller = (definition: PathTemplate, input: Readonly<Record<string, unknown>>) => string;

export type QuerySerializer = (
  parameters: readonly QueryParameter[],
  input: Readonly<Record<string, unknown>>,
) => string;

/** A validator of an operation's input; the marker (never set) carries the input type. */
export type InputCheck<Input> = Check & { readonly __input?: Input };

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * `form`: scalars as `name=value`, arrays as repeated keys;
 * `deepObject`: `name[key]=value`, array values as repeated keys;
 * `json`: `name=<JSON text>`.
 */
export type QueryStyle = "form" | "deepObject" | "json";

export interface QueryParameter {
  readonly name: string;
  readonly style: QueryStyle;
}

export type ResponseDefinition =
  /** A JSON body checked with `validate` (generated; agrees with the schemas'); the call resolves to the parsed value. */
  | { readonly body: "json"; readonly validate: Check }
  /** No body (or a JSON `null`); the call resolves to `undefined`. */
  | { readonly body: "void" }
  /** No body yet; the call resolves to `null`. */
  | { readonly body: "null" }
  /** A text body of this media type (`text/csv`); the call resolves to the text. */
  | { readonly body: "text"; readonly mediaType: string }
  /** A binary body of this media type (`application/pdf`); the call resolves to a `Blob`. */
  | { readonly body: "binary"; readonly mediaType: string };

export type BodyMediaType = "application/x-www-form-urlencoded" | "multipart/form-data";

/** The input type of a definition. */
export type InputOf<D> = D extends OperationDefinition<infer I, unknown> ? I : never;
/** The result type of a definition. */
export type ResultOf<D> = D extends OperationDefinition<unknown, infer R> ? R : never;
