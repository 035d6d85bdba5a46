import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolvePointer } from "../../src/drift/json-pointer.ts";
import { operationNames } from "../../src/import/names.ts";
import { lowerText } from "../../src/loader/load.ts";
import { codegenRoot, makeTempDir, removeTempDirs, runCli } from "../helpers.ts";

/**
 * `import` into a spec that exists: what both describe is compared as `drift` compares it,
 * our types are reused, only what is new is written in (as text: the spec's own bytes kept),
 * and a second import writes nothing.
 */

const constructs = join(codegenRoot, "test", "import", "constructs.openapi.yaml");
const shopDocument = join(codegenRoot, "test", "import", "merge", "shop.openapi.yaml");
const shopSpec = join(codegenRoot, "test", "import", "merge", "shop.spec.yaml");
/** The three operations the hand-written shop spec lacks. */
const newShopOperations = ["refunds:create", "checkouts:create", "customers:list_payment_methods"];

afterAll(removeTempDirs);

/** Whether `after` is `before` with lines inserted and none changed or removed. */
function onlyInserted(before: string, after: string): boolean {
  const kept = before.split("\n");
  let next = 0;
  for (const line of after.split("\n")) if (line === kept[next]) next += 1;
  return next === kept.length;
}

/** The lines of `after` that are not `before`'s (when onlyInserted holds), in order. */
function insertedLines(before: string, after: string): string[] {
  const kept = before.split("\n");
  let next = 0;
  const inserted: string[] = [];
  for (const line of after.split("\n")) {
    if (line === kept[next]) next += 1;
    else inserted.push(line);
  }
  return inserted;
}

async function workspace(spec: string) {
  const dir = await makeTempDir("codegen-merge-");
  const path = join(dir, "spec.yaml");
  await copyFile(spec, path);
  const run = (argv: string[]) => runCli(argv, dir);
  return {
    dir,
    path,
    read: () => readFile(path, "utf8"),
    write: (text: string) => writeFile(path, text),
    importing: (document: string, operations: readonly string[]) =>
      run([
        "import",
        "--openapi",
        document,
        ...operations.flatMap((id) => ["--operation", id]),
        "--spec",
        path,
      ]),
    drift: (document: string) => run(["drift", "--openapi", document, "--spec", path]),
  };
}

describe("import into a hand-written spec (a service-shaped document)", () => {
  it("agrees where the meaning agrees: our names for their schemas, enum values in another order", async () => {
    const shop = await workspace(shopSpec);
    const run = await shop.importing(shopDocument, [...newShopOperations, "refunds:get", "customers:get"]);
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.err).toEqual([]);
  });

  it("reuses our types for the schemas drift pairs with them, and adds only what is new and used", async () => {
    const shop = await workspace(shopSpec);
    const run = await shop.importing(shopDocument, newShopOperations);
    expect(run.code, run.err.join("\n")).toBe(0);
    const spec = parse(await shop.read());
    expect(Object.keys(spec.types)).toEqual([
      "Metadata",
      "BillingAddress",
      "Customer",
      "Refund",
      "Dispute",
      "CreateRefundBodyMetadataValue1",
      "Checkout",
      "PaymentMethod",
    ]);
    expect(Object.keys(spec.enums)).toEqual(["RefundReason", "CheckoutStatus"]);
    expect(Object.keys(spec.errors)).toEqual([
      "ResourceNotFound",
      "ResourceAlreadyExists",
      "RefundedAlready",
    ]);
    expect(spec.operations.createRefund.responses[201]).toBe("Refund");
    expect(spec.types.Checkout.fields.customer_billing_address).toBe("BillingAddress | null");
    // The document's input form (`AddressInput`) is our type too: our generator makes input forms.
    expect(spec.operations.createCheckout.input.body["customer_billing_address?"]).toBe(
      "BillingAddress | null",
    );
    expect(run.out.at(-1)).toBe(
      "merged into spec.yaml: added 1 errors, 1 enums, 3 types, 3 operations (2 notes)",
    );
  });

  it("keeps every byte of the spec: the import only inserts lines, each of them an added entry", async () => {
    const shop = await workspace(shopSpec);
    const before = await shop.read();
    const run = await shop.importing(shopDocument, newShopOperations);
    expect(run.code, run.err.join("\n")).toBe(0);
    const after = await shop.read();
    expect(onlyInserted(before, after), "no line of the spec changed or removed").toBe(true);
    const added = insertedLines(before, after).filter((line) => line.trim() !== "");
    expect(added.filter((line) => /^ {2}[A-Za-z]/.test(line))).toEqual([
      "  RefundedAlready:",
      "  CheckoutStatus:",
      "  CreateRefundBodyMetadataValue1:",
      "  Checkout:",
      "  PaymentMethod:",
      "  createRefund:",
      "  listCustomerPaymentMethods:",
      "  createCheckout:",
    ]);
    // The hand-written flow map, comments and heading are there as they were.
    expect(after).toContain("      amount: { type: integer, min: 1 }\n");
    expect(after).toContain("  # Our comment about refunds, kept.\n  Refund:\n");
  });

  it("writes a new operation beside its group's, and a new group under a heading in the spec's style", async () => {
    const shop = await workspace(shopSpec);
    await shop.importing(shopDocument, newShopOperations);
    const after = await shop.read();
    expect(after).toMatch(/ {4}errors: \[ResourceNotFound\]\n\n {2}createRefund:\n/);
    expect(after).toMatch(/\n {2}getCustomer:\n(.*\n)*?\n {2}listCustomerPaymentMethods:\n/);
    const refunds = after.split("\n").find((line) => line.includes("── Refunds"))!;
    const checkouts = after.split("\n").find((line) => line.includes("── Checkouts"))!;
    expect(checkouts).toMatch(/^ {2}# ── Checkouts ─+$/);
    expect(checkouts.length, "as wide as the spec's own headings").toBe(refunds.length);
  });

  it("is idempotent: importing the same operations again writes nothing and exits 0", async () => {
    const shop = await workspace(shopSpec);
    const first = await shop.importing(shopDocument, newShopOperations);
    expect(first.code, first.err.join("\n")).toBe(0);
    const once = await shop.read();
    const second = await shop.importing(shopDocument, newShopOperations);
    expect(second.code, second.err.join("\n")).toBe(0);
    expect(second.out.at(-1)).toBe("merged into spec.yaml: added nothing (the spec has it all) (0 notes)");
    expect(await shop.read()).toBe(once);
  });

  it("leaves drift at 0: every bound, enum and field the document states is written", async () => {
    const shop = await workspace(shopSpec);
    expect((await shop.drift(shopDocument)).code).toBe(0);
    const run = await shop.importing(shopDocument, newShopOperations);
    expect(run.code, run.err.join("\n")).toBe(0);
    const drift = await shop.drift(shopDocument);
    expect(drift.code, drift.out.join("\n")).toBe(0);
    // The spec's one mark (the open country) now also covers the document's input form of the address.
    expect(drift.out.at(-1)).toBe("0 differences of drift (none), 2 deliberate");
    const marked = drift.out.filter((line) => line.includes("(deliberate: "));
    expect(marked).toHaveLength(2);
    for (const line of marked)
      expect(line).toMatch(/\/properties\/country {2}enum: .*\(deliberate: An open string/);
    const spec = parse(await shop.read());
    // The bounded member of the metadata values, which a record's value type cannot state inline.
    expect(spec.types.CreateRefundBodyMetadataValue1).toEqual({
      type: "string",
      minLength: 1,
      maxLength: 500,
    });
    expect(spec.operations.createRefund.input.body["metadata?"]).toMatchObject({ maxEntries: 50 });
  });

  it("writes each note above the field it is about, naming it", async () => {
    const shop = await workspace(shopSpec);
    const run = await shop.importing(shopDocument, newShopOperations);
    expect(run.code, run.err.join("\n")).toBe(0);
    const after = await shop.read();
    expect(after).toContain(
      "      # import: embed_origin: the format 'hostname'; our language has uuid, datetime, date, email, url and ip; chose string\n      embed_origin?: string | null\n",
    );
    expect(
      run.out.some((line) =>
        line.endsWith(
          "shop.openapi.yaml#/components/schemas/Checkout/properties/embed_origin/anyOf/0/format  note: the format 'hostname'; our language has uuid, datetime, date, email, url and ip; chose string",
        ),
      ),
    ).toBe(true);
  });

  it("takes a code for a status without a body from the spec, never making one up", async () => {
    const shop = await workspace(shopSpec);
    const run = await shop.importing(shopDocument, ["refunds:create"]);
    expect(run.code, run.err.join("\n")).toBe(0);
    const spec = parse(await shop.read());
    expect(spec.operations.createRefund.errors).toEqual(["RefundedAlready", "ResourceAlreadyExists"]);
    expect(Object.keys(spec.errors)).not.toContain("Conflict");
    expect(await shop.read()).not.toMatch(/Status\d{3}/);
  });

  it("reports a disagreement in the spec's words, at our line, naming the document's pointer that exists", async () => {
    const shop = await workspace(shopSpec);
    const before = (await shop.read()).replace(
      "amount: { type: integer, min: 1 }",
      "amount: { type: integer, min: 2 }",
    );
    await shop.write(before);
    const line = before.split("\n").indexOf("      amount: { type: integer, min: 2 }") + 1;
    const run = await shop.importing(shopDocument, ["refunds:create"]);
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(
      new RegExp(
        `^spec\\.yaml:${line}:1 error: bound: field 'amount' of Refund: min: the spec 2, the document 1 \\(.*shop\\.openapi\\.yaml#/components/schemas/Refund/properties/amount\\)$`,
      ),
    );
    const pointer = run.err[0]!.slice(run.err[0]!.indexOf("#"), -1);
    const document = parse(await readFile(shopDocument, "utf8"));
    expect(resolvePointer(document, pointer)).toEqual({ type: "integer", exclusiveMinimum: 0 });
    expect(run.err.at(-1)).toMatch(/^1 disagreement between spec\.yaml and .*; nothing was written/);
    expect(await shop.read()).toBe(before);
  });
});

describe("import into a spec: what writes nothing", () => {
  it("an operation the document lacks: a usage error naming it (exit 2)", async () => {
    const shop = await workspace(shopSpec);
    const before = await shop.read();
    const run = await shop.importing(shopDocument, ["refunds:refund_everything"]);
    expect(run.code).toBe(2);
    expect(run.err[0]).toMatch(
      /^commerce-codegen: the document has no operation 'refunds:refund_everything'/,
    );
    expect(await shop.read()).toBe(before);
  });

  it("a spec that does not check: its errors at their lines, and the fix (exit 1)", async () => {
    const shop = await workspace(shopSpec);
    const before = (await shop.read()).replace(
      "      reason: RefundReason\n",
      "      reason: RefundReasons\n",
    );
    await shop.write(before);
    const run = await shop.importing(shopDocument, newShopOperations);
    expect(run.code).toBe(1);
    expect(run.err.join("\n")).toMatch(/spec\.yaml:\d+:\d+ error: .*RefundReasons/);
    expect(run.err.at(-1)).toBe("spec.yaml does not check; fix it, then import again; nothing was written");
    expect(await shop.read()).toBe(before);
  });
});

/** The shop document with `plant` applied, written beside the spec as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: planting shapes into a parsed document of any shape.
async function plantedShopDocument(dir: string, plant: (document: any) => void) {
  const document = parse(await readFile(shopDocument, "utf8"));
  plant(document);
  const path = join(dir, "shop.openapi.json");
  await writeFile(path, JSON.stringify(document));
  return path;
}

describe("a section written in flow style", () => {
  it("gives no place to write an entry: the error names the section and the fix, nothing written (exit 1)", async () => {
    const shop = await workspace(shopSpec);
    const before = (await shop.read()).replace(
      "enums:\n  RefundReason:\n    values: [duplicate, other]\n",
      "enums: { RefundReason: { values: [duplicate, other] } }\n",
    );
    await shop.write(before);
    const run = await shop.importing(shopDocument, ["checkouts:create"]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      "spec.yaml: error: the spec's `enums:` is not a block mapping with entries; write it as one (each entry on its own lines) to import into it; nothing was written",
    ]);
    expect(await shop.read()).toBe(before);
  });
});

describe("what our language cannot say", () => {
  it("is marked deliberate with the importer's note, at the field, so drift and a second import agree", async () => {
    const shop = await workspace(shopSpec);
    const document = await plantedShopDocument(shop.dir, (d) => {
      d.components.schemas.Checkout.properties.priority = { type: "integer", enum: [1, 2, 3] };
    });
    const run = await shop.importing(document, ["checkouts:create"]);
    expect(run.code, run.err.join("\n")).toBe(0);
    const once = await shop.read();
    const note = "an enum of number values; our enums are strings; chose integer";
    expect(parse(once).types.Checkout.fields["priority?"]).toEqual({
      type: "integer",
      deliberate: { enum: `import: ${note}` },
    });
    expect(once).toContain(`      # import: priority: ${note}\n      priority?:\n`);
    const drift = await shop.drift(document);
    expect(drift.code, drift.out.join("\n")).toBe(0);
    expect(drift.out.join("\n")).toMatch(
      /properties\/priority {2}enum: theirs lists the values 1, 2, 3; ours takes any integer \(deliberate: import: an enum/,
    );
    const again = await shop.importing(document, ["checkouts:create"]);
    expect(again.code, again.err.join("\n")).toBe(0);
    expect(await shop.read()).toBe(once);
  });
});

describe("a new type named like one our generator makes from ours", () => {
  it("is renamed visibly (BillingAddressInput beside our BillingAddress), as an import written whole renames it", async () => {
    const shop = await workspace(shopSpec);
    const document = await plantedShopDocument(shop.dir, (d) => {
      d.components.schemas.BillingAddressInput = {
        type: "object",
        required: ["street"],
        properties: { street: { type: "string" } },
      };
      d.components.schemas.CheckoutCreate.properties.shipping_address = {
        $ref: "#/components/schemas/BillingAddressInput",
      };
    });
    const run = await shop.importing(document, ["checkouts:create"]);
    expect(run.code, run.err.join("\n")).toBe(0);
    const after = await shop.read();
    expect(after).toContain(
      "  # import: named BillingAddressInputType: BillingAddressInput is a name our generator makes from another (or reserves)\n  BillingAddressInputType:\n",
    );
    expect(parse(after).operations.createCheckout.input.body["shipping_address?"]).toBe(
      "BillingAddressInputType",
    );
    expect(() => lowerText(after, "spec.yaml")).not.toThrow();
  });
});

describe("a status without a body that no code has", () => {
  it("is left out with a note at the operation's errors, marked deliberate with it, never given a made-up code", async () => {
    const shop = await workspace(shopSpec);
    const documentPath = await plantedShopDocument(shop.dir, (d) => {
      d.paths["/v1/refunds/"].post.responses["415"] = { description: "Unsupported media type." };
    });
    const run = await shop.importing(documentPath, ["refunds:create"]);
    expect(run.code, run.err.join("\n")).toBe(0);
    const after = await shop.read();
    expect(after).not.toMatch(/Status415/);
    const reason =
      "import: status 415 without a body; our errors are codes of the error-shaped body; no code has this status; left it out (add a code with this status to errors, and to the operation)";
    expect(parse(after).operations.createRefund.deliberate).toEqual({ status: reason });
    expect((await shop.drift(documentPath)).code).toBe(0);
  });
});

describe("names", () => {
  it("puts the verb first, then the resource, then what the action names beyond its verb", () => {
    expect(operationNames("customers:list_payment_methods", undefined).id).toBe("listCustomerPaymentMethods");
    expect(operationNames("customers:list", undefined).id).toBe("listCustomers");
    expect(operationNames("checkouts:client_get", undefined).id).toBe("getClientCheckout");
    expect(operationNames("orders:generate_invoice", undefined).id).toBe("generateOrderInvoice");
    expect(operationNames("webhooks:list_webhook_endpoints", undefined).id).toBe("listWebhookEndpoints");
    expect(operationNames("customer_portal:license_keys:validate", undefined)).toEqual({
      id: "validateCustomerPortalLicenseKey",
      group: "customerPortal.licenseKeys.validate",
    });
  });
});

/** A spec made by importing getWidget from the constructs document, then edited by hand with `edit`. */
async function specWith(edit: (text: string) => string) {
  const dir = await makeTempDir("codegen-merge-");
  const spec = join(dir, "spec.yaml");
  const first = await runCli(
    ["import", "--openapi", constructs, "--operation", "widgets:get", "--spec", spec],
    dir,
  );
  expect(first.code, first.err.join("\n")).toBe(0);
  await writeFile(spec, edit(await readFile(spec, "utf8")));
  const before = await readFile(spec, "utf8");
  const merge = (...operations: string[]) =>
    runCli(
      ["import", "--openapi", constructs, ...operations.flatMap((id) => ["--operation", id]), "--spec", spec],
      dir,
    );
  return { spec, before, merge, read: () => readFile(spec, "utf8") };
}

describe("import into a spec the import wrote", () => {
  it("adds what the spec lacks, keeping its own text, comments and order", async () => {
    const { before, merge, read } = await specWith((text) =>
      text.replace("  Widget:\n", "  # Our comment, kept.\n  Widget:\n"),
    );
    const run = await merge("widgets:delete", "widgets:list");
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.out.at(-1)).toMatch(/^merged into spec\.yaml: added .*2 operations/);
    const after = await read();
    expect(onlyInserted(before, after), "every line of the spec kept, in order").toBe(true);
    expect(after).toContain("  # Our comment, kept.\n  Widget:\n");
    const spec = parse(after);
    expect(Object.keys(spec.operations)).toEqual(["getWidget", "deleteWidget", "listWidgets"]);
    expect(spec.types).toHaveProperty("Pagination");
    expect(() => lowerText(after, "spec.yaml")).not.toThrow();
  });

  it("reports a type the spec states otherwise at its line, and writes nothing (exit 1)", async () => {
    const { before, merge, read } = await specWith((text) =>
      text.replace("      created_at: datetime\n", "      created_at: integer\n"),
    );
    const line = before.split("\n").indexOf("      created_at: integer") + 1;
    const run = await merge("widgets:create");
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(
      new RegExp(
        `^spec\\.yaml:${line}:1 error: type: field 'created_at' of Widget: type: the spec integer, the document string \\(.*constructs\\.openapi\\.yaml#/components/schemas/Widget/properties/created_at\\)$`,
      ),
    );
    expect(run.err.at(-1)).toMatch(/1 disagreement .*nothing was written/);
    expect(await read()).toBe(before);
  });

  it("reports a field the document has and the spec lacks, a status, a scope", async () => {
    const { merge, read, before } = await specWith((text) =>
      text
        .replace("      created_at: datetime\n", "")
        .replace("    scopes: [widgets:read]\n", "    scopes: [widgets:admin]\n")
        .replace("    errors: [ResourceNotFound]\n", ""),
    );
    const run = await merge("widgets:get");
    expect(run.code).toBe(1);
    const report = run.err.join("\n");
    expect(report).toMatch(/error: field: type Widget: field 'created_at': the document only/);
    expect(report).toMatch(/error: status: responses of getWidget: status 404: the document only/);
    expect(report).toMatch(
      /error: security: auth of getWidget: scopes of 'pat': the spec widgets:admin, the document widgets:read/,
    );
    expect(await read()).toBe(before);
  });

  it("lets a difference the spec marks deliberate stand", async () => {
    const { merge } = await specWith((text) =>
      text.replace(
        "      created_at: datetime\n",
        "      created_at:\n        type: integer\n        deliberate:\n          type: Kept as a number on purpose.\n",
      ),
    );
    const run = await merge("widgets:create");
    expect(run.code, run.err.join("\n")).toBe(0);
  });

  it("renames an operation whose id the spec already uses elsewhere, visibly", async () => {
    const { merge, read } = await specWith((text) =>
      text.replace("    path: /v1/widgets/{id}\n", "    path: /v1/gizmos/{id}\n"),
    );
    const run = await merge("widgets:get");
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.out.join("\n")).toMatch(
      /#\/paths\/~1v1~1widgets~1\{id\}\/get {2}note: named getWidget2: the spec's getWidget is GET \/v1\/gizmos\/\{id\}/,
    );
    const after = await read();
    expect(after).toMatch(/# import: named getWidget2: .*\n {2}getWidget2:\n {4}group: widgets\.get2\n/);
    expect(() => lowerText(after, "spec.yaml")).not.toThrow();
  });
});
