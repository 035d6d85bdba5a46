/**
 * The input and response rules (src/ir/modes.ts), which the zod, TypeScript and validator
 * printers all follow: which declarations are input-only or get a strict twin, what a
 * response drops (bounds), opens (enums) and keeps (unknown keys), and how unions fold.
 */

import { describe, expect, it } from "vitest";
import { enumIsOpen, foldUnion, inMode, keepsUnknownKeys, ModeAnalysis } from "../src/ir/modes.ts";
import type { TypeNode } from "../src/ir/types.ts";
import { lowerText } from "../src/loader/load.ts";

const spec = `info:
  title: Things API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors:
  NotFound:
    status: 404
enums:
  Color:
    values: [red, green]
types:
  Filter:
    fields:
      color: Color
  Thing:
    fields:
      id: uuid
      color?: Color
  Shape:
    union:
      discriminator: kind
      variants:
        thing: ThingShape
      unknown: OtherShape
  ThingShape:
    fields:
      kind: string
  OtherShape:
    fields:
      kind: string
operations:
  listThings:
    group: things.list
    summary: List things.
    method: GET
    path: /v1/things
    auth: [pat]
    input:
      query:
        filter?: Filter
    responses:
      200: Thing
  putThing:
    group: things.put
    summary: Put a thing.
    method: POST
    path: /v1/things
    auth: [pat]
    input:
      body:
        thing: Thing
        shape: Shape
    responses:
      201: Thing
`;

describe("the modes of declarations", () => {
  const modes = new ModeAnalysis(lowerText(spec, "spec.yaml"));

  it("a declaration only inputs reach is input-only, strict under its own name", () => {
    expect([...modes.inputOnly].sort()).toEqual(["Filter", "OtherShape", "Shape", "ThingShape"]);
    expect(modes.modesOf("Filter")).toEqual(["input"]);
    expect(modes.nameOf("Filter", "input")).toBe("Filter");
  });

  it("one inputs and responses both reach has a strict twin for inputs; enums never do", () => {
    expect([...modes.strictTwins]).toEqual(["Thing"]);
    expect(modes.modesOf("Thing")).toEqual(["response", "input"]);
    expect(modes.nameOf("Thing", "input")).toBe("ThingInput");
    expect(modes.nameOf("Thing", "response")).toBe("Thing");
    expect(modes.modesOf("Color")).toEqual(["response"]);
  });

  it("a union with a fallback routes its tags to its known part", () => {
    expect(modes.hasFallback("Shape")).toBe(true);
    expect(modes.routedNameOf("Shape", "input")).toBe("KnownShape");
    expect(modes.routedNameOf("ThingShape", "input")).toBe("ThingShape");
    expect(modes.isRoutedVariant("ThingShape")).toBe(true);
  });

  it("a mode a declaration lacks falls back to the one it has", () => {
    expect(modes.modeOf("Filter", "response")).toBe("input");
    expect(modes.modeOf("Thing", "input")).toBe("input");
  });
});

describe("what a response relaxes", () => {
  const bounded: TypeNode[] = [
    { kind: "string", format: "email", minLength: 1, maxLength: 9 },
    { kind: "integer", min: 0, exclusiveMax: 10 },
    { kind: "array", items: { kind: "boolean" }, minItems: 1, maxItems: 3 },
    { kind: "record", values: { kind: "string" }, maxEntries: 5, keyMinLength: 1, keyMaxLength: 40 },
  ];

  it("inputs keep every bound", () => {
    for (const type of bounded) expect(inMode(type, "input")).toEqual(type);
  });

  it("responses drop the bounds and keep the rest (a format, the items)", () => {
    expect(bounded.map((type) => inMode(type, "response"))).toEqual([
      { kind: "string", format: "email" },
      { kind: "integer" },
      { kind: "array", items: { kind: "boolean" } },
      { kind: "record", values: { kind: "string" } },
    ]);
  });

  it("responses open enums and keep unknown keys; inputs do neither", () => {
    expect([enumIsOpen("response"), keepsUnknownKeys("response")]).toEqual([true, true]);
    expect([enumIsOpen("input"), keepsUnknownKeys("input")]).toEqual([false, false]);
  });
});

describe("unions", () => {
  it("fold null into nullability and an integer beside a plain number", () => {
    expect(foldUnion([{ kind: "integer" }, { kind: "number" }, { kind: "null" }])).toEqual({
      members: [{ kind: "number" }],
      nullable: true,
    });
  });

  it("keep an integer beside a bounded number, which not every number passes", () => {
    const members: TypeNode[] = [{ kind: "integer" }, { kind: "number", max: 1 }];
    expect(foldUnion(members)).toEqual({ members, nullable: false });
  });
});

describe("nested unions and a union both modes use", () => {
  const nested = `info:
  title: Events API
  version: "1"
environments:
  production: https://api.example.com
security:
  pat:
    audience: organization
errors: {}
types:
  Event:
    union:
      discriminator: source
      variants:
        system: SystemEvent
        user: UserEvent
      unknown: UnknownEvent
  Plain:
    union:
      discriminator: source
      variants:
        user: UserEvent
  Wrapper:
    union:
      discriminator: source
      variants:
        system: SystemEvent
  SystemEvent:
    union:
      discriminator: name
      variants:
        started: StartedEvent
      unknown: UnknownSystemEvent
  StartedEvent:
    fields:
      source: string
      name: string
  UnknownSystemEvent:
    fields:
      source: string
      name: string
  UnknownEvent:
    fields:
      source: string
  UserEvent:
    fields:
      source: string
      name: string
operations:
  getEvent:
    group: events.get
    summary: Get an event.
    method: GET
    path: /v1/events/{id}
    auth: [pat]
    input:
      path:
        id: uuid
    responses:
      200: Event
  sendEvent:
    group: events.send
    summary: Send an event.
    method: POST
    path: /v1/events
    auth: [pat]
    input:
      body:
        event: Event
        plain: Plain
        wrapper: Wrapper
    responses:
      204: void
`;
  const modes = new ModeAnalysis(lowerText(nested, "spec.yaml"));

  it("a union's fallbacks are its nested ones first, its own last", () => {
    expect(modes.fallbacksOf("Event")).toEqual(["UnknownSystemEvent", "UnknownEvent"]);
    expect(modes.fallbacksOf("UserEvent")).toEqual([]);
  });

  it("a union without a fallback of its own has one through a variant that has", () => {
    expect(modes.hasFallback("Wrapper")).toBe(true);
    expect(modes.routedNameOf("Wrapper", "input")).toBe("KnownWrapper");
    expect(modes.hasFallback("Plain")).toBe(false);
    expect(modes.routedNameOf("Plain", "input")).toBe("Plain");
  });

  it("a union both modes use routes its input tags to the strict twin's known part", () => {
    expect(modes.modesOf("Event")).toEqual(["response", "input"]);
    expect(modes.routedNameOf("Event", "input")).toBe("KnownEventInput");
    expect(modes.routedNameOf("Event", "response")).toBe("KnownEvent");
    // Reached only through Event's variants, in both modes too.
    expect(modes.nameOf("StartedEvent", "input")).toBe("StartedEventInput");
    expect(modes.modesOf("Plain")).toEqual(["input"]);
  });
});

describe("what a response relaxes, without a format", () => {
  it("a plain string stays a plain string", () => {
    expect(inMode({ kind: "string", maxLength: 3 }, "response")).toEqual({ kind: "string" });
    expect(inMode({ kind: "boolean" }, "response")).toEqual({ kind: "boolean" });
  });
});
