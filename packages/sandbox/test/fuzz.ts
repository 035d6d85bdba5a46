/**
 * Generated and mutated requests for the fuzz tests: valid requests of every
 * operation (helpers.ts), then broken the ways strangers break them: bad JSON,
 * wrong types, huge numbers, odd unicode, long paths, repeated query keys,
 * foreign and malformed tokens. Driven by a seeded generator, so a failure
 * replays with its seed.
 */
import type { Fixtures } from "../src/index.js";
import { createRandom, type Random } from "../src/state/random.js";
import { sampleRequests } from "./helpers.js";

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const QUERY_KEYS = [
  "limit",
  "page",
  "sorting",
  "organization_id",
  "customer_id",
  "external_customer_id",
  "metadata[plan]",
  "metadata[]",
  "query",
  "filter",
  "depth",
  "parent_id",
  "start_timestamp",
  "end_timestamp",
  "id",
  "product_id",
  "is_archived",
  "is_recurring",
  "active",
  "cursor_pagination",
  "meter_id",
  "source",
  "name",
];
const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "\udfff",
  "🦄".repeat(50),
  "\u202e\u0627\u0644",
  "ℌ𝔢𝔩𝔩𝔬",
  "'; DROP TABLE events; --",
  "%00",
  "%zz",
  "..",
  "../../etc/passwd",
  "null",
  "true",
  "[]",
  "{}",
  "x".repeat(5000),
];
/** Fields the license key bodies may carry, besides those of the valid sample. */
const BODY_FIELDS = [
  "activation_id",
  "benefit_id",
  "customer_id",
  "increment_usage",
  "conditions",
  "meta",
  "label",
];
const HUGE_NUMBERS = [
  "1e400",
  "-1e400",
  "99999999999999999999999",
  "-0",
  "NaN",
  "Infinity",
  "0x10",
  "1.5",
  "-1",
];

export function generateRequest(random: Random, fixtures: Fixtures): FuzzRequest {
  const samples = sampleRequests(fixtures);
  const sample = random.pick(samples);
  const request: FuzzRequest = {
    method: sample.method,
    path: sample.path,
    headers: {
      authorization: `Bearer ${random.chance(0.7) ? rightToken(sample.definition) : random.pick(fixtures.tokens).token}`,
    },
    ...(sample.body !== undefined ? { body: JSON.stringify(sample.body) } : {}),
  };
  if (request.body !== undefined) request.headers["content-type"] = "application/json";
  const mutations = random.int(0, 3);
  for (let i = 0; i < mutations; i++) random.pick(MUTATIONS)(request, random, fixtures);
  // Bodies get their fields changed more often: that is where handlers read the most.
  if (request.body !== undefined && random.chance(0.5)) changeField(request, random);
  return request;
}

/** A token the operation lets in, so that most mutations reach the body and the handler. */
function rightToken(definition: { auth: readonly string[] }): string {
  return definition.auth.includes("customerSession") ? "polar_cst_acme_alice" : "polar_oat_acme_all";
}

type Mutation = (request: FuzzRequest, random: Random, fixtures: Fixtures) => void;

const MUTATIONS: Mutation[] = [
  (request, random) => {
    request.method = random.pick(METHODS);
    if (request.method === "GET" || request.method === "HEAD") delete request.body;
  },
  (request, random) => {
    const choice = random.int(0, 4);
    if (choice === 0) delete request.headers.authorization;
    else if (choice === 1) request.headers.authorization = `Bearer ${oddString(random)}`;
    else if (choice === 2)
      request.headers.authorization = random.pick(["Basic abc", "Bearer", "bearer  x", ""]);
    else if (choice === 3) request.headers.authorization = `Bearer polar_oat_${random.string(200)}`;
    else request.headers.authorization = `Bearer ${"a".repeat(random.int(1, 20_000))}`;
  },
  (request, random) => {
    const segments = request.path.split("/");
    const index = random.int(1, segments.length - 1);
    segments[index] = encodeSegment(oddString(random));
    request.path = segments.join("/");
  },
  (request, random) => {
    const choice = random.int(0, 3);
    if (choice === 0) request.path += "/".repeat(random.int(1, 3)) + random.string(random.int(1, 40));
    else if (choice === 1) request.path = `/${"a/".repeat(random.int(100, 2000))}`;
    else if (choice === 2) request.path = request.path.toUpperCase();
    else request.path = request.path.replace(/\/$/, "") + random.pick(["//", "/.", "/..", "%2F", "?", "#x"]);
  },
  (request, random) => {
    const params = new URLSearchParams();
    const keys = random.int(1, 6);
    for (let i = 0; i < keys; i++) {
      const key = random.pick(QUERY_KEYS);
      const repeats = random.int(1, 4);
      for (let r = 0; r < repeats; r++) params.append(key, queryValue(random));
    }
    request.path += (request.path.includes("?") ? "&" : "?") + params.toString();
  },
  (request, random) => changeField(request, random),
  (request, random) => {
    request.body = brokenJson(random, request.body ?? "{}");
    request.headers["content-type"] = random.pick([
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "",
    ]);
    if (request.method === "GET" || request.method === "HEAD") request.method = "POST";
  },
  (request, random) => {
    // The sandbox's own endpoints, with good and bad bodies.
    request.method = random.pick(["GET", "POST"]);
    request.path = random.pick([
      "/__sandbox",
      "/__sandbox/fixtures",
      "/__sandbox/fail",
      "/__sandbox/reset",
      "/__sandbox/receipts/x.pdf?expires=1&signature=a",
    ]);
    if (request.method === "POST") {
      request.body = JSON.stringify({
        count: random.pick<unknown>([1, 2, -1, 1e9, "2", null, 0.5]),
        status: random.pick<unknown>([429, 500, 503, 200, "503", null]),
        ...(random.chance(0.5) ? { retry_after: random.pick<unknown>([0, 1, -5, "x"]) } : {}),
      });
    } else delete request.body;
  },
];

/** Percent-encoded; a lone surrogate (no UTF-8 for it) becomes the invalid bytes %ED%A0%80. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%80`;
  }
}

function changeField(request: FuzzRequest, random: Random): void {
  const value = jsonObject(request.body);
  if (value === undefined) return;
  const keys = Object.keys(value);
  const choice = random.int(0, 4);
  const key =
    choice === 0 || keys.length === 0
      ? oddString(random)
      : choice < 3
        ? random.pick(keys)
        : random.pick(BODY_FIELDS);
  if (random.chance(0.2)) delete value[key];
  else value[key] = key.endsWith("_id") && random.chance(0.6) ? random.uuid() : jsonValue(random, 0);
  request.body = JSON.stringify(value);
}

/** The body as an object to mutate; not one nested so deep that it could not be written again. */
function jsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || /[[{]{50}/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text ?? "");
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function oddString(random: Random): string {
  return random.chance(0.5) ? random.pick(ODD_STRINGS) : randomUnicode(random, random.int(1, 30));
}

function randomUnicode(random: Random, length: number): string {
  let text = "";
  for (let i = 0; i < length; i++)
    text += String.fromCodePoint(
      random.pick([random.int(0, 0x7f), random.int(0x80, 0xffff), random.int(0x10000, 0x10ffff)]),
    );
  return text;
}

function queryValue(random: Random): string {
  const choice = random.int(0, 3);
  if (choice === 0) return random.pick(HUGE_NUMBERS);
  if (choice === 1) return oddString(random);
  if (choice === 2) return String(random.int(-5, 200));
  return random.pick([
    '{"property":"name","operator":"eq","value":1}',
    '{"conjunction":"and","clauses":[',
    "[]",
    "name",
    "-created_at",
    "true",
    "false",
  ]);
}

function jsonValue(random: Random, depth: number): unknown {
  const choice = random.int(0, depth > 3 ? 4 : 6);
  if (choice === 0) return null;
  if (choice === 1) return random.chance(0.5);
  if (choice === 2)
    return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e-320]);
  if (choice === 3) return oddString(random);
  if (choice === 4) return random.pick(["00000000-0000-4000-8000-000000000000", "ABCDEF", "a"]);
  if (choice === 5) return Array.from({ length: random.int(0, 4) }, () => jsonValue(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: random.int(0, 4) }, () => [oddString(random), jsonValue(random, depth + 1)]),
  );
}

function brokenJson(random: Random, text: string): string {
  const choice = random.int(0, 6);
  if (choice === 0) return text.slice(0, random.int(0, text.length));
  if (choice === 1) {
    const at = random.int(0, text.length);
    return (
      text.slice(0, at) +
      random.pick(["{", "}", "[", "]", '"', ",", ":", "\\", "\u0000", "\ud800"]) +
      text.slice(at)
    );
  }
  if (choice === 2) {
    const depth = random.int(60, 20_000);
    if (random.chance(0.5)) return random.pick(["[", '{"a":']).repeat(depth);
    return `{"key":${"[".repeat(depth)}${"]".repeat(depth)}}`;
  }
  if (choice === 3) return `{"key": 1e400, "organization_id": ${"9".repeat(random.int(20, 400))}}`;
  if (choice === 4) return `{"key": "\\ud800\\udc00\\ud800", "organization_id": "\\u0000"}`;
  if (choice === 5) return random.pick([" ", "\n", "null", "0", '""', "[]", "true"]);
  return `${text}${text}`;
}

/** The seed every run uses unless FUZZ_SEED names another, so a run is the same everywhere. */
const DEFAULT_SEED = 20_251_125;

export function fuzzSeed(): number {
  const fromEnvironment = process.env.FUZZ_SEED;
  const seed = fromEnvironment ? Number(fromEnvironment) : DEFAULT_SEED;
  console.log(`fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return seed;
}

export { createRandom };
