import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * Users meet the built package, not src: an uncaught error and `util.inspect`
 * print `constructor.name`, which a bundler may rename (`_ResourceNotFoundError`).
 * This checks the names in the package's own build (dist/, what `pnpm pack` ships),
 * in both formats.
 */

const distDir = join(import.meta.dirname, "..", "..", "dist");
const ERROR_NAMES = [
  "InvalidInputError",
  "ApiError",
  "AuthenticationError",
  "PermissionDeniedError",
  "RateLimitError",
  "ResourceNotFoundError",
  "OrderNotEligibleForInvoiceError",
  "MissingInvoiceBillingDetailsError",
  "HTTPValidationError",
  "ResponseValidationError",
  "NetworkError",
  "TimeoutError",
];

type ErrorModule = Record<string, new (init: Record<string, unknown>) => Error>;

function sampleError(module: ErrorModule, name: string): Error {
  const init = {
    status: 404,
    body: {},
    method: "GET",
    url: "https://api.test/v1/things",
    issues: [],
    operationId: "getThing",
    reason: "test",
    timeoutMs: 1,
    cause: undefined,
  };
  const cls = module[name];
  if (!cls) throw new Error(`the build exports no ${name}`);
  return new cls(init);
}

describe.each(["index.js", "index.cjs", "core.js", "core.cjs"])("the built %s", (file) => {
  let module: ErrorModule;
  beforeAll(async () => {
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: build the package first (pnpm build)`);
    module = file.endsWith(".cjs")
      ? createRequire(import.meta.url)(path)
      : await import(pathToFileURL(path).href);
  });

  it.each(ERROR_NAMES)("%s keeps its class name, so util.inspect and uncaught errors print it", (name) => {
    const error = sampleError(module, name);
    expect(error.constructor.name).toBe(name);
    expect(error.name).toBe(name);
    expect(inspect(error).split("\n")[0]).toMatch(new RegExp(`^${name}: `));
  });
});
