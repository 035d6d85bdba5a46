/**
 * The generated client against a Prism mock of an OpenAPI document: every operation called
 * once, with an input made from its schema (its examples first), and each answer sorted:
 * parsed by the client, refused by it (ResponseValidationError), an error status from Prism,
 * or no answer. With `--errors`, Prism validates each request against the document and answers
 * a violation with an error (422, 415, 401...): the count of requests it accepted is then the
 * figure. For the maintainer's run on the service's document (codegen/README.md, "Import");
 * not a test.
 *
 *   node bench/mock-check.js --openapi <document> --generated <dir of generate --out> [--errors]
 *
 * Prism is @stoplight/prism-cli@5.16.0, fetched by npx (a test-only tool, never a dependency).
 */
import { spawn } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: { openapi: { type: "string" }, generated: { type: "string" }, errors: { type: "boolean" } },
});
if (!values.openapi || !values.generated) {
  console.error("usage: node bench/mock-check.js --openapi <document> --generated <dir of generate --out>");
  process.exit(2);
}
const generated = resolve(values.generated);

/** Our export of the imported spec: the operations as the client has them. */
const ours = JSON.parse(await readFile(join(generated, "schemas", "openapi.json"), "utf8"));
const client = await bundleClient();
const port = await freePort();
const prism = await startPrism(resolve(values.openapi), port, values.errors === true);
try {
  const counts = { parsed: 0, refused: 0, errorStatus: 0, noAnswer: 0, badInput: 0 };
  const refusals = [];
  /** Each request Prism found breaking the document, by operation, with what it said. */
  const violations = new Map();
  const api = client.createClient({
    baseUrl: `http://127.0.0.1:${port}`,
    token: "polar_oat_mock",
    retry: false,
    onResponse: (response, _request, context) => {
      const found = requestViolations(response.headers.get("sl-violations"));
      if (found.length > 0) violations.set(context.operationId, found);
    },
  });
  const operations = Object.entries(ours.paths).flatMap(([, item]) => Object.values(item));
  for (const operation of operations) {
    const input = inputOf(operation);
    try {
      await client[operation.operationId](api, input);
      counts.parsed += 1;
    } catch (error) {
      const kind = error?.name;
      if (kind === "ResponseValidationError") {
        counts.refused += 1;
        refusals.push(`${operation.operationId}: ${String(error.message).split("\n").slice(0, 2).join(" ")}`);
      } else if (kind === "InvalidInputError") {
        counts.badInput += 1;
        refusals.push(`${operation.operationId} (input): ${String(error.message).split("\n")[0]}`);
      } else if (error instanceof client.ApiError) {
        counts.errorStatus += 1;
        refusals.push(
          `${operation.operationId} (status ${error.status}): ${String(error.message).slice(0, 160)}`,
        );
      } else {
        counts.noAnswer += 1;
        refusals.push(`${operation.operationId} (no answer): ${String(error).slice(0, 160)}`);
      }
    }
  }
  for (const line of refusals) console.log(`  ${line}`);
  for (const [operationId, found] of violations)
    console.log(`  ${operationId} (request): ${found.join("; ")}`);
  console.log(
    `${operations.length} operations: ${counts.parsed} answers parsed, ${counts.refused} refused by the client, ${counts.errorStatus} error statuses from Prism, ${counts.badInput} inputs the client refused, ${counts.noAnswer} without an answer`,
  );
  if (values.errors) {
    const sent = operations.length - counts.badInput;
    console.log(`requests Prism accepted: ${sent - violations.size} of ${operations.length} attempted`);
  }
} finally {
  // npx runs Prism as its child: the whole group is stopped, or Prism outlives the check.
  process.kill(-prism.pid);
}

/** The generated client's sources bundled into one module beside codegen's own packages (zod). */
async function bundleClient() {
  const { build } = await import("esbuild");
  const dir = join(codegenRoot, "node_modules", ".cache", "mock-check");
  await mkdir(dir, { recursive: true });
  const outfile = join(dir, `client-${process.pid}.mjs`);
  await build({
    entryPoints: [join(generated, "client", "src", "index.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
    nodePaths: [join(codegenRoot, "node_modules"), join(codegenRoot, "..", "node_modules")],
  });
  return import(pathToFileURL(outfile).href);
}

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** What Prism's `sl-violations` header says of the request (not of its own made-up answer). */
function requestViolations(header) {
  if (!header) return [];
  return JSON.parse(header)
    .filter((violation) => violation.location?.[0] === "request")
    .map((violation) => violation.message);
}

function startPrism(document, port, errors) {
  const child = spawn(
    "npx",
    [
      "-y",
      "@stoplight/prism-cli@5.16.0",
      "mock",
      ...(errors ? ["--errors"] : []),
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      document,
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  return new Promise((ready, fail) => {
    let seen = "";
    const listen = (chunk) => {
      seen += chunk;
      if (seen.includes("Prism is listening")) ready(child);
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    child.on("exit", (code) => fail(new Error(`prism exited (${code}): ${seen.slice(-2000)}`)));
  });
}

/** An input the operation accepts: its path parameters, and its required query and body fields. */
function inputOf(operation) {
  const input = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "path" || parameter.required) {
      const schema = parameter.schema ?? parameter.content?.["application/json"]?.schema ?? {};
      input[parameter.name] = sample(schema, 0);
    }
  }
  const content = operation.requestBody?.content ?? {};
  const body = Object.values(content)[0]?.schema;
  // A body field that repeats a path parameter is that parameter.
  return body ? { ...sample(body, 0), ...input } : input;
}

function deref(schema) {
  let current = schema;
  while (current?.$ref) current = ours.components.schemas[current.$ref.split("/").at(-1)];
  return current ?? {};
}

/** A value of the schema: its first choice everywhere, its required fields only. */
function sample(raw, depth) {
  const schema = deref(raw);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples[0] !== null) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = schema.type === "string" ? undefined : (schema.oneOf ?? schema.anyOf);
  if (choices) return sample(choices.find((choice) => deref(choice).type !== "null") ?? choices[0], depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, depth)));
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "number":
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array":
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, depth + 1));
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, depth + 1));
  }
  if (schema.properties) {
    const object = {};
    for (const name of schema.required ?? []) object[name] = sample(schema.properties[name] ?? {}, depth + 1);
    return object;
  }
  return schema.type === "object" ? {} : "x";
}

function stringOf(schema) {
  if (schema.anyOf?.some((choice) => choice.format === "ipv4")) return "192.0.2.1";
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    const fitting = ["x", "1", "usd", "image/png", "abc-1"].find((text) => pattern.test(text));
    if (fitting) return fitting;
  }
  switch (schema.format) {
    case "date":
      return "2026-04-01";
    case "uuid":
      return "1dbfc517-0bbf-4301-9ba8-555ca42b9737";
    case "date-time":
      return "2026-04-01T12:00:00Z";
    case "email":
      return "user@example.com";
    case "uri":
      return "https://example.com/";
  }
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}
