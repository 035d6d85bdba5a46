/**
 * The error codes a spec lists, as the generated client throws them: a code with a `class`
 * gets that ApiError subclass, thrown whenever a body names the code (whatever its status);
 * a code without one is thrown as the class of its status. The error-classes feature spec is
 * generated into codegen/.tmp with its runtime (scaffolded) and the client's error factory is
 * called with the service's answers.
 */
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { render, writeFiles } from "../src/generate.ts";
import { loadSpec } from "../src/loader/load.ts";
import { codegenRoot } from "./helpers.ts";

const out = join(codegenRoot, ".tmp", "generated-errors");
afterAll(() => rm(out, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: generated modules, imported at run time.
let generated: Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: the scaffolded runtime, imported at run time.
let runtime: Record<string, any>;
beforeAll(async () => {
  const api = await loadSpec(
    join(codegenRoot, "test", "features", "error-classes", "spec.yaml"),
    codegenRoot,
  );
  await mkdir(out, { recursive: true });
  await writeFiles(await render(api, { outDir: out, specPath: join(out, "spec.yaml") }), []);
  generated = await import(join(out, "client", "src", "generated", "errors.ts"));
  runtime = await import(join(out, "client", "src", "api-error.ts"));
});

/** The error the client makes of an answer with `status` and a body naming `code`. */
function errorFor(status: number, code: string) {
  const text = JSON.stringify({ error: code, detail: `${code} happened` });
  return runtime.createApiError({
    response: new Response(text, { status }),
    text,
    method: "POST",
    url: "https://api.example.com/v1/reports",
    secrets: [],
  });
}

describe("the generated error codes", () => {
  it("list each code's status, and its class when it has one", () => {
    expect(Object.keys(generated.errorCodes)).toEqual(["PaymentRequired", "Conflict"]);
    expect(generated.errorCodes.PaymentRequired).toEqual({
      status: 402,
      errorClass: generated.PaymentRequiredError,
    });
    expect(generated.errorCodes.Conflict).toEqual({ status: 409 });
  });

  it("throw a code's own class, named as the spec names it, whatever the status", () => {
    for (const status of [402, 400]) {
      const error = errorFor(status, "PaymentRequired");
      expect(error).toBeInstanceOf(generated.PaymentRequiredError);
      expect(error.name).toBe("PaymentRequiredError");
      expect(error.status).toBe(status);
      expect(error.code).toBe("PaymentRequired");
    }
  });

  it("throw a code without a class as the class of its status", () => {
    const error = errorFor(409, "Conflict");
    expect(error).not.toBeInstanceOf(generated.PaymentRequiredError);
    expect(error.name).toBe("ApiError");
    expect(error.code).toBe("Conflict");
  });
});
