/**
 * Each builder's input is declared once as a type; its run-time field table is checked
 * against it (`satisfies FieldsOf<Input>`), so a field added to one and not the other does
 * not compile (the typecheck runs these files), and the table refuses what the type lacks.
 */
import { describe, expect, it } from "vitest";
import type { FieldsOf } from "../src/builders/fields.js";
import type { CustomerInput } from "../src/builders/index.js";
import { createSandbox, SandboxUsageError } from "../src/index.js";

const CUSTOMER_FIELD_NAMES = [
  "organization",
  "name",
  "email",
  "external_id",
  "type",
  "metadata",
  "locale",
  "billing",
] as const;

describe("a builder's field table follows its input type", () => {
  it("a table missing a field of the type, or with one the type lacks, does not compile", () => {
    const whole = Object.fromEntries(
      CUSTOMER_FIELD_NAMES.map((name) => [name, "string"]),
    ) as FieldsOf<CustomerInput>;
    const { billing: _, ...withoutBilling } = whole;
    // @ts-expect-error: "billing" of CustomerInput has no entry
    const missing: FieldsOf<CustomerInput> = withoutBilling;
    // @ts-expect-error: "nickname" is no field of CustomerInput
    const extra = { ...whole, nickname: "string" } satisfies FieldsOf<CustomerInput>;
    expect(Object.keys(missing)).toHaveLength(CUSTOMER_FIELD_NAMES.length - 1);
    expect(Object.keys(extra)).toContain("nickname");
  });

  it("at run time, a field the type lacks is refused, naming the table's fields", () => {
    const sandbox = createSandbox({ seed: false });
    expect(() => sandbox.add.customer({ nickname: "Ada" } as CustomerInput)).toThrow(
      new SandboxUsageError(
        `sandbox.add.customer: unknown field "nickname"; fields: ${CUSTOMER_FIELD_NAMES.join(", ")}`,
      ),
    );
  });
});
