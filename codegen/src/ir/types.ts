/**
 * The IR: the API as plain, resolved, typed data. It knows nothing of YAML (the loader
 * lowers into it) and nothing of TypeScript or zod (the emitters print from it).
 * References are resolved, `extends`/`omit` are applied, and union variants carry
 * their discriminator literals, so an emitter never has to look anything up twice.
 */

import type { WebhookEventType } from "./webhooks.ts";

export type { WebhookEventType } from "./webhooks.ts";

export interface Api {
  readonly title: string;
  readonly description?: string;
  /** The API version this view describes: the spec's `info.version` for the packages' roots. */
  readonly version: string;
  /**
   * Every dated version of the service, oldest first (`info.versions`, or `[version]`).
   * Declarations and fields say when they appear and go (`Lifetime`); `apiAsOf` (versions.ts)
   * gives the API as of one version, the view every emitter prints.
   */
  readonly versions: readonly string[];
  /** The spec file the API came from, relative to the repository root, for file headers. */
  readonly source: string;
  readonly environments: readonly Environment[];
  readonly securitySchemes: readonly SecurityScheme[];
  readonly errorCodes: readonly ErrorCode[];
  /** Enums and types in dependency order: a declaration comes after everything it refers to. */
  readonly declarations: readonly Declaration[];
  readonly operations: readonly Operation[];
  /** The events the service sends to webhook endpoints (webhooks.ts), in spec order. */
  readonly webhooks: readonly WebhookEventType[];
}

export interface Environment {
  readonly name: string;
  readonly url: string;
}

export interface SecurityScheme {
  readonly name: string;
  readonly audience: "organization" | "customer";
  readonly tokenPrefix?: string;
  readonly description?: string;
}

export interface ErrorCode {
  readonly code: string;
  readonly status: number;
  readonly description?: string;
  /** The ApiError subclass the client throws for this code (generated), when the spec names one. */
  readonly errorClass?: string;
}

export type Declaration = EnumDeclaration | ObjectDeclaration | AliasDeclaration | UnionDeclaration;

/** When something exists: from `since` (inclusive) until `until` (exclusive); absent: always. */
export interface Lifetime {
  readonly since?: string;
  readonly until?: string;
}

interface DeclarationBase extends Lifetime {
  readonly name: string;
  readonly description?: string;
  /** Refers to itself through a cycle, so schemas must reach it lazily. */
  readonly recursive: boolean;
}

export interface EnumDeclaration extends DeclarationBase {
  readonly kind: "enum";
  readonly values: readonly string[];
}

export interface ObjectDeclaration extends DeclarationBase {
  readonly kind: "object";
  readonly fields: readonly Field[];
  /** Keys beyond the fields, each a value of this type (`additionalFields`); absent: none in inputs. */
  readonly additionalFields?: TypeNode;
}

export interface AliasDeclaration extends DeclarationBase {
  readonly kind: "alias";
  readonly type: TypeNode;
}

export interface UnionDeclaration extends DeclarationBase {
  readonly kind: "union";
  readonly discriminator: string;
  readonly variants: readonly UnionVariant[];
  /** The variant for discriminator values not known yet. */
  readonly fallback?: string;
}

export interface UnionVariant {
  readonly value: string;
  readonly type: string;
}

export interface Field extends Lifetime {
  readonly name: string;
  readonly type: TypeNode;
  /** May be absent. Nullability is a `null` member of the type. */
  readonly optional: boolean;
  readonly description?: string;
  readonly default?: unknown;
  readonly deprecated?: boolean;
  /** A value the field may take, shown in docs and exported as its schema's `examples`. */
  readonly example?: unknown;
  /** Set by the service: in responses only; the type's input form leaves it out (ir/modes.ts). */
  readonly readOnly?: boolean;
}

/**
 * `guid` is how responses read a `uuid`: any 8-4-4-4-12 hexadecimal string, whatever its
 * version and variant bits (ir/modes.ts); a spec never writes it.
 */
export type StringFormat = "uuid" | "guid" | "datetime" | "date" | "email" | "url" | "ip";

export type TypeNode =
  | {
      readonly kind: "string";
      readonly format?: StringFormat;
      readonly minLength?: number;
      readonly maxLength?: number;
      /** A regular expression (ECMAScript syntax, unanchored as JSON Schema's) the string matches. */
      readonly pattern?: string;
    }
  | {
      readonly kind: "integer" | "number";
      readonly min?: number;
      readonly max?: number;
      readonly exclusiveMin?: number;
      readonly exclusiveMax?: number;
    }
  | { readonly kind: "boolean" }
  | { readonly kind: "unknown" }
  | { readonly kind: "null" }
  | { readonly kind: "literal"; readonly value: LiteralValue }
  /** A discriminator of a fallback variant: any string but the known values. */
  | {
      readonly kind: "otherString";
      /** The union whose fallback this is, and its variants' values. */
      readonly union: string;
      readonly known: readonly string[];
    }
  | { readonly kind: "ref"; readonly name: string; readonly target: Declaration["kind"] }
  | {
      readonly kind: "array";
      readonly items: TypeNode;
      readonly minItems?: number;
      readonly maxItems?: number;
    }
  | {
      readonly kind: "record";
      readonly values: TypeNode;
      readonly maxEntries?: number;
      readonly keyMinLength?: number;
      readonly keyMaxLength?: number;
    }
  | { readonly kind: "tuple"; readonly items: readonly TypeNode[] }
  | { readonly kind: "union"; readonly members: readonly TypeNode[] }
  /**
   * A `type`, given as a value or as its JSON text already: a `style: json` query parameter,
   * which the service reads as text. Inputs only.
   */
  | { readonly kind: "jsonText"; readonly type: TypeNode }
  /**
   * `{ items: T[], pagination }` where pagination is one of `forms`: `Pagination` (offset)
   * or `CursorPagination` (cursor). `Page<T> | CursorPage<T>` lowers to one node with both,
   * so a bad item is reported at its own path, not as "no union member matched".
   */
  | { readonly kind: "page"; readonly forms: readonly PageForm[]; readonly items: TypeNode };

export type LiteralValue = string | number | boolean;

export type PageForm = "offset" | "cursor";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryStyle = "form" | "deepObject" | "json";

export interface Operation {
  /** camelCase id, e.g. `validateLicenseKey`; the names generated from it are `operationNames(operation)` (names.ts). */
  readonly id: string;
  /** The grouped form as a path, e.g. `["licenseKeys", "validate"]`. */
  readonly group: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly method: HttpMethod;
  readonly path: string;
  /** Queries read (GET); mutations change something. */
  readonly kind: "query" | "mutation";
  readonly auth: readonly string[];
  readonly scopes: readonly string[];
  /** The input's fields: path, query and body fields, in one object (a spread body's fields are its type's). */
  readonly parameters: readonly Parameter[];
  readonly hasBody: boolean;
  /** How the body is sent; present when the operation has one. */
  readonly body?: RequestBody;
  readonly responses: readonly SuccessResponse[];
  readonly errors: readonly OperationError[];
  /** Present when the operation answers pages; which forms it may answer. */
  readonly pagination?: { readonly forms: readonly PageForm[]; readonly items: TypeNode };
  readonly example?: Readonly<Record<string, unknown>>;
  /** What a successful call changes (the queries to invalidate); always empty for queries. */
  readonly invalidates: readonly Invalidation[];
}

/** Queries a mutation changes: every query under a group path, or one entry of an operation. */
export interface Invalidation {
  /** The queries' group path: `["products", "list"]`, or a whole group such as `["customerPortal"]`. */
  readonly group: readonly string[];
  /**
   * Only the entries whose input matches the mutation's: each query input field with the
   * mutation input field that holds its value (e.g. the receipt of the order `id` invoiced).
   */
  readonly where?: readonly { readonly queryField: string; readonly inputField: string }[];
}

export interface Parameter extends Field {
  readonly location: "path" | "query" | "body";
  /** How a query parameter is written; absent for path and body fields. */
  readonly style?: QueryStyle;
  /** A body field's key in the body, when the input names it apart (`wireName`). */
  readonly wireName?: string;
}

export type BodyMediaType = "application/json" | "application/x-www-form-urlencoded" | "multipart/form-data";

export interface RequestBody {
  readonly mediaType: BodyMediaType;
  /**
   * The body's type as a whole, when the spec names it (`body: BenefitCreate`) rather than
   * listing fields: an object type or a union of them (`spread`), whose fields the input takes
   * beside its path and query fields; any other type is the input's field `body` (a parameter).
   */
  readonly spread?: TypeNode;
  /** The body is the input's field `body` whole (an array, a string), not an object of fields. */
  readonly isValue?: true;
}

export interface SuccessResponse {
  readonly status: number;
  readonly body:
    | { readonly kind: "json"; readonly type: TypeNode }
    | { readonly kind: "void" }
    | { readonly kind: "null" }
    /** A body that is not JSON: text (`text/csv`) the call resolves to as a string, or binary as a Blob. */
    | { readonly kind: "text"; readonly mediaType: string }
    | { readonly kind: "binary"; readonly mediaType: string };
}

export type OperationError =
  | {
      readonly shape: "error";
      readonly code: string;
      readonly status: number;
      /** The class the client throws for the code, when it has its own. */
      readonly errorClass?: string;
    }
  | { readonly shape: "validation"; readonly status: 422 };
