/**
 * A broken spec must be reported as `file:line:col error: <what and how to fix>`, every
 * problem at once, with exit code 1 and nothing written. Each case below is the valid base
 * spec plus one defect (or a few, where the point is that all of them are reported).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CliRun, listFiles, makeTempDir, readTree, removeTempDirs, runCli } from "./helpers.ts";

afterAll(removeTempDirs);

// biome-ignore format: the line numbers in the comments are what the expected positions below refer to
const base = [
  "info:",                                  //  1
  "  title: Things API",                    //  2
  '  version: "1"',                         //  3
  "environments:",                          //  4
  "  production: https://api.example.com",  //  5
  "security:",                              //  6
  "  pat:",                                 //  7
  "    audience: organization",             //  8
  "errors:",                                //  9
  "  NotFound:",                            // 10
  "    status: 404",                        // 11
  "enums:",                                 // 12
  "  Color:",                               // 13
  "    values: [red, green]",               // 14
  "types:",                                 // 15
  "  Thing:",                               // 16
  "    fields:",                            // 17
  "      id: uuid",                         // 18
  "      name: string",                     // 19
  "      color?: Color",                    // 20
  "operations:",                            // 21
  "  getThing:",                            // 22
  "    group: things.get",                  // 23
  "    summary: Get a thing.",              // 24
  "    method: GET",                        // 25
  "    path: /v1/things/{id}",              // 26
  "    auth: [pat]",                        // 27
  "    input:",                             // 28
  "      path:",                            // 29
  "        id: uuid",                       // 30
  "      query:",                           // 31
  "        verbose?: boolean",              // 32
  "    responses:",                         // 33
  "      200: Thing",                       // 34
  "    errors: [NotFound]",                 // 35
  "  createThing:",                         // 36
  "    group: things.create",               // 37
  "    summary: Create a thing.",           // 38
  "    method: POST",                       // 39
  "    path: /v1/things",                   // 40
  "    auth: [pat]",                        // 41
  "    input:",                             // 42
  "      body:",                            // 43
  "        name: string",                   // 44
  "    responses:",                         // 45
  "      201: Thing",                       // 46
].join("\n").concat("\n");

/** The base with whole lines replaced: each `from` (one or more lines) must occur exactly once. */
function spec(...edits: [from: string, to: string][]): string {
  let lines = base.split("\n");
  for (const [from, to] of edits) {
    const run = from.split("\n");
    const at = lines.flatMap((_, index) =>
      run.every((line, i) => lines[index + i] === line) ? [index] : [],
    );
    if (at.length !== 1)
      throw new Error(`the spec has ${at.length} runs of lines '${from}', not exactly one`);
    lines = [
      ...lines.slice(0, at[0]),
      ...(to === "" ? [] : to.split("\n")),
      ...lines.slice(at[0]! + run.length),
    ];
  }
  return lines.join("\n");
}

/** A third operation appended at the end (lines 47-54), for the cases about ids and groups. */
function withOperation(id: string, group: string): [string, string] {
  return [
    "      201: Thing",
    [
      "      201: Thing",
      `  ${id}:`, //                     47
      `    group: ${group}`, //          48
      "    summary: Another.", //        49
      "    method: GET", //              50
      "    path: /v1/other", //          51
      "    auth: [pat]", //              52
      "    responses:", //               53
      "      200: Thing", //             54
    ].join("\n"),
  ];
}

/** A type added right after `types:` (so its first line is 16 and Thing moves down). */
function withType(...lines: string[]): [string, string] {
  return ["types:", ["types:", ...lines].join("\n")];
}

/** A webhooks section appended at the end (from line 47 on). */
function withWebhooks(...lines: string[]): [string, string] {
  return ["      201: Thing", ["      201: Thing", "webhooks:", ...lines].join("\n")];
}

interface Case {
  readonly name: string;
  readonly text: string;
  /** Every line printed before the summary, exactly, in order. */
  readonly errors: readonly string[];
  /** What the message tells the author to do. */
  readonly fix: RegExp;
}

const cases: Case[] = [
  // ── YAML ───────────────────────────────────────────────────────────────────
  {
    name: "YAML syntax: a tab used for indentation",
    text: spec(["      name: string", "\tname: string"]),
    errors: [
      "spec.yaml:19:1 error: YAML syntax: Tabs are not allowed as indentation; fix the YAML so it parses",
    ],
    fix: /fix the YAML/,
  },
  {
    name: "YAML syntax: a key indented less than its siblings",
    text: spec(["      name: string", "     name: string"]),
    errors: [
      "spec.yaml:19:1 error: YAML syntax: All mapping items must start at the same column; fix the YAML so it parses",
    ],
    fix: /fix the YAML/,
  },
  {
    name: "YAML syntax: a colon inside a plain value",
    text: spec(["    summary: Get a thing.", "    summary: Get: a thing."]),
    errors: [
      "spec.yaml:24:14 error: YAML syntax: Nested mappings are not allowed in compact mappings; fix the YAML so it parses",
    ],
    fix: /fix the YAML/,
  },
  {
    name: "a duplicate key",
    text: spec(["      color?: Color", "      color?: Color\n      name: string"]),
    errors: [
      "spec.yaml:21:7 error: 'name' is written twice in the same mapping (first on line 19); keep one of them or rename one",
    ],
    fix: /keep one of them/,
  },
  {
    name: "duplicate keys in a block and in a flow mapping: each one, in the order written",
    text: spec(
      ["      name: string", "      name: string\n      name: string"],
      ["      path:\n        id: uuid", "      path: { id: uuid, id: uuid }"],
    ),
    errors: [
      "spec.yaml:20:7 error: 'name' is written twice in the same mapping (first on line 19); keep one of them or rename one",
      "spec.yaml:30:25 error: 'id' is written twice in the same mapping (first on line 30); keep one of them or rename one",
    ],
    fix: /keep one of them/,
  },
  {
    name: "a duplicate operation id (the same key twice under operations)",
    text: spec(withOperation("getThing", "things.again")),
    errors: [
      "spec.yaml:47:3 error: 'getThing' is written twice in the same mapping (first on line 22); keep one of them or rename one",
    ],
    fix: /rename one/,
  },
  {
    name: "a duplicate operation id whose second copy has problems: the duplicate first, then the problems at the second copy's lines",
    text: spec([
      "      201: Thing",
      [
        "      201: Thing",
        "  getThing:", //                  47
        "    group: things.again", //      48
        "    summary: Again.", //          49
        "    method: FETCH", //            50
        "    path: /v1/other", //          51
        "    auth: [pat]", //              52
        "    responses:", //               53
        "      200: Thing", //             54
      ].join("\n"),
    ]),
    errors: [
      "spec.yaml:47:3 error: 'getThing' is written twice in the same mapping (first on line 22); keep one of them or rename one",
      'spec.yaml:50:13 error: at operations.getThing.method: "FETCH" is not allowed; use one of "GET", "POST", "PUT", "PATCH", "DELETE"',
    ],
    fix: /rename one/,
  },
  {
    name: "a duplicate operation id whose second copy refers to an unknown type: reported at the second copy",
    text: spec([
      "      201: Thing",
      "      201: Thing\n  getThing:\n    group: things.again\n    summary: Again.\n    method: GET\n    path: /v1/other\n    auth: [pat]\n    responses:\n      200: Thng",
    ]),
    errors: [
      "spec.yaml:47:3 error: 'getThing' is written twice in the same mapping (first on line 22); keep one of them or rename one",
      "spec.yaml:54:12 error: unknown type 'Thng' (did you mean 'Thing'?); declare it under types or fix the name",
    ],
    fix: /rename one/,
  },
  {
    name: "operation ids that differ only by case",
    text: spec(withOperation("getthing", "things.again")),
    errors: [
      "spec.yaml:47:3 error: operation id 'getthing' duplicates 'getThing' (ids must differ by more than case); rename one",
    ],
    fix: /rename one/,
  },
  {
    name: "an operation id that is not camelCase",
    text: spec(withOperation("GetOther", "things.other")),
    errors: [
      "spec.yaml:47:3 error: operation id 'GetOther' must be camelCase (letters and digits, starting lower-case); rename it to 'getOther'",
    ],
    fix: /rename it to 'getOther'/,
  },

  // ── unknown keys, wrong types ──────────────────────────────────────────────
  {
    name: "an unknown key close to a known one",
    text: spec(["    summary: Get a thing.", "    sumary: Get a thing."]),
    // Only the typo: "summary is missing" would say the same thing again.
    errors: ["spec.yaml:24:5 error: unknown key 'sumary'; did you mean 'summary'?"],
    fix: /did you mean 'summary'/,
  },
  {
    name: "an unknown top-level key",
    text: spec(["enums:", "enum:"]),
    errors: ["spec.yaml:12:1 error: unknown key 'enum'; did you mean 'enums'?"],
    fix: /did you mean 'enums'/,
  },
  {
    name: "an unknown key like no known one",
    text: spec(["    method: GET", "    method: GET\n    colour: red"]),
    errors: [
      "spec.yaml:26:5 error: unknown key 'colour'; expected one of: group, summary, description, method, path, auth, scopes, deprecated, input, responses, errors, example, invalidates, deliberate",
    ],
    fix: /expected one of: group, summary/,
  },
  {
    name: "a missing required key",
    text: spec(["    summary: Get a thing.", ""]),
    errors: [
      "spec.yaml:22:3 error: at operations.getThing: required key 'summary' (a string) is missing; add it",
    ],
    fix: /add it/,
  },
  {
    name: "a missing method: said to be missing, like any other required key",
    text: spec(["    method: GET", ""]),
    errors: [
      'spec.yaml:22:3 error: at operations.getThing: required key \'method\' (one of "GET", "POST", "PUT", "PATCH", "DELETE") is missing; add it',
    ],
    fix: /is missing; add it/,
  },
  {
    name: "a misspelled method: only the typo is reported",
    text: spec(["    method: GET", "    methd: GET"]),
    errors: ["spec.yaml:25:5 error: unknown key 'methd'; did you mean 'method'?"],
    fix: /did you mean 'method'/,
  },
  {
    name: "a string where a number belongs",
    text: spec(["    status: 404", '    status: "404"']),
    errors: [
      'spec.yaml:11:13 error: at errors.NotFound.status: expected a number but found string "404"; remove the quotes',
    ],
    fix: /remove the quotes/,
  },
  {
    name: "a bound written as words in a field object",
    text: spec(["      name: string", "      name:\n        type: string\n        maxLength: ten"]),
    errors: [
      'spec.yaml:21:20 error: at types.Thing.fields.name.maxLength: expected a number but found string "ten"; write a number here',
    ],
    fix: /write a number here/,
  },
  {
    name: "a number out of range",
    text: spec(["    status: 404", "    status: 700"]),
    errors: ["spec.yaml:11:13 error: at errors.NotFound.status: 700 is out of range; use a number <= 599"],
    fix: /use a number <= 599/,
  },
  {
    name: "a scalar where a list belongs",
    text: spec(["    auth: [pat]\n    input:\n      path:", "    auth: pat\n    input:\n      path:"]),
    errors: [
      'spec.yaml:27:11 error: at operations.getThing.auth: expected a list but found string "pat"; write it as a list: [pat]',
    ],
    fix: /write it as a list: \[pat\]/,
  },
  {
    name: "a value outside an enumeration",
    text: spec(["    method: GET", "    method: FETCH"]),
    errors: [
      'spec.yaml:25:13 error: at operations.getThing.method: "FETCH" is not allowed; use one of "GET", "POST", "PUT", "PATCH", "DELETE"',
    ],
    fix: /use one of "GET"/,
  },
  {
    name: "a number where a type expression belongs",
    text: spec(["      id: uuid", "      id: 5"]),
    errors: [
      'spec.yaml:18:11 error: at types.Thing.fields.id: expected a type expression such as `string` or `uuid | null`, or a field object with `type`; for the literal type 5, quote it: "5"',
    ],
    fix: /quote it: "5"/,
  },
  {
    name: "a negative length bound",
    text: spec(["      name: string", "      name:\n        type: string\n        maxLength: -1"]),
    errors: [
      "spec.yaml:21:20 error: at types.Thing.fields.name.maxLength: -1 is out of range; use a number >= 0",
    ],
    fix: /use a number >= 0/,
  },
  {
    name: "readOnly on an input field",
    text: spec(["        name: string", "        name:\n          type: string\n          readOnly: true"]),
    errors: [
      "spec.yaml:46:11 error: readOnly marks a type's field the service sets; an input field is what a call sends, so remove it",
    ],
    fix: /readOnly marks a type's field the service sets.*remove it/,
  },
  {
    name: "a contentType without a body",
    text: spec([
      "    input:\n      path:",
      "    input:\n      contentType: multipart/form-data\n      path:",
    ]),
    errors: ["spec.yaml:29:7 error: contentType needs a body; add input.body or remove it"],
    fix: /contentType needs a body; add input.body or remove it/,
  },
  {
    name: "a body type whose field is named like a path field of another type",
    text: spec(
      ["    path: /v1/things", "    path: /v1/things/{name}"],
      ["      body:\n        name: string", "      path:\n        name: integer\n      body: Thing"],
    ),
    errors: [
      "spec.yaml:45:13 error: the body's field 'name' has the name of a path or query field and a type its values do not all fit (or is optional); inputs are one object, so rename one",
    ],
    fix: /the body's field 'name' has the name of a path or query field.*rename one/,
  },
  {
    name: "two body fields sent under one key",
    text: spec([
      "        name: string",
      "        name: string\n        title:\n          type: string\n          wireName: name",
    ]),
    errors: [
      "spec.yaml:47:21 error: the body key 'name' is also the key of 'name'; give one of them another wireName",
    ],
    fix: /the body key 'name' is also the key of 'name'; give one of them another wireName/,
  },
  {
    name: "an empty list where one entry is needed",
    text: spec(["    values: [red, green]", "    values: []"]),
    errors: ["spec.yaml:14:13 error: at enums.Color.values: the list has 0 items; give it at least 1"],
    fix: /give it at least 1/,
  },
  {
    name: "a path without its leading slash",
    text: spec(["    path: /v1/things/{id}", "    path: v1/things/{id}"]),
    errors: ['spec.yaml:26:11 error: at operations.getThing.path: "v1/things/{id}": a path starts with /'],
    fix: /a path starts with \//,
  },
  {
    name: "a group that is not dotted camelCase",
    text: spec(["    group: things.get", "    group: things-get"]),
    errors: [
      'spec.yaml:23:12 error: at operations.getThing.group: "things-get": write the grouped form as dotted camelCase, e.g. licenseKeys.validate',
    ],
    fix: /write the grouped form as dotted camelCase/,
  },
  {
    name: "an environment that is not a URL",
    text: spec(["  production: https://api.example.com", "  production: api.example.com"]),
    errors: [
      'spec.yaml:5:15 error: at environments.production: "api.example.com" is not a valid url; write an absolute URL such as https://api.example.com',
    ],
    fix: /write an absolute URL/,
  },
  {
    name: "an error status listed as a response",
    text: spec(["      200: Thing", "      404: Thing"]),
    errors: [
      "spec.yaml:34:7 error: at operations.getThing.responses: key '404' is not allowed: a success status is 2xx; list error statuses under errors",
    ],
    fix: /list error statuses under errors/,
  },

  // ── references ─────────────────────────────────────────────────────────────
  {
    name: "a reference to a type that does not exist",
    text: spec(["      200: Thing", "      200: Thingy"]),
    errors: [
      "spec.yaml:34:12 error: unknown type 'Thingy' (did you mean 'Thing'?); declare it under types or fix the name",
    ],
    fix: /did you mean 'Thing'/,
  },
  {
    name: "an unknown name inside a type expression, pointed at exactly",
    text: spec(["      name: string", "      name: string | Nme[]"]),
    errors: ["spec.yaml:19:22 error: unknown type 'Nme'; declare it under types or fix the name"],
    fix: /declare it under types/,
  },
  {
    name: "an unknown name inside a quoted type expression, pointed at exactly",
    text: spec(["      name: string", '      name: "string | Nme[]"']),
    errors: ["spec.yaml:19:23 error: unknown type 'Nme'; declare it under types or fix the name"],
    fix: /declare it under types/,
  },
  {
    name: "a reference to an enum that does not exist",
    text: spec(["      color?: Color", "      color?: Colour"]),
    errors: [
      "spec.yaml:20:15 error: unknown type 'Colour' (did you mean 'Color'?); declare it under types or fix the name",
    ],
    fix: /did you mean 'Color'/,
  },
  {
    name: "Page<T> without a Pagination type",
    text: spec(["      200: Thing", "      200: Page<Thing>"]),
    errors: [
      "spec.yaml:34:12 error: Page<T> needs an object type named 'Pagination'; declare it under types",
    ],
    fix: /declare it under types/,
  },
  {
    name: "an unknown generic",
    text: spec(["      name: string", "      name: list<string>"]),
    errors: [
      "spec.yaml:19:13 error: unknown generic 'list<...>'; use one of record<...>, tuple<...>, Page<...>, CursorPage<...>",
    ],
    fix: /use one of record<...>/,
  },
  {
    name: "an unknown security scheme",
    text: spec(["    auth: [pat]\n    input:\n      path:", "    auth: [pta]\n    input:\n      path:"]),
    errors: [
      "spec.yaml:27:12 error: unknown security scheme 'pta' (did you mean 'pat'?); declare it under security",
    ],
    fix: /declare it under security/,
  },
  {
    name: "an unknown error code",
    text: spec(["    errors: [NotFound]", "    errors: [NotFund]"]),
    errors: [
      "spec.yaml:35:14 error: unknown error code 'NotFund' (did you mean 'NotFound'?); declare it under errors or use 'validation' for the 422 body",
    ],
    fix: /did you mean 'NotFound'/,
  },
  {
    name: "extends of a type that does not exist",
    text: spec(withType("  Special:", "    extends: Thng", "    omit: [name]")),
    // The omit is not reported: with no parent, nothing can be said about its fields.
    errors: [
      "spec.yaml:17:14 error: unknown object type 'Thng' (did you mean 'Thing'?); declare it under types or fix the name",
    ],
    fix: /did you mean 'Thing'/,
  },
  {
    name: "extends of an enum",
    text: spec(withType("  Special:", "    extends: Color")),
    errors: ["spec.yaml:17:14 error: 'Color' is an enum, but extends needs an object type; name one here"],
    fix: /name one here/,
  },
  {
    name: "omit of a field the parent does not have",
    text: spec(withType("  Special:", "    extends: Thing", "    omit: [nme]")),
    errors: [
      "spec.yaml:18:12 error: 'Thing' has no field 'nme' to omit (did you mean 'name'?); remove it from omit",
    ],
    fix: /remove it from omit/,
  },
  {
    name: "a union variant that is an enum",
    text: spec(
      withType(
        "  Shape:",
        "    union:",
        "      discriminator: kind",
        "      variants:",
        "        color: Color",
      ),
    ),
    errors: [
      "spec.yaml:20:16 error: 'Color' is an enum, but a variant must be an object type or a union; name one here",
    ],
    fix: /name one here/,
  },

  // ── paths and inputs ───────────────────────────────────────────────────────
  {
    name: "a path placeholder with no input.path field",
    text: spec(["    path: /v1/things/{id}", "    path: /v1/things/{id}/parts/{part}"]),
    errors: ["spec.yaml:26:33 error: path parameter '{part}' is not declared; add 'part' under input.path"],
    fix: /add 'part' under input.path/,
  },
  {
    name: "two problems on one line come in column order, whatever order they were found in",
    // Body fields are checked after query fields, but here the body comes first on the line.
    text: spec([
      "    input:\n      body:\n        name: string",
      "    input: { body: { name: strng }, query: { dry?: boolen } }",
    ]),
    errors: [
      "spec.yaml:42:28 error: unknown type 'strng' (did you mean 'string'?); declare it under types or fix the name",
      "spec.yaml:42:52 error: unknown type 'boolen' (did you mean 'boolean'?); declare it under types or fix the name",
    ],
    fix: /declare it under types/,
  },
  {
    name: "an input.path field missing from the path",
    text: spec(["    path: /v1/things/{id}", "    path: /v1/things"]),
    errors: [
      "spec.yaml:30:9 error: input.path declares 'id' but the path '/v1/things' has no '{id}'; add it to the path or move the field to query",
    ],
    fix: /add it to the path or move the field to query/,
  },
  {
    name: "a path parameter declared under query",
    text: spec(
      ["      path:", ""],
      ["        id: uuid", ""],
      ["        verbose?: boolean", "        verbose?: boolean\n        id: uuid"],
    ),
    errors: [
      "spec.yaml:31:9 error: 'id' fills '{id}' in the path, so it belongs under input.path, not query",
    ],
    fix: /belongs under input.path/,
  },
  {
    name: "an optional path parameter",
    text: spec(["        id: uuid", "        id?: uuid"]),
    errors: ["spec.yaml:30:9 error: path parameter 'id' cannot be optional; remove the ?"],
    fix: /remove the \?/,
  },
  {
    name: "an input field named in both path and query",
    text: spec(["        verbose?: boolean", "        verbose?: boolean\n        id?: string"]),
    errors: [
      "spec.yaml:33:9 error: input field 'id' is already in path; inputs are one object, so each name may appear once across path, query and body; rename or remove one",
    ],
    fix: /rename or remove one/,
  },
  {
    name: "an input field named in both query and body",
    text: spec(["      body:", "      query:\n        name?: string\n      body:"]),
    errors: [
      "spec.yaml:46:9 error: input field 'name' is already in query; inputs are one object, so each name may appear once across path, query and body; rename or remove one",
    ],
    fix: /rename or remove one/,
  },
  {
    name: "a body on a GET operation",
    text: spec(["        verbose?: boolean", "        verbose?: boolean\n      body:\n        note: string"]),
    errors: ["spec.yaml:33:7 error: a GET operation cannot have a body; move these fields to query"],
    fix: /move these fields to query/,
  },

  // ── type expressions, bounds, unions ───────────────────────────────────────
  {
    name: "a type expression that ends after '|'",
    text: spec(["      name: string", "      name: uuid |"]),
    errors: [
      "spec.yaml:19:19 error: in type 'uuid |': expected a type after '|' but the expression ends; add one or remove the '|'",
    ],
    fix: /add one or remove the '\|'/,
  },
  {
    name: "a generic that is not closed",
    text: spec(["      name: string", "      name: Foo<bar"]),
    errors: ["spec.yaml:19:20 error: in type 'Foo<bar': expected '>' but the expression ends; add '>'"],
    fix: /add '>'/,
  },
  {
    name: "two types side by side",
    text: spec(["      name: string", "      name: string uuid"]),
    errors: [
      "spec.yaml:19:20 error: in type 'string uuid': unexpected 'uuid' after the type; join types with '|' or remove it",
    ],
    fix: /join types with '\|' or remove it/,
  },
  {
    name: "a character that has no place in a type",
    text: spec(["      name: string", "      name: string$"]),
    errors: [
      "spec.yaml:19:19 error: in type 'string$': unexpected character '$'; type names are letters, digits and _, literals are 'quoted', numbers or true/false",
    ],
    fix: /type names are letters, digits and _/,
  },
  {
    name: "an empty type expression",
    text: spec(["      name: string", "      name: ''"]),
    errors: ["spec.yaml:19:13 error: at types.Thing.fields.name: the text is empty; write a value here"],
    fix: /write a value here/,
  },
  {
    name: "a string bound on an integer",
    text: spec(["      name: string", "      name:\n        type: integer\n        maxLength: 5"]),
    errors: [
      "spec.yaml:21:9 error: 'maxLength' does not apply to integer (it bounds strings); remove it or use min, max, exclusiveMin, exclusiveMax",
    ],
    fix: /remove it or use min, max/,
  },
  {
    name: "an array bound on a string",
    text: spec(["      name: string", "      name:\n        type: string\n        minItems: 1"]),
    errors: [
      "spec.yaml:21:9 error: 'minItems' does not apply to string (it bounds arrays); remove it or use minLength, maxLength, pattern",
    ],
    fix: /remove it or use minLength, maxLength/,
  },
  {
    name: "a bound on an object type",
    text: spec(["    fields:\n      id: uuid", "    maxLength: 5\n    fields:\n      id: uuid"]),
    errors: [
      "spec.yaml:17:5 error: 'maxLength' applies to aliases (type) and fields, not to object types; move it to a field",
    ],
    fix: /move it to a field/,
  },
  {
    name: "a union variant without the discriminator field",
    text: spec(
      withType(
        "  Shape:",
        "    union:",
        "      discriminator: kind",
        "      variants:",
        "        thing: Thing",
      ),
    ),
    errors: [
      "spec.yaml:20:16 error: variant 'Thing' has no field 'kind' to tell it apart; add `kind: string` to it",
    ],
    fix: /add `kind: string` to it/,
  },
  {
    name: "a type that is an object and an alias at once",
    text: spec(withType("  Special:", "    type: string", "    fields:", "      x: string")),
    errors: [
      "spec.yaml:16:3 error: 'Special' mixes fields and type; a type is an object (fields, extends), an alias (type) or a union (union)",
    ],
    fix: /a type is an object .*, an alias .* or a union/,
  },
  {
    name: "a type that extends itself",
    text: spec(withType("  Loop:", "    extends: Loop")),
    errors: ["spec.yaml:17:14 error: 'Loop' extends itself through Loop → Loop; break the cycle"],
    fix: /break the cycle/,
  },

  // ── names ──────────────────────────────────────────────────────────────────
  {
    name: "a duplicate group",
    text: spec(["    group: things.create", "    group: things.get"]),
    errors: [
      "spec.yaml:37:12 error: group 'things.get' is already used by 'getThing'; each operation needs its own",
    ],
    fix: /each operation needs its own/,
  },
  {
    name: "a group that is also another group's namespace",
    text: spec(["    group: things.create", "    group: things.get.create"]),
    errors: [
      "spec.yaml:37:12 error: group 'things.get.create' and 'things.get' (of 'getThing') would make one name both a method and a namespace; rename one",
    ],
    fix: /rename one/,
  },
  {
    name: "a type named like a built-in generic",
    text: spec(withType("  Page:", "    fields:", "      x: string")),
    errors: ["spec.yaml:16:3 error: 'Page' is a built-in type; choose another name"],
    fix: /choose another name/,
  },
  {
    name: "a type named like a TypeScript global the generated code uses",
    text: spec(withType("  Record:", "    fields:", "      x: string")),
    errors: ["spec.yaml:16:3 error: 'Record' is a built-in type; choose another name"],
    fix: /choose another name/,
  },
  {
    name: "a type named like a primitive",
    text: spec(withType("  uuid:", "    fields:", "      x: string")),
    errors: [
      "spec.yaml:16:3 error: type name 'uuid' must be PascalCase (letters and digits, starting with a capital); rename it to 'Uuid'",
    ],
    fix: /rename it to 'Uuid'/,
  },
  {
    name: "an enum and a type of the same name",
    text: spec(withType("  Color:", "    fields:", "      x: string")),
    errors: ["spec.yaml:16:3 error: 'Color' is declared both as an enum and as a type; rename one"],
    fix: /rename one/,
  },
  {
    name: "a type named like the strict input form of another",
    text: spec(withType("  ThingInput:", "    fields:", "      x: string")),
    errors: [
      "spec.yaml:16:3 error: 'ThingInput' is the name generated for the strict input form of type 'Thing'; choose another name",
    ],
    fix: /choose another name/,
  },
  {
    name: "a type named like an enum's known values",
    text: spec(withType("  KnownColor:", "    type: string")),
    errors: [
      "spec.yaml:16:3 error: 'KnownColor' is the name generated for the known values of enum 'Color'; choose another name",
    ],
    fix: /choose another name/,
  },
  {
    name: "a type named like a union's known variants",
    text: spec(
      withType(
        "  Shape:",
        "    union:",
        "      discriminator: name",
        "      variants:",
        "        thing: Thing",
        "  KnownShape:",
        "    type: string",
      ),
    ),
    errors: [
      "spec.yaml:21:3 error: 'KnownShape' is the name generated for the known variants of union 'Shape'; choose another name",
    ],
    fix: /choose another name/,
  },
  {
    name: "a type named like a union's variants by tag",
    text: spec(
      withType(
        "  Shape:",
        "    union:",
        "      discriminator: name",
        "      variants:",
        "        thing: Thing",
        "  ShapeVariants:",
        "    type: string",
      ),
    ),
    errors: [
      "spec.yaml:21:3 error: 'ShapeVariants' is the name generated for the variants by tag of union 'Shape'; choose another name",
    ],
    fix: /choose another name/,
  },
  {
    name: "an operation named like another operation's definition",
    text: spec(withOperation("getThingOperation", "things.other")),
    errors: [
      "spec.yaml:47:3 error: operation id 'getThingOperation' is the name generated for the definition of 'getThing'; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "a type named like an operation's input",
    text: spec(withType("  GetThingInput:", "    fields:", "      x: string")),
    errors: [
      "spec.yaml:16:3 error: 'GetThingInput' is the name generated for the input of operation 'getThing'; choose another name",
    ],
    fix: /choose another name/,
  },
  {
    name: "an operation named like a client runtime export",
    text: spec(["  getThing:", "  request:"]),
    errors: [
      "spec.yaml:22:3 error: operation id 'request' is taken by the client runtime; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "error classes: a runtime class, a malformed one, one taken by another code",
    text: spec([
      "    status: 404",
      "    status: 404\n    class: ApiError\n  Gone:\n    status: 410\n    class: gone\n  Missing:\n    status: 410\n    class: ThingError\n  Lost:\n    status: 410\n    class: ThingError",
    ]),
    errors: [
      "spec.yaml:12:12 error: 'ApiError' is a class of the client runtime; give 'NotFound' a class of its own, e.g. 'NotFoundError', or leave class out",
      "spec.yaml:15:12 error: error class 'gone' must be PascalCase and end in Error, e.g. 'GoneError'",
      "spec.yaml:21:12 error: 'ThingError' is already the class of 'Missing'; each code needs its own class",
    ],
    fix: /class/,
  },
  {
    name: "an operation named with a reserved word",
    text: spec(["  getThing:", "  delete:"]),
    errors: [
      "spec.yaml:22:3 error: operation id 'delete' is a reserved word in JavaScript, so it cannot name a function; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "an example naming a field the input does not have",
    text: spec(["      201: Thing", "      201: Thing\n    example:\n      nme: Widget"]),
    errors: [
      "spec.yaml:47:5 error: example lacks the required input field 'name'; add it",
      "spec.yaml:48:7 error: example names 'nme', which is not an input field (did you mean 'name'?); fix the name or remove it",
    ],
    fix: /fix the name or remove it/,
  },

  // ── invalidates ────────────────────────────────────────────────────────────
  {
    name: "invalidates naming an operation that does not exist",
    text: spec(["      201: Thing", "      201: Thing\n    invalidates: [getThng]"]),
    errors: [
      "spec.yaml:47:19 error: unknown operation or group 'getThng' in invalidates (did you mean 'getThing'?); name a GET operation id (e.g. getThing) or a group of them",
    ],
    fix: /name a GET operation id/,
  },
  {
    // `things.*` starts with "thing", but a cache key is matched segment by segment: nothing would be invalidated.
    name: "invalidates naming a prefix of a group without its dot",
    text: spec(["      201: Thing", "      201: Thing\n    invalidates: [thing]"]),
    errors: [
      "spec.yaml:47:19 error: unknown operation or group 'thing' in invalidates (did you mean 'things'?); name a GET operation id (e.g. getThing) or a group of them",
    ],
    fix: /or a group of them/,
  },
  {
    name: "invalidates naming a mutation",
    text: spec(["      201: Thing", "      201: Thing\n    invalidates: [things.get, createThing]"]),
    errors: [
      "spec.yaml:47:31 error: 'createThing' is a mutation (POST); only queries are cached, so only they can be invalidated; name a GET operation or a group",
    ],
    fix: /name a GET operation or a group/,
  },
  {
    name: "invalidates naming one entry twice, and a group without queries",
    text: spec(
      withOperation("makeWidget", "widgets.make"),
      ["    summary: Another.\n    method: GET", "    summary: Another.\n    method: POST"],
      [
        "      201: Thing",
        "      201: Thing\n    invalidates:\n      - things\n      - things\n      - widgets",
      ],
    ),
    errors: [
      "spec.yaml:49:9 error: 'things' is listed twice in invalidates; remove one",
      "spec.yaml:50:9 error: group 'widgets' holds no query operations, so nothing of it is cached; name a GET operation or a group with queries",
    ],
    fix: /remove one/,
  },
  {
    name: "an operation id the React bindings derive from another's, and one they use themselves",
    text: spec(withOperation("getThingSuspense", "things.suspense"), ["  createThing:", "  useQuery:"]),
    errors: [
      "spec.yaml:36:3 error: operation id 'useQuery' is taken by the React bindings; rename the operation",
      "spec.yaml:47:3 error: operation id 'getThingSuspense' would make the hook useGetThingSuspense, which is also the Suspense hook of 'getThing'; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "an operation id that is another operation's mutation options factory",
    text: spec(withOperation("createThingMutationOptions", "things.options")),
    errors: [
      "spec.yaml:47:3 error: operation id 'createThingMutationOptions' is the name generated for the mutation options factory of 'createThing'; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "an operation whose hook the React bindings' runtime exports",
    text: spec(withOperation("commerceClient", "things.client")),
    errors: [
      "spec.yaml:47:3 error: operation id 'commerceClient' would make the hook useCommerceClient, which is taken by the React bindings; rename the operation",
    ],
    fix: /rename the operation/,
  },
  {
    name: "invalidates one entry by a field the mutation's input does not have",
    text: spec([
      "      201: Thing",
      "      201: Thing\n    invalidates:\n      - query: getThing\n        where: id",
    ]),
    errors: [
      "spec.yaml:49:16 error: this operation has no input field 'id'; name the input field that identifies the changed entry, or map the query's field to it: where: { id: <input field> }",
    ],
    fix: /map the query's field to it/,
  },
  {
    name: "invalidates one entry: a field the query lacks, an optional input field, a group",
    text: spec(
      ["        name: string", "        name: string\n        label?: string"],
      [
        "      201: Thing",
        "      201: Thing\n    invalidates:\n      - query: getThing\n        where: { ids: name, id: label }\n      - query: things\n        where: id",
      ],
    ),
    errors: [
      "spec.yaml:50:18 error: 'getThing' has no input field 'ids' (did you mean 'id'?); name one of its input fields (id, verbose)",
      "spec.yaml:50:33 error: input field 'label' is optional, so a call without it identifies no entry; make it required or invalidate the whole query (invalidates: [getThing])",
      "spec.yaml:51:16 error: unknown query operation 'things' in invalidates; name a GET operation id (a group has no single entry to match)",
    ],
    fix: /name one of its input fields/,
  },
  {
    name: "invalidates on a GET operation",
    text: spec(["    errors: [NotFound]", "    errors: [NotFound]\n    invalidates: [getThing]"]),
    errors: [
      "spec.yaml:36:5 error: a GET operation changes nothing, so it invalidates nothing; remove invalidates (or list it on the mutations that change this data)",
    ],
    fix: /remove invalidates/,
  },

  // ── empty ──────────────────────────────────────────────────────────────────
  {
    name: "an empty file",
    text: "",
    errors: ["spec.yaml:1:1 error: the spec is empty; start it with `info`, `types` and `operations`"],
    fix: /start it with `info`/,
  },
  {
    name: "a file with only comments and blank lines",
    text: "# yaml-language-server: $schema=./commerce.schema.json\n\n   \n",
    errors: ["spec.yaml:1:1 error: the spec is empty; start it with `info`, `types` and `operations`"],
    fix: /start it with `info`/,
  },
  // ── webhooks ───────────────────────────────────────────────────────────────
  {
    name: "a webhook event whose data names an unknown resource",
    text: spec(withWebhooks("  thing.created:", "    data: Thng")),
    errors: [
      "spec.yaml:49:11 error: unknown resource 'Thng' (did you mean 'Thing'?); declare it under types or fix the name",
    ],
    fix: /did you mean 'Thing'/,
  },
  {
    name: "a webhook event type listed twice",
    text: spec(withWebhooks("  thing.created:", "    data: Thing", "  thing.created:", "    data: Thing")),
    errors: [
      "spec.yaml:50:3 error: 'thing.created' is written twice in the same mapping (first on line 48); keep one of them or rename one",
    ],
    fix: /keep one of them/,
  },
  {
    name: "two webhook event types that would generate the same type name",
    text: spec(
      withWebhooks("  thing.color_set:", "    data: Thing", "  thing_color.set:", "    data: Thing"),
    ),
    errors: [
      "spec.yaml:50:3 error: webhook events 'thing.color_set' and 'thing_color.set' would both generate the type 'ThingColorSetWebhookEvent'; keep the one the service sends and remove the other",
    ],
    fix: /remove the other/,
  },
  {
    name: "a webhook event type without its dot (resource.action)",
    text: spec(withWebhooks("  thing_created:", "    data: Thing")),
    errors: [
      "spec.yaml:48:3 error: webhook event type 'thing_created' must be dotted snake_case, as the service sends it, e.g. order.paid or benefit_grant.created",
    ],
    fix: /dotted snake_case/,
  },
  {
    name: "a webhook event type not written as the service sends it",
    text: spec(withWebhooks("  Thing.Created:", "    data: Thing")),
    errors: [
      "spec.yaml:48:3 error: webhook event type 'Thing.Created' must be dotted snake_case, as the service sends it, e.g. order.paid or benefit_grant.created",
    ],
    fix: /dotted snake_case/,
  },
  {
    name: "webhook data that is an enum, or a type expression rather than a resource",
    text: spec(withWebhooks("  thing.painted:", "    data: Color", "  thing.listed:", "    data: Thing[]")),
    errors: [
      "spec.yaml:49:11 error: 'Color' is an enum; an event's data is a resource: an object type, a union or an alias under types",
      "spec.yaml:51:11 error: an event's data names one resource declared under types, e.g. Order, not a type expression ('Thing[]')",
    ],
    fix: /names one resource/,
  },
  {
    name: "a webhook event without data",
    text: spec(withWebhooks("  thing.created:", "    description: A thing was made.")),
    errors: [
      "spec.yaml:48:3 error: at webhooks.thing.created: required key 'data' (a string) is missing; add it",
    ],
    fix: /add it/,
  },
  {
    name: "a type taking the name generated for the webhook events' union",
    text: spec(
      withType("  WebhookEvent:", "    fields:", "      id: uuid"),
      withWebhooks("  thing.created:", "    data: Thing"),
    ),
    errors: [
      "spec.yaml:16:3 error: 'WebhookEvent' is generated for the spec's webhooks (the union of the webhook events); rename this type",
    ],
    fix: /rename this type/,
  },
  {
    name: "a type taking the name generated for one webhook event",
    text: spec(
      withType("  ThingCreatedWebhookEvent:", "    fields:", "      id: uuid"),
      withWebhooks("  thing.created:", "    data: Thing"),
    ),
    errors: [
      "spec.yaml:51:3 error: webhook event 'thing.created' generates the type 'ThingCreatedWebhookEvent', which is also declared under types; rename that type",
    ],
    fix: /rename that type/,
  },
];

/** Writes `text` as spec.yaml in a fresh directory and runs `generate` on it into `out/` there. */
async function generate(text: string, args: readonly string[] = []): Promise<CliRun & { dir: string }> {
  const dir = await makeTempDir();
  await writeFile(join(dir, "spec.yaml"), text);
  const run = await runCli(["generate", "--spec", "spec.yaml", "--out", join(dir, "out"), ...args], dir);
  return { ...run, dir };
}

function summary(count: number): string {
  return `${count} problem${count === 1 ? "" : "s"} in the spec; nothing was written`;
}

describe("a broken spec", () => {
  it("starts from a base spec that is valid", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "spec.yaml"), base);
    expect(await runCli(["check", "--spec", "spec.yaml"], dir)).toEqual({
      code: 0,
      out: ["spec.yaml: ok (2 operations, 2 types)"],
      err: [],
    });
  });

  it.each(cases)(
    "$name: exit 1, file:line:col error naming the fix, nothing written",
    async ({ text, errors, fix }) => {
      const run = await generate(text);
      expect(run.err).toEqual([...errors, summary(errors.length)]);
      expect(run.code).toBe(1);
      expect(run.out).toEqual([]);
      expect(errors.some((line) => fix.test(line))).toBe(true);
      // Not the packages, and not the editor schema beside the spec either.
      expect(await listFiles(run.dir)).toEqual(["spec.yaml"]);
    },
  );

  it("missing: exit 1 with the path as given, nothing written", async () => {
    const dir = await makeTempDir();
    const run = await runCli(["generate", "--spec", "specs/missing.yaml", "--out", join(dir, "out")], dir);
    expect(run).toEqual({
      code: 1,
      out: [],
      err: [
        "specs/missing.yaml:1:1 error: cannot read the spec: the file does not exist; pass the right path with --spec",
        summary(1),
      ],
    });
    expect(await listFiles(dir)).toEqual([]);
  });

  it("is reported the same way by `check`", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "spec.yaml"), spec(["      200: Thing", "      200: Thingy"]));
    expect(await runCli(["check", "--spec", "spec.yaml"], dir)).toEqual({
      code: 1,
      out: [],
      err: [
        "spec.yaml:34:12 error: unknown type 'Thingy' (did you mean 'Thing'?); declare it under types or fix the name",
        summary(1),
      ],
    });
  });
});

describe("every problem at once", () => {
  it("reports all meaning errors of a file, in file order", async () => {
    const run = await generate(
      spec(
        ["      200: Thing", "      200: Thingy"],
        ["    auth: [pat]\n    input:\n      path:", "    auth: [pta]\n    input:\n      path:"],
        ["    path: /v1/things/{id}", "    path: /v1/things/{id}/{part}"],
        ["    errors: [NotFound]", "    errors: [NotFund]"],
        ["      color?: Color", "      color?: Colour"],
      ),
    );
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      "spec.yaml:20:15 error: unknown type 'Colour' (did you mean 'Color'?); declare it under types or fix the name",
      "spec.yaml:26:27 error: path parameter '{part}' is not declared; add 'part' under input.path",
      "spec.yaml:27:12 error: unknown security scheme 'pta' (did you mean 'pat'?); declare it under security",
      "spec.yaml:34:12 error: unknown type 'Thingy' (did you mean 'Thing'?); declare it under types or fix the name",
      "spec.yaml:35:14 error: unknown error code 'NotFund' (did you mean 'NotFound'?); declare it under errors or use 'validation' for the 422 body",
      summary(5),
    ]);
    expect(await listFiles(run.dir)).toEqual(["spec.yaml"]);
  });

  it("reports all structural errors of a file", async () => {
    const run = await generate(
      spec(
        ["    status: 404", '    status: "404"'],
        ["    summary: Get a thing.", "    sumary: Get a thing."],
        ["    method: POST", "    method: PUSH"],
      ),
    );
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      'spec.yaml:11:13 error: at errors.NotFound.status: expected a number but found string "404"; remove the quotes',
      "spec.yaml:24:5 error: unknown key 'sumary'; did you mean 'summary'?",
      'spec.yaml:39:13 error: at operations.createThing.method: "PUSH" is not allowed; use one of "GET", "POST", "PUT", "PATCH", "DELETE"',
      summary(3),
    ]);
  });

  it("reports the meaning problems of the entries whose shape is right beside the shape problems", async () => {
    const run = await generate(
      spec(
        ["    summary: Get a thing.", "    sumary: Get a thing."],
        ["      201: Thing", "      201: Thingy"],
        ["      color?: Color", "      color?: Colour"],
      ),
    );
    expect(run.err).toEqual([
      "spec.yaml:20:15 error: unknown type 'Colour' (did you mean 'Color'?); declare it under types or fix the name",
      "spec.yaml:24:5 error: unknown key 'sumary'; did you mean 'summary'?",
      "spec.yaml:46:12 error: unknown type 'Thingy' (did you mean 'Thing'?); declare it under types or fix the name",
      summary(3),
    ]);
  });

  it("does not report references to a misshapen declaration as a second problem", async () => {
    const run = await generate(
      spec(
        ["      name: string", "      name:\n        type: string\n        maxLength: ten"],
        ["    errors: [NotFound]", "    errors: [NotFund]"],
      ),
    );
    expect(run.err).toEqual([
      'spec.yaml:21:20 error: at types.Thing.fields.name.maxLength: expected a number but found string "ten"; write a number here',
      "spec.yaml:37:14 error: unknown error code 'NotFund' (did you mean 'NotFound'?); declare it under errors or use 'validation' for the 422 body",
      summary(2),
    ]);
  });

  it("reports every duplicate key", async () => {
    const run = await generate(
      spec(
        ["      color?: Color", "      color?: Color\n      id: string"],
        ["    method: POST", "    method: POST\n    summary: Again."],
      ),
    );
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      "spec.yaml:21:7 error: 'id' is written twice in the same mapping (first on line 18); keep one of them or rename one",
      "spec.yaml:41:5 error: 'summary' is written twice in the same mapping (first on line 39); keep one of them or rename one",
      summary(2),
    ]);
  });

  it("reports duplicate keys together with the problems found after them", async () => {
    const run = await generate(
      spec(
        ["    method: POST", "    method: POST\n    summary: Again."],
        ["    summary: Get a thing.", "    sumary: Get a thing."],
      ),
    );
    expect(run.err).toEqual([
      "spec.yaml:24:5 error: unknown key 'sumary'; did you mean 'summary'?",
      "spec.yaml:40:5 error: 'summary' is written twice in the same mapping (first on line 38); keep one of them or rename one",
      summary(2),
    ]);
    const meaning = await generate(
      spec(
        ["    method: POST", "    method: POST\n    summary: Again."],
        ["      200: Thing", "      200: Thingy"],
      ),
    );
    expect(meaning.err).toEqual([
      "spec.yaml:34:12 error: unknown type 'Thingy' (did you mean 'Thing'?); declare it under types or fix the name",
      "spec.yaml:40:5 error: 'summary' is written twice in the same mapping (first on line 38); keep one of them or rename one",
      summary(2),
    ]);
  });

  it("reports a problem in an extended type once, not once per type that extends it", async () => {
    const run = await generate(
      spec(
        ["      name: string", "      name: Nme"],
        withType("  Special:", "    extends: Thing", "  MoreSpecial:", "    extends: Special"),
      ),
    );
    expect(run.err).toEqual([
      "spec.yaml:23:13 error: unknown type 'Nme'; declare it under types or fix the name",
      summary(1),
    ]);
  });
});

describe("nothing is written on error", () => {
  it("leaves an earlier generation exactly as it was, and --check reports the error rather than drift", async () => {
    const dir = await makeTempDir();
    const out = join(dir, "out");
    await writeFile(join(dir, "spec.yaml"), base);
    const first = await runCli(["generate", "--spec", "spec.yaml", "--out", out], dir);
    expect(first.code).toBe(0);
    const before = await readTree(dir);
    expect([...before.keys()]).toContain("out/schemas/src/generated/resources.ts");

    await writeFile(join(dir, "spec.yaml"), spec(["      200: Thing", "      200: Thingy"]));
    const broken = await runCli(["generate", "--spec", "spec.yaml", "--out", out], dir);
    expect(broken.code).toBe(1);
    const check = await runCli(["generate", "--check", "--spec", "spec.yaml", "--out", out], dir);
    expect(check.code).toBe(1);
    expect(check.err[0]).toMatch(/^spec\.yaml:34:12 error: unknown type 'Thingy'/);

    const after = await readTree(dir);
    after.delete("spec.yaml");
    before.delete("spec.yaml");
    expect(after).toEqual(before);
  });
});

describe("usage errors exit 2 and write nothing", () => {
  const usage: { argv: string[]; message: string }[] = [
    { argv: [], message: "commerce-codegen: missing command" },
    { argv: ["generat"], message: "commerce-codegen: unknown command 'generat'" },
    { argv: ["generate", "--chek"], message: "commerce-codegen: Unknown option '--chek'" },
    { argv: ["generate", "extra"], message: "commerce-codegen: unexpected argument 'extra'" },
    { argv: ["generate", "--spec"], message: "commerce-codegen: Option '--spec <value>' argument missing" },
    { argv: ["check", "--out", "x"], message: "commerce-codegen: 'check' only takes --spec" },
    { argv: ["check", "--check"], message: "commerce-codegen: 'check' only takes --spec" },
    {
      argv: ["generate", "--check", "--watch"],
      message: "commerce-codegen: --check and --watch cannot be combined",
    },
  ];

  it.each(usage)("$argv", async ({ argv, message }) => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "spec.yaml"), base);
    const run = await runCli(argv, dir);
    expect(run.code).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.err[0]!.startsWith(message)).toBe(true);
    expect(run.err).toContain("usage:");
    expect(await listFiles(dir)).toEqual(["spec.yaml"]);
  });

  it("check --out=x", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "spec.yaml"), base);
    const run = await runCli(["check", "--spec", "spec.yaml", "--out=x"], dir);
    expect(run.code).toBe(2);
  });

  it("--help prints the usage and exits 0", async () => {
    const dir = await makeTempDir();
    const run = await runCli(["--help"], dir);
    expect(run.code).toBe(0);
    expect(run.out[0]).toBe("usage:");
    expect(run.out.join("\n")).toContain(
      "exit codes: 0 success; 1 spec error or (with --check) drift, or (drift) differences not marked\ndeliberate, or (import) the spec disagrees with the document; 2 usage error",
    );
  });
});
