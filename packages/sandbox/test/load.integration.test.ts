/**
 * A short load test over real HTTP: 50 clients at once, each a fixed number of
 * requests of its own (organization tokens of both organizations, customer and
 * member sessions). Every answer must equal the one the same request got alone
 * (no errors, no cross-talk), and every validation must be counted (nothing lost).
 */
import {
  type Client,
  createClient,
  getCustomerLicenseKey,
  getOrderReceipt,
  listCustomerSubscriptions,
  listEvents,
  listMyPaymentMethods,
  listProducts,
  listRefunds,
  validateLicenseKey,
} from "@commerce-api/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSandbox, type Fixtures, type FixtureToken } from "../src/index.js";
import { type RunningServer, startServer } from "../src/server.js";

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 12;

let server: RunningServer;
let fixtures: Fixtures;
let answered = 0;

beforeAll(async () => {
  server = await startServer({ port: 0, now: () => new Date("2026-04-15T12:00:00.000Z") });
  fixtures = server.sandbox.fixtures;
});

afterAll(async () => {
  await server.close();
});

function client(token: string): Client {
  return createClient({
    baseUrl: server.url,
    token,
    retry: false,
    // 600 requests at once on a machine that may be busy: the per-request limit ends a hang,
    // it does not judge speed (the client's default, 30 s, could be reached under load).
    timeoutMs: 300_000,
    onResponse: () => {
      answered++;
    },
  });
}

interface Task {
  /** Requests with the same label must get the same answer. */
  label: string;
  run(c: Client): Promise<unknown>;
}

/** The key each organization's clients validate; no customer client reads it. */
function validatedKey(organizationId: string) {
  const key = fixtures.ids.license_keys.find(
    (k) =>
      k.organization_id === organizationId &&
      k.status === "granted" &&
      !k.expired &&
      k.limit_usage !== null &&
      k.limit_usage - k.usage > 1000,
  );
  if (!key) throw new Error("no key to validate");
  return key;
}

function organizationTasks(slug: string): Task[] {
  const organization = fixtures.ids.organizations.find((o) => o.slug === slug)?.id as string;
  const key = validatedKey(organization);
  return [
    ...[1, 2, 3].map((page) => ({
      label: `${slug}:events:${page}`,
      run: (c: Client) => listEvents(c, { limit: 25, page }),
    })),
    { label: `${slug}:events:user`, run: (c) => listEvents(c, { source: "user", depth: 1, limit: 50 }) },
    { label: `${slug}:products`, run: (c) => listProducts(c, { limit: 100, sorting: ["name"] }) },
    { label: `${slug}:refunds`, run: (c) => listRefunds(c, { limit: 100 }) },
    { label: "validate", run: (c) => validateLicenseKey(c, { key: key.key, organization_id: organization }) },
  ];
}

function customerTasks(session: FixtureToken): Task[] {
  const validated = new Set(fixtures.ids.organizations.map((o) => validatedKey(o.id).id));
  const key = fixtures.ids.license_keys.find(
    (k) => k.customer_id === session.customer_id && !validated.has(k.id),
  );
  const order = fixtures.ids.orders.find(
    (o) => o.customer_id === session.customer_id && o.receipt === "ready",
  );
  const tasks: Task[] = [
    { label: `${session.token}:subscriptions`, run: (c) => listCustomerSubscriptions(c, { limit: 100 }) },
    { label: `${session.token}:payment-methods`, run: (c) => listMyPaymentMethods(c) },
  ];
  if (key)
    tasks.push({ label: `${session.token}:key`, run: (c) => getCustomerLicenseKey(c, { id: key.id }) });
  if (order) {
    tasks.push({
      label: `${session.token}:receipt`,
      // The URL's expiry depends on the time; its path must not.
      run: async (c) =>
        new URL(((await getOrderReceipt(c, { id: order.id })) as { url: string }).url).pathname,
    });
  }
  return tasks;
}

/** Client i's token and its requests, in order. */
function plan(i: number): { token: string; tasks: Task[] } {
  const sessions = fixtures.tokens.filter(
    (t) => t.kind === "customer_session" || t.kind === "member_session",
  );
  if (i % 2 === 0) {
    const slug = i % 4 === 0 ? "acme" : "globex";
    const tasks = organizationTasks(slug);
    return {
      token: `polar_oat_${slug}_all`,
      tasks: Array.from({ length: REQUESTS_PER_CLIENT }, (_, n) => tasks[(n + i) % tasks.length] as Task),
    };
  }
  const session = sessions[i % sessions.length] as FixtureToken;
  const tasks = customerTasks(session);
  return {
    token: session.token,
    tasks: Array.from({ length: REQUESTS_PER_CLIENT }, (_, n) => tasks[(n + i) % tasks.length] as Task),
  };
}

it(`${CLIENTS} concurrent clients, ${REQUESTS_PER_CLIENT} requests each: no errors, no cross-talk, nothing lost`, async () => {
  const plans = Array.from({ length: CLIENTS }, (_, i) => plan(i));

  // What each read answers when it is alone.
  const expected = new Map<string, unknown>();
  for (const { token, tasks } of plans) {
    for (const task of tasks) {
      if (task.label !== "validate" && !expected.has(task.label))
        expected.set(task.label, await task.run(client(token)));
    }
  }
  server.sandbox.reset();
  answered = 0;

  const validations = new Map<string, number>();
  const results = await Promise.allSettled(
    plans.map(async ({ token, tasks }) => {
      const c = client(token);
      for (const task of tasks) {
        const result = await task.run(c);
        if (task.label === "validate") {
          const id = (result as { id: string }).id;
          validations.set(id, (validations.get(id) ?? 0) + 1);
        } else {
          expect(result, task.label).toEqual(expected.get(task.label));
        }
      }
    }),
  );

  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(failures.map((f) => String(f.reason))).toEqual([]);
  expect(answered).toBe(CLIENTS * REQUESTS_PER_CLIENT);

  // Nothing lost: every validation was counted on its key.
  expect(validations.size).toBe(2);
  for (const [id, count] of validations) {
    const key = fixtures.ids.license_keys.find((k) => k.id === id);
    const owner = fixtures.tokens.find(
      (t) => t.kind === "customer_session" && t.customer_id === key?.customer_id,
    ) as FixtureToken;
    const seed = createSandbox({ now: () => new Date("2026-04-15T12:00:00.000Z") });
    const inProcess = createClient({ baseUrl: "http://seed.local", token: owner.token, fetch: seed.fetch });
    const seeded = (await getCustomerLicenseKey(inProcess, { id })).validations;
    const now = await getCustomerLicenseKey(client(owner.token), { id });
    expect(now.validations).toBe(seeded + count);
  }
});
