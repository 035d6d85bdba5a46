/**
 * The loader's name checks whatever order the spec declares things in: a clash is found from
 * either side, and each name the generator derives (an enum's `<Name>Values` among them) is
 * refused to a spec type, at the type's own line; a malformed name is refused, and a misspelt
 * key is guessed only when it is close to a known one. bad-specs.test.ts runs the CLI on one
 * order of each; these lower the text in process.
 */
import { describe, expect, it } from "vitest";
import { SpecError } from "../src/diagnostics.ts";
import { lowerText } from "../src/loader/load.ts";

const header = [
  "info:",
  "  title: Things API",
  '  version: "1"',
  "environments:",
  "  production: https://api.example.com",
  "security:",
  "  pat:",
  "    audience: organization",
  "errors: {}",
];

const getOperation = (id: string, path: string) => [
  `  ${id}:`,
  `    group: things.${id}`,
  "    summary: Get a thing.",
  "    method: GET",
  `    path: ${path}`,
  "    auth: [pat]",
  "    responses:",
  "      200: Thing",
];

const thing = ["types:", "  Thing:", "    fields:", "      id: uuid"];

/** The error lines lowering `lines` reports (none when it lowers). */
function problems(lines: string[]): string[] {
  try {
    lowerText(`${lines.join("\n")}\n`, "spec.yaml");
    return [];
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return error.message.split("\n");
  }
}

describe("operation ids that differ only by case", () => {
  it("are refused at the second, in either order", () => {
    const first = [...header, ...thing, "operations:", ...getOperation("getThing", "/v1/a")];
    const spec = (...second: string[]) => [...first, ...second];
    // The second operation starts on line 23.
    expect(problems(spec(...getOperation("getthing", "/v1/b")))).toEqual([
      "spec.yaml:23:3 error: operation id 'getthing' duplicates 'getThing' (ids must differ by more than case); rename one",
    ]);
    const reversed = [...header, ...thing, "operations:", ...getOperation("getthing", "/v1/a")];
    expect(problems([...reversed, ...getOperation("getThing", "/v1/b")])).toEqual([
      "spec.yaml:23:3 error: operation id 'getThing' duplicates 'getthing' (ids must differ by more than case); rename one",
    ]);
    expect(problems(spec(...getOperation("getOther", "/v1/b")))).toEqual([]);
  });
});

describe("names the generator derives from an enum", () => {
  const withType = (name: string) => [
    ...header,
    "enums:",
    "  Status:",
    "    values: [active, done]",
    ...thing,
    `  ${name}:`,
    "    fields:",
    "      id: uuid",
    "operations: {}",
  ];

  it.each([
    ["StatusValues", "the known values"],
    ["KnownStatus", "the known values"],
  ])("a type named %s is refused where it is declared", (name, what) => {
    expect(problems(withType(name))).toEqual([
      `spec.yaml:17:3 error: '${name}' is the name generated for ${what} of enum 'Status'; choose another name`,
    ]);
  });

  it("a name the generator does not derive is taken", () => {
    expect(problems(withType("StatusHistory"))).toEqual([]);
  });
});

describe("names and keys of the wrong form", () => {
  it("a type name with an underscore is refused at its line", () => {
    const spec = [...header, ...thing, "  Thing_Two:", "    fields:", "      id: uuid", "operations: {}"];
    expect(problems(spec)).toEqual([
      "spec.yaml:14:3 error: type name 'Thing_Two' must be PascalCase (letters and digits, starting with a capital)",
    ]);
  });

  it("an unknown key is given a suggestion only when it is close to a known one", () => {
    const operation = (responses: string) => [
      ...header,
      ...thing,
      "operations:",
      ...getOperation("getThing", "/v1/a").map((line) => line.replace("    responses:", `    ${responses}:`)),
    ];
    expect(problems(operation("responsse"))).toEqual([
      "spec.yaml:21:5 error: unknown key 'responsse'; did you mean 'responses'?",
    ]);
    // Four letters from "responses": no guess, the keys there are (and the missing one).
    const [missing, unknown] = problems(operation("rexxxxses"));
    expect(missing).toBe(
      "spec.yaml:15:3 error: at operations.getThing: required key 'responses' (a mapping) is missing; add it",
    );
    expect(unknown).toMatch(
      /^spec\.yaml:21:5 error: unknown key 'rexxxxses'; expected one of: group, .*responses/,
    );
  });
});
