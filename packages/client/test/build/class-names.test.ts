import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { build, type Options } from "tsup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import config from "../../tsup.config.js";

/*
 * Users meet the built package, not src: an uncaught error and `util.inspect`
 * print `constructor.name`, which a bundler may rename (`_ResourceNotFoundError`).
 * This builds the package with its own tsup config (types aside, for speed) and
 * checks the names in both formats.
 */

const packageDir = join(import.meta.dirname, "..", "..");
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

let outDir: string;

beforeAll(async () => {
  // Inside the package, so the build's imports (`@commerce-api/schemas`, zod) resolve as they do from dist/.
  await mkdir(join(packageDir, ".tmp"), { recursive: true });
  outDir = await mkdtemp(join(packageDir, ".tmp", "build-"));
  // The config's entries and tsconfig are the package folder's; the test may run from the workspace's root.
  const options = config as Options & { entry: Record<string, string> };
  const entry = Object.fromEntries(
    Object.entries(options.entry).map(([name, file]) => [name, join(packageDir, file)]),
  );
  const tsconfig = join(packageDir, "tsconfig.json");
  await build({
    ...options,
    entry,
    tsconfig,
    dts: false,
    sourcemap: false,
    outDir,
    silent: true,
    config: false,
  });
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

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
    const path = join(outDir, file);
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
