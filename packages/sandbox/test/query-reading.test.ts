/**
 * How list operations read their query string, the service's way (FastAPI + pydantic),
 * on a few events made for it: the exact 422 issues a client shows (loc, msg, type,
 * input, ctx), the forms of dates, integers and UUIDs accepted, repeated keys, and the
 * meter filter's properties and comparisons.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { get, NOW, query } from "./helpers.js";

const TOKEN = "polar_oat_acme_all";
const sandbox = createSandbox({ seed: false, now: () => new Date(NOW) });
const ada = sandbox.add.customer({ name: "Ada Lovelace", external_id: "ada-ext" });
const bob = sandbox.add.customer({ name: "Bob" });
const root = sandbox.add.event({
  name: "run.start",
  customer: ada,
  timestamp: "2026-04-10T00:00:00Z",
  metadata: { tokens: 9, model: "Small", tags: ["fast", "cheap"], nested: { region: "eu" }, paid: true },
});
const child = sandbox.add.event({
  name: "run.step",
  parent: root.id,
  customer: ada,
  timestamp: "2026-04-11T12:00:00Z",
  metadata: { tokens: 10, model: "LARGE", nested: { region: "us" } },
});
const other = sandbox.add.event({
  name: "run.end",
  customer: bob,
  timestamp: "2026-04-12T00:00:00Z",
  metadata: { tokens: 100 },
});

type Params = Record<string, string | number | boolean | (string | number)[]>;

async function names(params: Params): Promise<string[]> {
  const answer = await get(sandbox, `/v1/events/${query(params)}`, TOKEN);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.items as { name: string }[]).map((e) => e.name).sort();
}

async function issues(params: Params): Promise<unknown[]> {
  const answer = await get(sandbox, `/v1/events/${query(params)}`, TOKEN);
  expect(answer.status).toBe(422);
  expect(answer.json.error).toBe("RequestValidationError");
  return answer.json.detail;
}

describe("the 422 issues, as pydantic words them", () => {
  it("page, limit and depth bounds name the bound", async () => {
    expect(await issues({ page: 0 })).toEqual([
      {
        loc: ["query", "page"],
        msg: "Input should be greater than 0",
        type: "greater_than",
        input: "0",
        ctx: { gt: 0 },
      },
    ]);
    expect(await issues({ depth: -1 })).toEqual([
      {
        loc: ["query", "depth"],
        msg: "Input should be greater than or equal to 0",
        type: "greater_than_equal",
        input: "-1",
        ctx: { ge: 0 },
      },
    ]);
    expect(await issues({ depth: 6 })).toEqual([
      {
        loc: ["query", "depth"],
        msg: "Input should be less than or equal to 5",
        type: "less_than_equal",
        input: "6",
        ctx: { le: 5 },
      },
    ]);
  });

  it("the bounds themselves are accepted: depth 0 and 5, page 1, limit 1 and 100", async () => {
    expect(await names({ depth: 0 })).toEqual(["run.end", "run.start"]);
    expect(await names({ depth: 5 })).toEqual(["run.end", "run.start", "run.step"]);
    expect(await names({ page: 1, limit: 1 })).toHaveLength(1);
    expect(await names({ limit: 100 })).toHaveLength(3);
  });

  it("an integer that is not one, a boolean that is not one, a date that is not one", async () => {
    expect(await issues({ limit: "2.5", cursor_pagination: "perhaps", end_timestamp: "2026-13" })).toEqual([
      {
        loc: ["query", "end_timestamp"],
        msg: "Input should be a valid datetime or date",
        type: "datetime_from_date_parsing",
        input: "2026-13",
      },
      {
        loc: ["query", "limit"],
        msg: "Input should be a valid integer, unable to parse string as an integer",
        type: "int_parsing",
        input: "2.5",
      },
      {
        loc: ["query", "cursor_pagination"],
        msg: "Input should be a valid boolean, unable to interpret input",
        type: "bool_parsing",
        input: "perhaps",
      },
    ]);
  });

  it("a UUID that is not one, and one that is not version 4", async () => {
    expect(await issues({ customer_id: "ada" })).toEqual([
      {
        loc: ["query", "customer_id"],
        msg: "Input should be a valid UUID",
        type: "uuid_parsing",
        input: "ada",
      },
    ]);
    const version1 = "6f1b3c1e-8f0a-1c3e-9d2b-5a7e1f0c9b84";
    expect(await issues({ parent_id: version1 })).toEqual([
      {
        loc: ["query", "parent_id"],
        msg: "UUID version 4 expected",
        type: "uuid_version",
        input: version1,
        ctx: { expected_version: 4 },
      },
    ]);
  });

  it("a repeated key's issue carries the index of the bad value", async () => {
    expect(await issues({ customer_id: [ada.id, "nope"] })).toEqual([
      {
        loc: ["query", "customer_id", 1],
        msg: "Input should be a valid UUID",
        type: "uuid_parsing",
        input: "nope",
      },
    ]);
  });

  it("an enum value lists the accepted ones, pydantic's way", async () => {
    expect(await issues({ source: "robot" })).toEqual([
      {
        loc: ["query", "source"],
        msg: "Input should be 'system' or 'user'",
        type: "enum",
        input: "robot",
        ctx: { expected: "'system' or 'user'" },
      },
    ]);
    const [sorting] = (await issues({ sorting: ["timestamp", "name"] })) as { loc: unknown; msg: string }[];
    expect(sorting?.loc).toEqual(["query", "sorting", 1]);
    expect(sorting?.msg).toBe("Input should be 'timestamp' or '-timestamp'");
  });

  it("a query of two characters says the minimum", async () => {
    expect(
      await issues({ query: "ad", organization_id: sandbox.fixtures.ids.organizations[0]?.id ?? "" }),
    ).toEqual([
      {
        loc: ["query", "query"],
        msg: "String should have at least 3 characters",
        type: "string_too_short",
        input: "ad",
        ctx: { min_length: 3 },
      },
    ]);
  });
});

describe("the forms a value may take", () => {
  it("an integer may carry spaces or a plus sign; a scalar given twice takes the last value", async () => {
    expect(await names({ limit: " 2 " })).toHaveLength(2);
    expect(await names({ limit: "+1" })).toHaveLength(1);
    expect(await names({ limit: [1, 2] })).toHaveLength(2);
  });

  it("a UUID in capitals or without hyphens names the same record", async () => {
    expect(await names({ customer_id: ada.id.toUpperCase() })).toEqual(["run.start", "run.step"]);
    expect(await names({ customer_id: ada.id.replaceAll("-", "") })).toEqual(["run.start", "run.step"]);
    expect(await names({ customer_id: [bob.id, ada.id] })).toEqual(["run.end", "run.start", "run.step"]);
  });

  it("a date alone is its midnight UTC; a time without an offset is UTC; an offset moves it", async () => {
    expect(await names({ start_timestamp: "2026-04-11" })).toEqual(["run.end", "run.step"]);
    expect(await names({ start_timestamp: "2026-04-11 12:00" })).toEqual(["run.end"]);
    expect(await names({ start_timestamp: "2026-04-11T11:59:59" })).toEqual(["run.end", "run.step"]);
    expect(await names({ start_timestamp: "2026-04-11T14:00:00+02:00" })).toEqual(["run.end"]);
    expect(await names({ start_timestamp: "2026-04-11T13:59:59+0200" })).toEqual(["run.end", "run.step"]);
    expect(await names({ end_timestamp: "2026-04-11t12:00:01z" })).toEqual(["run.start", "run.step"]);
  });

  it("booleans: cursor_pagination=yes gives the cursor form", async () => {
    const answer = await get(sandbox, `/v1/events/${query({ cursor_pagination: "yes", limit: 2 })}`, TOKEN);
    expect(answer.json.pagination).toEqual({ has_next_page: true });
  });

  it("metadata[key] filters: only keys written exactly so; a list value matches any of its items", async () => {
    expect(await names({ "metadata[model]": "Small" })).toEqual(["run.start"]);
    expect(await names({ "metadata[tags]": "cheap" })).toEqual(["run.start"]);
    expect(await names({ "metadata[paid]": "true" })).toEqual(["run.start"]);
    expect(await names({ "metadata[tokens]": ["9", "100"] })).toEqual(["run.end", "run.start"]);
    expect(await names({ "metadata[missing]": "x" })).toEqual([]);
    // Not metadata filters: ignored.
    expect(await names({ "xmetadata[model]": "Small", "metadata[model]x": "Small" })).toHaveLength(3);
  });

  it("query matches the customer's name or external id and metadata values, in any case", async () => {
    const organization_id = sandbox.fixtures.ids.organizations[0]?.id ?? "";
    expect(await names({ query: "LOVELACE", organization_id })).toEqual(["run.start", "run.step"]);
    expect(await names({ query: "ada-e", organization_id })).toEqual(["run.start", "run.step"]);
    expect(await names({ query: "large", organization_id })).toEqual(["run.step"]);
    expect(await names({ query: "run.e", organization_id })).toEqual(["run.end"]);
  });
});

describe("the meter filter", () => {
  const filtered = (clauses: unknown[], conjunction = "and") =>
    names({ filter: JSON.stringify({ conjunction, clauses }) });

  it("and needs every clause, or any", async () => {
    const clauses = [
      { property: "name", operator: "eq", value: "run.start" },
      { property: "tokens", operator: "eq", value: 100 },
    ];
    expect(await filtered(clauses, "and")).toEqual([]);
    expect(await filtered(clauses, "or")).toEqual(["run.end", "run.start"]);
  });

  it("reads the event's own fields, metadata keys and nested metadata paths", async () => {
    expect(await filtered([{ property: "customer_id", operator: "eq", value: bob.id }])).toEqual(["run.end"]);
    expect(await filtered([{ property: "external_customer_id", operator: "eq", value: "ada-ext" }])).toEqual([
      "run.start",
      "run.step",
    ]);
    expect(await filtered([{ property: "parent_id", operator: "eq", value: root.id }])).toEqual(["run.step"]);
    expect(await filtered([{ property: "metadata.nested.region", operator: "eq", value: "us" }])).toEqual([
      "run.step",
    ]);
    expect(await filtered([{ property: "nested.region", operator: "ne", value: "us" }])).toEqual([
      "run.end",
      "run.start",
    ]);
    expect(await filtered([{ property: "model.size", operator: "eq", value: "x" }])).toEqual([]);
  });

  it("an event without the property matches only ne and not_like, whatever the operand", async () => {
    // run.end has no model: as text, "undefined" would be above "A" and equal to "undefined".
    expect(await filtered([{ property: "model", operator: "gt", value: "A" }])).toEqual([
      "run.start",
      "run.step",
    ]);
    expect(await filtered([{ property: "model", operator: "eq", value: "undefined" }])).toEqual([]);
    expect(await filtered([{ property: "model", operator: "not_like", value: "a" }])).toEqual(["run.end"]);
  });

  it("compares numbers as numbers and text as text", async () => {
    // As numbers, 9 < 10 < 100; as text, "100" < "9".
    expect(await filtered([{ property: "tokens", operator: "lt", value: 10 }])).toEqual(["run.start"]);
    expect(await filtered([{ property: "tokens", operator: "lt", value: "5" }])).toEqual([
      "run.end",
      "run.step",
    ]);
    expect(await filtered([{ property: "model", operator: "gte", value: "Small" }])).toEqual(["run.start"]);
  });

  it("a timestamp compared with a number is read as Unix seconds", async () => {
    const noon = Date.parse("2026-04-11T12:00:00Z") / 1000;
    expect(await filtered([{ property: "timestamp", operator: "gte", value: noon }])).toEqual([
      "run.end",
      "run.step",
    ]);
    expect(await filtered([{ property: "timestamp", operator: "gt", value: noon }])).toEqual(["run.end"]);
    expect(await filtered([{ property: "timestamp", operator: "lte", value: noon }])).toEqual([
      "run.start",
      "run.step",
    ]);
  });
});

describe("event hierarchy and customers", () => {
  it("depth keeps an event only when its root matches the filters too", async () => {
    expect(await names({ depth: 1, name: "run.step" })).toEqual([]);
    expect(await names({ depth: 1, name: ["run.step", "run.start"] })).toEqual(["run.start", "run.step"]);
  });

  it("external_customer_id keeps the events of that customer's external id", async () => {
    expect(await names({ external_customer_id: "ada-ext" })).toEqual(["run.start", "run.step"]);
    expect(await names({ external_customer_id: "nobody" })).toEqual([]);
  });

  it("depth with parent_id lists the anchor's children, not the anchor", async () => {
    expect(await names({ parent_id: root.id, depth: 1 })).toEqual(["run.step"]);
    expect(child.parent_id).toBe(root.id);
    expect(other.parent_id).toBeNull();
  });
});
