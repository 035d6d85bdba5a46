#!/usr/bin/env node
// @commerce-api/client/webhooks, measured beside the rest of the client. Run after a build:
//   pnpm --filter @commerce-api/client build && node bench/webhooks.mjs
//
// 1. Pages, bundled as bench/bundle-size.mjs bundles them (esbuild: bundle, minify, ESM, browser
//    platform, tree shaking; from the built dist/), min and gzip: the verify-only page, the
//    handler page, the handler with the Node adapter, and the client's one-call pages, which
//    must not grow.
// 2. Verifying a delivery of a 2 KB order.paid: ours against the standardwebhooks library's
//    verifier (keyed once, as ours keeps its key), in alternating rounds; each side's median
//    round, and the median of the rounds' ratios.
// 3. Type-checking a consumer (tsc 5.9, skipLibCheck off, in a temporary project that links
//    the built packages): one that imports the client's main entry, one that imports only
//    /webhooks. Which declaration files each loads, their bytes, and tsc's check time.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { Webhook } from "standardwebhooks";
import { verifyWebhook } from "../dist/webhooks.js";

const packageDir = new URL("..", import.meta.url).pathname;

// ---- 1. pages ---------------------------------------------------------------------------
const pages = {
  "verifyWebhook only (/webhooks)": `
    import { verifyWebhook } from "./dist/webhooks.js";
    export const receive = (request, secret) => request.text().then((body) => verifyWebhook(body, request.headers, secret));`,
  "createWebhookHandler (/webhooks)": `
    import { createWebhookHandler } from "./dist/webhooks.js";
    export const POST = createWebhookHandler({ secret: "s", on: { "order.paid": (event) => console.log(event.data.id) } });`,
  "createWebhookHandler + toNodeHandler (/webhooks)": `
    import { createWebhookHandler, toNodeHandler } from "./dist/webhooks.js";
    export const route = toNodeHandler(createWebhookHandler({ secret: "s", on: { "order.paid": (event) => console.log(event.data.id) } }));`,
  "validateLicenseKey via /core": `
    import { createClient, validateLicenseKey } from "./dist/core.js";
    const client = createClient({ environment: "sandbox", token: () => localStorage.getItem("token") });
    export const validate = (key, organization_id) => validateLicenseKey(client, { key, organization_id });`,
  "listEvents via /core": `
    import { createClient, listEvents } from "./dist/core.js";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const list = () => listEvents(client, { limit: 100 });`,
  "validateLicenseKey + grouped facade (main entry)": `
    import { createClient } from "./dist/index.js";
    const client = createClient({ environment: "sandbox", token: "t" });
    export const validate = (key, organization_id) => client.licenseKeys.validate({ key, organization_id });`,
};

console.log("| page | min | gzip |\n|---|---|---|");
for (const [name, contents] of Object.entries(pages)) {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const code = result.outputFiles[0].contents;
  console.log(`| ${name} | ${code.length} B | **${gzipSync(code).length} B** |`);
}

// ---- 2. verifying a 2 KB delivery ------------------------------------------------------
const secret = "polar_whs_6GFfpvS1qG3bN0dkx2MP9sDyI3uLbZ3QxYwVjzZk8aE";
const reference = new Webhook(Buffer.from(secret, "utf8").toString("base64"));
// The tests' order.paid, sent compact as the service sends it.
const body = JSON.stringify(
  JSON.parse(readFileSync(new URL("../test/webhooks/order-paid.json", import.meta.url), "utf8")),
);
const id = "msg_2uXlRS5cFdbkPZ0QjWqPxsOeGhA";
const now = new Date();
const headers = {
  "webhook-id": id,
  "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
  "webhook-signature": reference.sign(id, now, body),
};
const sides = {
  ours: () => verifyWebhook(body, headers, secret),
  standardwebhooks: async () => reference.verify(body, headers),
};
const calls = Number(process.env.CALLS ?? 2000);
const rounds = 15;
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
async function microsecondsPerCall(call) {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - started) / calls) * 1000;
}
for (const call of Object.values(sides)) await microsecondsPerCall(call); // warm up
const times = { ours: [], standardwebhooks: [] };
const ratios = [];
for (let round = 0; round < rounds; round++) {
  const theirs = await microsecondsPerCall(sides.standardwebhooks);
  const ours = await microsecondsPerCall(sides.ours);
  times.standardwebhooks.push(theirs);
  times.ours.push(ours);
  ratios.push(ours / theirs);
}
console.log(
  `\nverifying a ${Buffer.byteLength(body)}-byte order.paid (${rounds} rounds of ${calls} calls, median round): ` +
    `ours ${median(times.ours).toFixed(1)} µs, standardwebhooks ${median(times.standardwebhooks).toFixed(1)} µs, ` +
    `ours/theirs ${median(ratios).toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
);

// ---- 3. what a consumer's type check loads ---------------------------------------------
const project = mkdtempSync(join(tmpdir(), "webhooks-consumer-"));
try {
  const link = (name, target) => {
    mkdirSync(dirname(join(project, "node_modules", name)), { recursive: true });
    symlinkSync(target, join(project, "node_modules", name), "dir");
  };
  link("@commerce-api/client", packageDir);
  link("@commerce-api/schemas", join(packageDir, "..", "schemas"));
  link("zod", join(packageDir, "node_modules", "zod"));
  const consumers = {
    "imports the client (main entry), never /webhooks": `import { createClient, listEvents } from "@commerce-api/client";
      const client = createClient({ token: "t" });
      export const page = listEvents(client, { limit: 10 });`,
    "imports only /webhooks": `import { createWebhookHandler } from "@commerce-api/client/webhooks";
      export const POST = createWebhookHandler({ secret: "s", on: { "order.paid": (event) => event.data.total_amount } });`,
  };
  const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
  const compilerOptions = {
    noEmit: true,
    strict: true,
    target: "es2022",
    lib: ["es2022", "dom"],
    module: "esnext",
    moduleResolution: "bundler",
    types: [],
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
  console.log(
    "\n| consumer | declaration files of ours loaded | their bytes | webhook declarations among them | tsc check time |\n|---|---|---|---|---|",
  );
  for (const [name, source] of Object.entries(consumers)) {
    writeFileSync(join(project, "consumer.ts"), source);
    const args = ["-p", "tsconfig.json", "--extendedDiagnostics", "--listFiles"];
    const output = execFileSync(process.execPath, [tsc, ...args], { cwd: project, encoding: "utf8" });
    const ours = output
      .split("\n")
      .filter((line) => line.includes("@commerce-api") || line.includes("/packages/"))
      .filter((line) => line.endsWith(".d.ts"));
    const bytes = ours.reduce((sum, file) => sum + statSync(file).size, 0);
    const webhooks = ours.filter((file) => readFileSync(file, "utf8").includes("WebhookEvent")).length;
    const checkTime = /Check time:\s+([\d.]+s)/.exec(output)?.[1];
    const files = ours.map((file) => file.split("/dist/")[1]).join(", ");
    console.log(`| ${name} | ${ours.length} (${files}) | ${bytes} B | ${webhooks} | ${checkTime} |`);
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}
