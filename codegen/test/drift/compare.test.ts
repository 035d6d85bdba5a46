/**
 * What the drift report compares inside schemas, against a document that starts as the very
 * document our spec generates (so it agrees by construction) and gets one planted difference:
 * a record's values, a tuple's items, an array's items, the members of a plain union, the
 * variants of a tagged union, an enum against a plain string (open or closed), and a type reached from two
 * operations reported once. drift-report.test.ts has the kinds on the service-like fixture.
 */
import { describe, expect, it } from "vitest";
import { driftReport } from "../../src/drift/drift-report.ts";
import type { Schema } from "../../src/drift/schema-view.ts";
import { openApiDocument } from "../../src/emitters/openapi/document.ts";
import { lowerText } from "../../src/loader/load.ts";
import { readYaml } from "../../src/loader/read-yaml.ts";

const spec = `info:
  title: Boxes API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
enums:
  Size:
    values: [small, large]
types:
  Box:
    fields:
      id: uuid
      labels: record<string>
      corner: tuple<number, integer>
      tags: string[]
      owner: uuid | uuid[]
      size: Size
      note: string | null
      content: Content
  Content:
    union:
      discriminator: kind
      variants:
        book: Book
        toy: Toy
  Book:
    fields:
      kind: string
      title: string
  Toy:
    fields:
      kind: string
operations:
  getBox:
    group: boxes.get
    summary: Get a box.
    method: GET
    path: /v1/boxes/{id}
    auth: [pat]
    input:
      path:
        id: uuid
    responses:
      200: Box
  listBoxes:
    group: boxes.list
    summary: List boxes.
    method: GET
    path: /v1/boxes
    auth: [pat]
    responses:
      200: Box[]
`;

const box = "#/components/schemas/Box";
// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, planted by path.
type Json = any;

/** The drift once `plant` has changed a copy of the document our spec generates. */
function driftAfter(plant: (theirs: Json) => void, ourSpec = spec) {
  const api = lowerText(ourSpec, "spec.yaml");
  const { source } = readYaml("spec.yaml", ourSpec);
  const theirs = structuredClone(openApiDocument(api)) as Json;
  plant(theirs);
  const report = driftReport(api, source!, theirs as Schema);
  return report.drift.map(({ kind, theirs: at, message, line }) => ({ kind, at, message, line }));
}

const boxField = (theirs: Json, name: string) => theirs.components.schemas.Box.properties[name];

describe("comparing schemas", () => {
  it("finds nothing in the document our spec generates", () => {
    expect(driftAfter(() => {})).toEqual([]);
  });

  it("compares a record's values", () => {
    expect(driftAfter((d) => (boxField(d, "labels").additionalProperties = { type: "integer" }))).toEqual([
      {
        kind: "type",
        at: `${box}/properties/labels/additionalProperties`,
        message: "type: ours string, theirs integer",
        line: 17,
      },
    ]);
  });

  it("compares a tuple's items by position", () => {
    expect(driftAfter((d) => (boxField(d, "corner").prefixItems[1] = { type: "string" }))).toEqual([
      {
        kind: "type",
        at: `${box}/properties/corner/prefixItems/1`,
        message: "type: ours integer, theirs string",
        line: 18,
      },
    ]);
  });

  it("compares an array's items, and reports a type reached from two operations once", () => {
    expect(driftAfter((d) => (boxField(d, "tags").items = { type: "boolean" }))).toEqual([
      {
        kind: "type",
        at: `${box}/properties/tags/items`,
        message: "type: ours string, theirs boolean",
        line: 19,
      },
    ]);
  });

  it("reports a field optional in ours and required in theirs", () => {
    const withOptional = spec.replace(
      "      note: string | null\n",
      "      note: string | null\n      memo?: string\n",
    );
    expect(driftAfter((d) => d.components.schemas.Box.required.push("memo"), withOptional)).toEqual([
      {
        kind: "required",
        at: `${box}/properties/memo`,
        message: "field 'memo': ours optional, theirs required",
        line: 23,
      },
    ]);
  });

  it("pairs an integer member of ours with a number member of theirs, as the same kind of value", () => {
    const withAmount = spec.replace(
      "      note: string | null\n",
      "      note: string | null\n      amount: integer | string\n",
    );
    const drift = driftAfter((d) => {
      const members = boxField(d, "amount").anyOf as Json[];
      const integer = members.find((member) => member.type === "integer");
      integer.type = "number";
    }, withAmount);
    expect(drift.map(({ kind, message }) => ({ kind, message }))).toEqual([
      { kind: "type", message: "type: ours integer, theirs number" },
    ]);
  });

  it("pairs the members of a plain union by their JSON type, and reports a member one side lacks", () => {
    expect(driftAfter((d) => boxField(d, "owner").anyOf.pop())).toEqual([
      {
        kind: "type",
        at: `${box}/properties/owner/anyOf/0`,
        message: "ours also array; theirs not",
        line: 20,
      },
    ]);
    expect(driftAfter((d) => boxField(d, "owner").anyOf.push({ type: "integer" }))).toEqual([
      {
        kind: "type",
        at: `${box}/properties/owner/anyOf/2`,
        message: "theirs also integer; ours not",
        line: 20,
      },
    ]);
    expect(driftAfter((d) => (boxField(d, "owner").anyOf[1].items = { type: "integer" }))).toEqual([
      {
        kind: "type",
        at: `${box}/properties/owner/anyOf/1/items`,
        message: "type: ours string, theirs integer",
        line: 20,
      },
    ]);
  });

  it("reports values listed on one side where the other takes any string, unless the list is open (x-commerce-open)", () => {
    // Ours is open in responses, as every enum of ours is: theirs taking any string agrees.
    expect(driftAfter((d) => (d.components.schemas.Size = { type: "string" }))).toEqual([]);
    const listTags = (open: boolean) => (d: Json) => {
      boxField(d, "tags").items = {
        type: "string",
        enum: ["red", "blue"],
        ...(open && { "x-commerce-open": true }),
      };
    };
    expect(driftAfter(listTags(false))).toEqual([
      {
        kind: "enum",
        at: `${box}/properties/tags/items`,
        message: "theirs lists the values red, blue; ours takes any string",
        line: 19,
      },
    ]);
    expect(driftAfter(listTags(true))).toEqual([]);
  });

  it("takes null alone, or any value, as nothing more to compare", () => {
    expect(driftAfter((d) => (boxField(d, "note").anyOf = [{ type: "null" }]))).toEqual([]);
    expect(driftAfter((d) => (d.components.schemas.Box.properties.note = {}))).toEqual([
      {
        kind: "nullability",
        at: `${box}/properties/note`,
        message: "nullable: ours yes, theirs no",
        line: 22,
      },
    ]);
  });

  it("reports a variant of ours their union lacks, and compares the variants both have", () => {
    expect(
      driftAfter((d) => {
        const content = d.components.schemas.Content;
        content.oneOf.pop();
        delete content.discriminator.mapping.toy;
      }),
    ).toEqual([
      { kind: "variant", at: "#/components/schemas/Content", message: "variant 'toy': ours only", line: 34 },
    ]);
    expect(driftAfter((d) => (d.components.schemas.Book.properties.title = { type: "integer" }))).toEqual([
      {
        kind: "type",
        at: "#/components/schemas/Book/properties/title",
        message: "type: ours string, theirs integer",
        line: 33,
      },
    ]);
  });
});

describe("unions of objects", () => {
  const withItem = spec.replace("      content: Content\n", "      content: Content\n      item: Book\n");
  const item = "#/components/schemas/Box/properties/item";

  it("compares an object of ours with each object of their plain union, not only the first", () => {
    const bookAnd = (extra: Json) => (d: Json) => {
      const other = structuredClone(d.components.schemas.Book);
      Object.assign(other.properties, extra);
      boxField(d, "item").anyOf = [{ $ref: "#/components/schemas/Book" }, other];
      delete boxField(d, "item").$ref;
    };
    // Their second object has our fields: the same shape, not a second kind of value.
    expect(driftAfter(bookAnd({}), withItem)).toEqual([]);
    expect(driftAfter(bookAnd({ subtitle: { type: "string" } }), withItem)).toEqual([
      {
        kind: "field",
        at: `${item}/anyOf/1/properties/subtitle`,
        message: "field 'subtitle': theirs only",
        line: 31,
      },
    ]);
  });

  it("takes their one object as one member of our plain union, and reports a member their union lacks", () => {
    const withEither = spec.replace(
      "      content: Content\n",
      "      content: Content\n      either: Book | Toy\n",
    );
    const either = "#/components/schemas/Box/properties/either";
    const plant = (members: (d: Json) => Json[]) => (d: Json) => {
      d.components.schemas.Box.properties.either = { anyOf: members(d) };
    };
    const toy = { $ref: "#/components/schemas/Toy" };
    // One object: the toy, which our union has.
    expect(
      driftAfter(
        plant(() => [toy]),
        withEither,
      ),
    ).toEqual([]);
    // Two objects, both toys (one with a field more): our book is what their union lacks.
    const toys = plant((d) => {
      const other = structuredClone(d.components.schemas.Toy);
      other.properties.color = { type: "string" };
      return [toy, other];
    });
    expect(driftAfter(toys, withEither)).toEqual([
      // Placed at their first member, here the toy it refers to.
      { kind: "type", at: "#/components/schemas/Toy", message: "ours also object; theirs not", line: 31 },
      {
        kind: "field",
        at: `${either}/anyOf/1/properties/color`,
        message: "field 'color': theirs only",
        line: 35,
      },
    ]);
  });

  it("pairs each object of their untagged union with the variant of ours whose fields it shares", () => {
    const untagged = (changeToy: (toy: Json) => void) => (d: Json) => {
      const [book, toy] = ["Book", "Toy"].map((name) => structuredClone(d.components.schemas[name]));
      changeToy(toy);
      // Both objects state the whole list of kinds: only their fields tell them apart.
      for (const variant of [book, toy]) variant.properties.kind = { type: "string", enum: ["book", "toy"] };
      d.components.schemas.Content = { oneOf: [toy, book] };
    };
    // Each object states the whole list of kinds: the union's tags are not its variants' own.
    expect(driftAfter(untagged(() => {}))).toEqual([]);
    expect(driftAfter(untagged((toy) => (toy.properties.color = { type: "string" })))).toEqual([
      {
        kind: "field",
        at: "#/components/schemas/Content/oneOf/0/properties/color",
        message: "field 'color': theirs only",
        line: 34,
      },
    ]);
  });

  it("compares an object of theirs with the variant of our tagged union its tag names", () => {
    // Theirs narrows the content to the toy: our union's other variants are not a difference.
    expect(driftAfter((d) => (boxField(d, "content").$ref = "#/components/schemas/Toy"))).toEqual([]);
    expect(
      driftAfter((d) => {
        const robot = structuredClone(d.components.schemas.Toy);
        robot.properties.kind = { type: "string", const: "robot" };
        d.components.schemas.Box.properties.content = robot;
      }),
    ).toEqual([
      {
        kind: "variant",
        at: "#/components/schemas/Box/properties/content",
        message: "variant 'robot': theirs only",
        line: 24,
      },
    ]);
  });

  it("takes one schema of theirs serving several tags as each of our variants for them", () => {
    // Theirs: one schema for both kinds, its tag listing both; the union's mapping names it twice.
    const shared = (d: Json) => {
      const both = structuredClone(d.components.schemas.Book);
      both.properties.kind = { type: "string", enum: ["book", "toy"] };
      delete both.properties.title;
      both.required = ["kind"];
      d.components.schemas.Item = both;
      const content = d.components.schemas.Content;
      content.discriminator.mapping = { book: "#/components/schemas/Item", toy: "#/components/schemas/Item" };
      content.oneOf = [{ $ref: "#/components/schemas/Item" }];
    };
    expect(driftAfter(shared)).toEqual([
      { kind: "field", at: "#/components/schemas/Item", message: "field 'title': ours only", line: 33 },
    ]);
  });

  it("compares several members of one kind of theirs with ours of that kind (a date-time string is a string)", () => {
    expect(
      driftAfter((d) => boxField(d, "owner").anyOf.push({ type: "string", format: "date-time" })),
    ).toEqual([]);
    // A number beside an integer is still another kind of value.
    const withAmount = spec.replace(
      "      note: string | null\n",
      "      note: string | null\n      amount: integer\n",
    );
    expect(
      driftAfter((d) => {
        boxField(d, "amount").anyOf = [{ type: "integer" }, { type: "number" }];
        delete boxField(d, "amount").type;
      }, withAmount),
    ).toEqual([
      {
        kind: "type",
        at: `${box}/properties/amount/anyOf/1`,
        message: "theirs also number; ours not",
        line: 23,
      },
    ]);
  });

  it("tells wrappers alike apart by their fields' fields (a page and a cursor page)", () => {
    const withPages = spec
      .replace(
        "      content: Content\n",
        "      content: Content\n      books: Page<Book> | CursorPage<Book>\n",
      )
      .replace(
        "  Content:\n",
        "  Pagination:\n    fields:\n      total_count: integer\n  CursorPagination:\n    fields:\n      has_next_page: boolean\n  Content:\n",
      );
    expect(driftAfter(() => {}, withPages)).toEqual([]);
    // Listed in the other order: still each paired with its own kind of page.
    expect(driftAfter((d) => boxField(d, "books").anyOf.reverse(), withPages)).toEqual([]);
  });
});
