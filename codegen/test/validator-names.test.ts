/**
 * The validators' file-local names come from what they check, never from a counter, so a
 * spec change renames nothing else; names that would collide are told apart or refused.
 */
import { describe, expect, it } from "vitest";
import { CheckCompiler } from "../src/emitters/validators/checks.ts";
import { ModeAnalysis } from "../src/ir/modes.ts";
import type { Api } from "../src/ir/types.ts";

const emptyApi: Api = {
  title: "t",
  version: "1",
  versions: ["1"],
  source: "spec.yaml",
  environments: [],
  securitySchemes: [],
  errorCodes: [],
  declarations: [],
  operations: [],
  webhooks: [],
};

describe("validator names", () => {
  it("gives two checks whose names would be spelled alike distinct names", () => {
    const compiler = new CheckCompiler(new ModeAnalysis(emptyApi));
    const dotted = compiler.check({ kind: "literal", value: "a.b" }, "response");
    const underscored = compiler.check({ kind: "literal", value: "a_b" }, "response");
    expect(dotted).toBe("checkLiteralAB");
    expect(underscored).not.toBe(dotted);
    expect(compiler.check({ kind: "literal", value: "a.b" }, "response")).toBe(dotted);
  });

  it("names a union's members after the check that tries them, told apart as the checks are", () => {
    const compiler = new CheckCompiler(new ModeAnalysis(emptyApi));
    const flat = compiler.unionOf(["string", "checkIntegerOrBoolean"]);
    const nested = compiler.unionOf(["checkStringOrInteger", "boolean"]);
    expect([flat, nested]).toEqual(["checkStringOrIntegerOrBoolean", "checkStringOrIntegerOrBoolean2"]);
    expect([...compiler.constants.keys()]).toEqual([
      "stringOrIntegerOrBooleanMembers",
      "stringOrIntegerOrBoolean2Members",
    ]);
  });

  it("refuses two different values under one constant name, naming it", () => {
    const compiler = new CheckCompiler(new ModeAnalysis(emptyApi));
    expect(compiler.constant("eventSourceValues", '["a"] as const')).toBe("eventSourceValues");
    expect(compiler.constant("other", '["a"] as const')).toBe("eventSourceValues");
    expect(() => compiler.constant("eventSourceValues", '["b"] as const')).toThrow(
      "two constants would be named eventSourceValues",
    );
  });
});
