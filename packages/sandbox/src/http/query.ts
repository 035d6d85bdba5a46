/**
 * Reading query parameters the way the service does (FastAPI + pydantic):
 * - a scalar parameter given several times takes its last value;
 * - "x or array of x" filters are repeated keys: `?id=a&id=b`;
 * - `metadata` is deepObject: `?metadata[key]=value`, repeated for several values;
 * - `sorting` is repeated: `?sorting=-created_at&sorting=name`;
 * - unknown parameters are ignored.
 *
 * A `QueryReader` collects every problem before failing, so one 422 lists them all
 * with `loc` such as `["query", "page"]` or `["query", "sorting", 1]`.
 */
import type { OperationDefinition } from "./definitions.js";
import { type Loc, type ValidationIssue, validationFailed } from "./responses.js";

export interface Paging {
  page: number;
  limit: number;
}

export interface SortCriterion<K extends string = string> {
  key: K;
  descending: boolean;
}

/** `metadata[key]=value` filters: every key must match one of its values. */
export type MetadataFilter = Record<string, string[]>;

export const DEFAULT_LIMIT = 10;
/** The service clamps larger limits to this silently (no 422). */
export const MAX_LIMIT = 100;

const UUID_SHAPE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const TRUE_WORDS = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off", "f", "n"]);
const INTEGER = /^[+-]?\d+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Why `value` is not a UUID version 4, or undefined when it is one. */
export function uuidProblem(value: string, loc: Loc): ValidationIssue | undefined {
  if (!UUID_SHAPE.test(value)) {
    return { loc, msg: "Input should be a valid UUID", type: "uuid_parsing", input: value };
  }
  const version = value.replaceAll("-", "")[12];
  if (version !== "4") {
    return {
      loc,
      msg: "UUID version 4 expected",
      type: "uuid_version",
      input: value,
      ctx: { expected_version: 4 },
    };
  }
  return undefined;
}

/** The canonical (lower-case, hyphenated) form of a UUID already checked with `uuidProblem`. */
export function canonicalUuid(value: string): string {
  const hex = value.replaceAll("-", "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** pydantic's wording for a list of allowed values: `'a', 'b' or 'c'`. */
export function expectedList(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/** The key of a sort value: `-created_at` and `created_at` are both `created_at`. */
export type SortKey<V extends string> = V extends `-${infer K}` ? K : V;

/**
 * Reads an operation's query string the service's way. It knows the parameters the
 * operation's generated definition declares, and a route reading any other name is a
 * sandbox bug that fails at once (so routes cannot drift from the spec).
 */
export class QueryReader {
  private readonly issues: ValidationIssue[] = [];

  constructor(
    private readonly params: URLSearchParams,
    private readonly operation: Pick<OperationDefinition, "id" | "queryParameters">,
  ) {}

  /** Throws unless `name` is a query parameter of the operation's definition. */
  private declared(name: string): void {
    if (!this.operation.queryParameters?.some((parameter) => parameter.name === name))
      throw new Error(
        `sandbox bug: ${this.operation.id} reads query parameter "${name}", which its definition does not declare`,
      );
  }

  /** Adds a problem found by the caller (e.g. a rule across parameters). */
  fail(issue: ValidationIssue): void {
    this.issues.push(issue);
  }

  /** Throws the 422 listing every problem found so far. */
  done(): void {
    if (this.issues.length > 0) throw validationFailed(this.issues);
  }

  has(name: string): boolean {
    this.declared(name);
    return this.params.has(name);
  }

  string(name: string): string | undefined {
    this.declared(name);
    return this.params.getAll(name).at(-1);
  }

  strings(name: string): string[] | undefined {
    this.declared(name);
    const values = this.params.getAll(name);
    return values.length > 0 ? values : undefined;
  }

  uuid(name: string): string | undefined {
    const value = this.string(name);
    return value === undefined ? undefined : this.checkUuid(value, ["query", name]);
  }

  uuids(name: string): string[] | undefined {
    return this.each(name, (value, loc) => this.checkUuid(value, loc));
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    this.fail({
      loc: ["query", name],
      msg: "Input should be a valid boolean, unable to interpret input",
      type: "bool_parsing",
      input: value,
    });
    return undefined;
  }

  integer(name: string, bounds: { gt?: number; ge?: number; le?: number } = {}): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const loc = ["query", name];
    if (!INTEGER.test(value.trim())) {
      this.fail({
        loc,
        msg: "Input should be a valid integer, unable to parse string as an integer",
        type: "int_parsing",
        input: value,
      });
      return undefined;
    }
    const n = Number.parseInt(value, 10);
    const problem = boundProblem(n, bounds);
    if (problem) {
      this.fail({ loc, input: value, ...problem });
      return undefined;
    }
    return n;
  }

  datetime(name: string): Date | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const date = parseDateTime(value);
    if (date === undefined) {
      this.fail({
        loc: ["query", name],
        msg: "Input should be a valid datetime or date",
        type: "datetime_from_date_parsing",
        input: value,
      });
    }
    return date;
  }

  /** Values of `name`, each one of `allowed`. */
  enumValues<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    return this.each(name, (value, loc) => {
      if ((allowed as readonly string[]).includes(value)) return value as T;
      this.fail(enumIssue(value, loc, allowed));
      return undefined;
    });
  }

  /**
   * `sorting` criteria in order; `allowed` is the spec's value list of the sort property
   * (`ProductSortPropertyValues`: each key, and with a leading `-` to sort descending).
   */
  sorting<V extends string>(allowed: readonly V[], fallback: readonly V[]): SortCriterion<SortKey<V>>[] {
    this.declared("sorting");
    const values = this.params.getAll("sorting");
    const given = values.length > 0 ? values : fallback;
    const criteria: SortCriterion<SortKey<V>>[] = [];
    given.forEach((value, index) => {
      if (!(allowed as readonly string[]).includes(value)) {
        this.fail(enumIssue(value, ["query", "sorting", index], allowed));
        return;
      }
      const descending = value.startsWith("-");
      criteria.push({ key: (descending ? value.slice(1) : value) as SortKey<V>, descending });
    });
    return criteria;
  }

  /** `page` (default 1, greater than 0) and `limit` (default 10, greater than 0, clamped to 100). */
  paging(): Paging {
    const page = this.integer("page", { gt: 0 }) ?? 1;
    const limit = this.integer("limit", { gt: 0 }) ?? DEFAULT_LIMIT;
    return { page, limit: Math.min(limit, MAX_LIMIT) };
  }

  /** `metadata[key]=value` pairs; undefined when there are none. */
  metadata(): MetadataFilter | undefined {
    this.declared("metadata");
    const filter: MetadataFilter = {};
    for (const [name, value] of this.params) {
      const match = /^metadata\[([^\]]+)\]$/.exec(name);
      if (!match) continue;
      const key = match[1] as string;
      filter[key] ??= [];
      filter[key].push(value);
    }
    return Object.keys(filter).length > 0 ? filter : undefined;
  }

  private checkUuid(value: string, loc: Loc): string | undefined {
    const problem = uuidProblem(value, loc);
    if (problem) {
      this.fail(problem);
      return undefined;
    }
    return canonicalUuid(value);
  }

  /** Applies `read` to every value of `name`; loc carries an index when the key is repeated. */
  private each<T>(name: string, read: (value: string, loc: Loc) => T | undefined): T[] | undefined {
    this.declared(name);
    const values = this.params.getAll(name);
    if (values.length === 0) return undefined;
    const out: T[] = [];
    values.forEach((value, index) => {
      const result = read(value, values.length > 1 ? ["query", name, index] : ["query", name]);
      if (result !== undefined) out.push(result);
    });
    return out;
  }
}

function enumIssue(value: string, loc: Loc, allowed: readonly string[]): ValidationIssue {
  const expected = expectedList(allowed);
  return { loc, msg: `Input should be ${expected}`, type: "enum", input: value, ctx: { expected } };
}

function boundProblem(
  n: number,
  bounds: { gt?: number; ge?: number; le?: number },
): Omit<ValidationIssue, "loc"> | undefined {
  if (bounds.gt !== undefined && !(n > bounds.gt)) {
    return { msg: `Input should be greater than ${bounds.gt}`, type: "greater_than", ctx: { gt: bounds.gt } };
  }
  if (bounds.ge !== undefined && !(n >= bounds.ge)) {
    return {
      msg: `Input should be greater than or equal to ${bounds.ge}`,
      type: "greater_than_equal",
      ctx: { ge: bounds.ge },
    };
  }
  if (bounds.le !== undefined && !(n <= bounds.le)) {
    return {
      msg: `Input should be less than or equal to ${bounds.le}`,
      type: "less_than_equal",
      ctx: { le: bounds.le },
    };
  }
  return undefined;
}

/** ISO 8601 date-time (a missing offset means UTC) or a plain date; undefined when invalid. */
export function parseDateTime(value: string): Date | undefined {
  const text = value.trim();
  if (!DATE_TIME.test(text)) return undefined;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) && text.length > 10;
  const normalised = text.length === 10 ? `${text}T00:00:00Z` : hasOffset ? text : `${text}Z`;
  const date = new Date(normalised.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? undefined : date;
}
