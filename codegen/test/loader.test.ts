/** The loader on its own: the type-expression parser, and what lowering makes of a spec. */
import { describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import type { Api, Declaration, Field, Operation, TypeNode } from "../src/ir/types.ts";
import { webhookDeclarations } from "../src/ir/webhook-declarations.ts";
import { lowerText } from "../src/loader/load.ts";
import { parseTypeExpression, TypeExpressionError } from "../src/loader/type-expression.ts";

const header = `info:
  title: Test
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
`;

/** Lowers a spec made of the common header and `body` (enums, types, operations). */
function lower(body: string): Api {
  return lowerText(
    `${header}${body.includes("operations:") ? body : `${body}\noperations: {}\n`}`,
    "spec.yaml",
  );
}

function declaration(api: Api, name: string): Declaration {
  const found = api.declarations.find((d) => d.name === name);
  if (!found) throw new Error(`no declaration ${name}`);
  return found;
}

function fields(api: Api, name: string): readonly Field[] {
  const found = declaration(api, name);
  if (found.kind !== "object") throw new Error(`${name} is ${found.kind}, not an object`);
  return found.fields;
}

function field(api: Api, type: string, name: string): Field {
  const found = fields(api, type).find((f) => f.name === name);
  if (!found) throw new Error(`${type} has no field ${name}`);
  return found;
}

function operation(api: Api, id: string): Operation {
  const found = api.operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

const uuid: TypeNode = { kind: "string", format: "uuid" };

describe("parseTypeExpression", () => {
  it("binds [] tighter than |", () => {
    expect(parseTypeExpression("uuid | uuid[]")).toEqual({
      kind: "union",
      offset: 0,
      members: [
        { kind: "name", name: "uuid", offset: 0 },
        { kind: "array", offset: 7, items: { kind: "name", name: "uuid", offset: 7 } },
      ],
    });
  });

  it("groups with parentheses", () => {
    expect(parseTypeExpression("(A | B)[]")).toEqual({
      kind: "array",
      offset: 1,
      items: {
        kind: "union",
        offset: 1,
        members: [
          { kind: "name", name: "A", offset: 1 },
          { kind: "name", name: "B", offset: 5 },
        ],
      },
    });
  });

  it("reads generics with several arguments, nested, and arrays of them", () => {
    expect(parseTypeExpression("tuple<string, record<integer | null>>[]")).toEqual({
      kind: "array",
      offset: 0,
      items: {
        kind: "generic",
        name: "tuple",
        offset: 0,
        args: [
          { kind: "name", name: "string", offset: 6 },
          {
            kind: "generic",
            name: "record",
            offset: 14,
            args: [
              {
                kind: "union",
                offset: 21,
                members: [
                  { kind: "name", name: "integer", offset: 21 },
                  { kind: "name", name: "null", offset: 31 },
                ],
              },
            ],
          },
        ],
      },
    });
  });

  it("reads string literals and names with dots", () => {
    expect(parseTypeExpression("'a b' | meter.credited")).toEqual({
      kind: "union",
      offset: 0,
      members: [
        { kind: "literal", value: "a b", offset: 0 },
        { kind: "name", name: "meter.credited", offset: 8 },
      ],
    });
  });

  it("ignores surrounding and inner whitespace", () => {
    expect(parseTypeExpression("  Page< Item >  ")).toEqual({
      kind: "generic",
      name: "Page",
      offset: 2,
      args: [{ kind: "name", name: "Item", offset: 8 }],
    });
  });

  it.each([
    ["uuid |", 6, "expected a type after '|' but the expression ends; add one or remove the '|'"],
    ["Foo<bar", 7, "expected '>' but the expression ends; add '>'"],
    ["(A | B", 6, "expected ')' but the expression ends; add ')'"],
    ["record<string,>", 14, "expected a type name but found '>'"],
    ["string string", 7, "unexpected 'string' after the type; join types with '|' or remove it"],
    ["A)", 1, "unexpected ')' after the type; remove it"],
    [
      "A | $B",
      4,
      "unexpected character '$'; type names are letters, digits and _, literals are 'quoted', numbers or true/false",
    ],
    ["", 0, "the type expression is empty; write a type such as `string`"],
    ["[]", 0, "expected a type name but found '[]'"],
  ])("rejects %j at offset %i", (source, offset, message) => {
    let error: unknown;
    try {
      parseTypeExpression(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeExpressionError);
    expect({ offset: (error as TypeExpressionError).offset, message: (error as Error).message }).toEqual({
      offset,
      message,
    });
  });
});

describe("lowering", () => {
  it("resolves a union of a primitive and an array of it", () => {
    const api = lower("types:\n  Filter:\n    fields:\n      id: uuid | uuid[]\n");
    expect(field(api, "Filter", "id")).toEqual({
      name: "id",
      optional: false,
      type: { kind: "union", members: [uuid, { kind: "array", items: uuid }] },
    });
  });

  it("keeps optional (?) apart from nullable (| null)", () => {
    const api = lower(`types:
  Profile:
    fields:
      a: string
      b: string | null
      c?: string
      d?: datetime | null
`);
    expect(fields(api, "Profile").map((f) => [f.name, f.optional, f.type])).toEqual([
      ["a", false, { kind: "string" }],
      ["b", false, { kind: "union", members: [{ kind: "string" }, { kind: "null" }] }],
      ["c", true, { kind: "string" }],
      ["d", true, { kind: "union", members: [{ kind: "string", format: "datetime" }, { kind: "null" }] }],
    ]);
  });

  it("resolves references with the kind of what they name", () => {
    const api = lower(`enums:
  Color:
    values: [red]
types:
  Alias:
    type: string
  Thing:
    fields:
      color: Color
      alias: Alias
      self?: Thing
`);
    expect(fields(api, "Thing").map((f) => f.type)).toEqual([
      { kind: "ref", name: "Color", target: "enum" },
      { kind: "ref", name: "Alias", target: "alias" },
      { kind: "ref", name: "Thing", target: "object" },
    ]);
  });

  it("applies extends and omit: the parent's fields first, overrides in place, own fields last", () => {
    const api = lower(`types:
  Key:
    fields:
      id: uuid
      secret: string
      created_at: datetime
  PublicKey:
    extends: Key
    omit: [secret]
    fields:
      label: string
      created_at: datetime | null
  LabelledKey:
    extends: PublicKey
    fields:
      note?: string
`);
    expect(fields(api, "PublicKey").map((f) => [f.name, f.type])).toEqual([
      ["id", uuid],
      ["created_at", { kind: "union", members: [{ kind: "string", format: "datetime" }, { kind: "null" }] }],
      ["label", { kind: "string" }],
    ]);
    expect(fields(api, "LabelledKey").map((f) => f.name)).toEqual(["id", "created_at", "label", "note"]);
    expect(fields(api, "Key").map((f) => f.name)).toEqual(["id", "secret", "created_at"]);
  });

  it("applies bounds to the part of the type they are about", () => {
    const api = lower(`types:
  Label:
    type: string
    maxLength: 40
  Note:
    fields:
      score:
        type: integer | null
        min: 0
        max: 10
      tags:
        type: string[]
        maxItems: 5
      meta:
        type: record<string>
        maxEntries: 50
        keyMaxLength: 40
`);
    expect(declaration(api, "Label")).toMatchObject({
      kind: "alias",
      type: { kind: "string", maxLength: 40 },
    });
    expect(fields(api, "Note").map((f) => f.type)).toEqual([
      { kind: "union", members: [{ kind: "integer", min: 0, max: 10 }, { kind: "null" }] },
      { kind: "array", items: { kind: "string" }, maxItems: 5 },
      { kind: "record", values: { kind: "string" }, maxEntries: 50, keyMaxLength: 40 },
    ]);
  });

  it("keeps field descriptions, defaults and deprecation", () => {
    const api = lower(`types:
  Query:
    fields:
      limit?:
        type: integer
        default: 10
        description: Size of a page.
        deprecated: true
`);
    expect(field(api, "Query", "limit")).toEqual({
      name: "limit",
      optional: true,
      type: { kind: "integer" },
      default: 10,
      description: "Size of a page.",
      deprecated: true,
    });
  });
});

describe("tagged unions", () => {
  const api = lower(`types:
  Event:
    union:
      discriminator: source
      variants:
        system: SystemEvent
        user: UserEvent
  SystemEvent:
    union:
      discriminator: name
      variants:
        meter.credited: MeterCredited
        benefit.granted: BenefitGranted
      unknown: UnknownSystemEvent
  MeterCredited:
    fields:
      source?: string
      name: string
      units: integer
  BenefitGranted:
    fields:
      source: string
      name: string
  UnknownSystemEvent:
    fields:
      source: string
      name: string
  UserEvent:
    fields:
      source: string
      name: string
`);

  it("gives each variant its discriminator literal, through nested unions, and makes it required", () => {
    expect(field(api, "MeterCredited", "source")).toEqual({
      name: "source",
      optional: false,
      type: { kind: "literal", value: "system" },
    });
    expect(field(api, "MeterCredited", "name").type).toEqual({ kind: "literal", value: "meter.credited" });
    expect(field(api, "BenefitGranted", "source").type).toEqual({ kind: "literal", value: "system" });
    expect(field(api, "BenefitGranted", "name").type).toEqual({ kind: "literal", value: "benefit.granted" });
    expect(field(api, "UserEvent", "source").type).toEqual({ kind: "literal", value: "user" });
    // UserEvent's name is not a discriminator of anything: it stays a string.
    expect(field(api, "UserEvent", "name").type).toEqual({ kind: "string" });
  });

  it("gives the fallback variant the outer literal and 'any other string' for its own discriminator", () => {
    expect(field(api, "UnknownSystemEvent", "source").type).toEqual({ kind: "literal", value: "system" });
    expect(field(api, "UnknownSystemEvent", "name").type).toEqual({
      kind: "otherString",
      union: "SystemEvent",
      known: ["meter.credited", "benefit.granted"],
    });
  });

  it("keeps the union's shape", () => {
    expect(declaration(api, "SystemEvent")).toMatchObject({
      kind: "union",
      discriminator: "name",
      variants: [
        { value: "meter.credited", type: "MeterCredited" },
        { value: "benefit.granted", type: "BenefitGranted" },
      ],
      fallback: "UnknownSystemEvent",
    });
  });

  it("rejects a variant shared by two unions with different values", () => {
    expect(() =>
      lower(`types:
  A:
    union:
      discriminator: kind
      variants:
        a: Shared
  B:
    union:
      discriminator: kind
      variants:
        b: Shared
  Shared:
    fields:
      kind: string
`),
    ).toThrow(
      "spec.yaml:20:12 error: 'Shared' is a variant of two unions with different 'kind' values; give each union its own variant type",
    );
  });
});

describe("declaration order and recursion", () => {
  const api = lower(`enums:
  Color:
    values: [red]
types:
  Order:
    fields:
      customer: Customer
      lines: Line[]
  Line:
    fields:
      product: Product
  Customer:
    fields:
      id: uuid
  Product:
    fields:
      color: Color
  Node:
    fields:
      children: Node[]
  Left:
    fields:
      right?: Right
  Right:
    fields:
      left?: Left
  UsesLeft:
    fields:
      left: Left
`);

  it("puts every declaration after what it refers to, in spec order otherwise", () => {
    expect(api.declarations.map((d) => d.name)).toEqual([
      "Color",
      "Customer",
      "Product",
      "Line",
      "Order",
      "Node",
      "Right",
      "Left",
      "UsesLeft",
    ]);
  });

  it("marks the types on a cycle as recursive, and only those", () => {
    const recursive = api.declarations.filter((d) => d.recursive).map((d) => d.name);
    expect(recursive.sort()).toEqual(["Left", "Node", "Right"]);
  });
});

describe("operations", () => {
  const api = lower(`types:
  Pagination:
    fields:
      total_count: integer
  CursorPagination:
    fields:
      next: string | null
  Item:
    fields:
      id: uuid
  MetadataQuery:
    type: record<string>
operations:
  listItems:
    group: catalog.items.list
    summary: List items.
    method: GET
    path: /v1/stores/{store_id}/items
    auth: [pat]
    scopes: [items:read]
    input:
      path:
        store_id: uuid
      query:
        id?: uuid | uuid[]
        metadata?: MetadataQuery
        attributes?:
          type: record<string>
        filter?:
          type: record<unknown>
          style: json
    responses:
      200: Page<Item> | CursorPage<Item>
  deleteItem:
    group: catalog.items.delete
    summary: Delete an item.
    method: DELETE
    path: /v1/items/{id}
    auth: [pat]
    input:
      path:
        id: uuid
    responses:
      204: void
  getReceipt:
    group: receipts.get
    summary: Get a receipt.
    method: POST
    path: /v1/receipts
    auth: [pat]
    input:
      body:
        order_id: uuid
    responses:
      200: Item
      202: "null"
      203: null
`);

  it("names, groups and classifies them", () => {
    expect(operation(api, "listItems")).toMatchObject({
      group: ["catalog", "items", "list"],
      kind: "query",
      scopes: ["items:read"],
      hasBody: false,
    });
    expect(operation(api, "deleteItem")).toMatchObject({
      kind: "mutation",
      scopes: [],
    });
    expect(operation(api, "getReceipt")).toMatchObject({ kind: "mutation", hasBody: true });
  });

  it("puts path, query and body fields in one list, with query styles from the type", () => {
    expect(operation(api, "listItems").parameters.map((p) => [p.name, p.location, p.style])).toEqual([
      ["store_id", "path", undefined],
      ["id", "query", "form"],
      ["metadata", "query", "deepObject"],
      ["attributes", "query", "deepObject"],
      ["filter", "query", "json"],
    ]);
    expect(operation(api, "getReceipt").parameters).toEqual([
      { name: "order_id", type: uuid, optional: false, location: "body" },
    ]);
  });

  it("reads void and null responses, quoted or bare", () => {
    expect(operation(api, "deleteItem").responses).toEqual([{ status: 204, body: { kind: "void" } }]);
    expect(operation(api, "getReceipt").responses).toEqual([
      { status: 200, body: { kind: "json", type: { kind: "ref", name: "Item", target: "object" } } },
      { status: 202, body: { kind: "null" } },
      { status: 203, body: { kind: "null" } },
    ]);
  });

  it("recognises list operations by their Page and CursorPage responses", () => {
    const item: TypeNode = { kind: "ref", name: "Item", target: "object" };
    expect(operation(api, "listItems").pagination).toEqual({ forms: ["offset", "cursor"], items: item });
    expect(operation(api, "deleteItem").pagination).toBeUndefined();
    expect(operation(api, "getReceipt").pagination).toBeUndefined();
  });
});

describe("webhooks", () => {
  const api = lower(`types:
  Order:
    fields:
      id: uuid
  Grant:
    type: Order
operations: {}
webhooks:
  order.paid:
    data: Order
    description: An order was paid.
  benefit_grant.cycled:
    data: Grant
`);

  it("lowers each event with its generated name and the kind of its payload, in spec order", () => {
    expect(api.webhooks).toEqual([
      {
        type: "order.paid",
        name: "OrderPaidWebhookEvent",
        payload: { name: "Order", kind: "object" },
        description: "An order was paid.",
      },
      {
        type: "benefit_grant.cycled",
        name: "BenefitGrantCycledWebhookEvent",
        payload: { name: "Grant", kind: "alias" },
      },
    ]);
  });

  it("derives one event type each, the open variant and the union on `type`", () => {
    const derived = webhookDeclarations(api);
    expect(derived.map((d) => d.name)).toEqual([
      "OrderPaidWebhookEvent",
      "BenefitGrantCycledWebhookEvent",
      "UnknownWebhookEvent",
      "WebhookEvent",
    ]);
    const paid = derived[0]!;
    expect(paid.kind === "object" && paid.fields.map((f) => [f.name, f.type, f.optional])).toEqual([
      ["type", { kind: "literal", value: "order.paid" }, false],
      ["timestamp", { kind: "string", format: "datetime" }, false],
      ["data", { kind: "ref", name: "Order", target: "object" }, false],
    ]);
    const open = derived[2]!;
    expect(open.kind === "object" && open.fields.map((f) => f.type.kind)).toEqual([
      "otherString",
      "string",
      "unknown",
    ]);
    expect(derived[3]).toMatchObject({
      kind: "union",
      discriminator: "type",
      fallback: "UnknownWebhookEvent",
      variants: [
        { value: "order.paid", type: "OrderPaidWebhookEvent" },
        { value: "benefit_grant.cycled", type: "BenefitGrantCycledWebhookEvent" },
      ],
    });
  });

  it("is empty, and derives nothing, without a webhooks section", () => {
    const none = lower("types: {}");
    expect(none.webhooks).toEqual([]);
    expect(webhookDeclarations(none)).toEqual([]);
  });
});

describe("SpecError", () => {
  it("carries every diagnostic with its file, line and column, sorted in its message", () => {
    let error: unknown;
    try {
      lower("types:\n  B:\n    fields:\n      x: Nope\n  A:\n    fields:\n      y: string | Nada\n");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).diagnostics).toEqual([
      {
        file: "spec.yaml",
        line: 13,
        column: 10,
        message: "unknown type 'Nope'; declare it under types or fix the name",
      },
      {
        file: "spec.yaml",
        line: 16,
        column: 19,
        message: "unknown type 'Nada'; declare it under types or fix the name",
      },
    ]);
    expect((error as Error).message).toBe(
      [
        "spec.yaml:13:10 error: unknown type 'Nope'; declare it under types or fix the name",
        "spec.yaml:16:19 error: unknown type 'Nada'; declare it under types or fix the name",
      ].join("\n"),
    );
  });
});
