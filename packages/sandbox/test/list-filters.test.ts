/**
 * List filters each list shares, counted on the seed: `organization_id` keeps the
 * caller's own records (another organization's id gives none), and repeated or
 * enum filters keep exactly the records with one of the values given.
 */
import { describe, expect, it } from "vitest";
import { frozenSandbox, get, query, tokens } from "./helpers.js";

const { sandbox, fixtures } = frozenSandbox();
const t = tokens(fixtures);

type Params = Record<string, string | number | boolean | (string | number)[]>;

async function total(path: string, params: Params = {}): Promise<number> {
  const answer = await get(sandbox, `${path}${query({ ...params, limit: 1 })}`, t.acmeAll);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.pagination.total_count;
}

describe("organization_id", () => {
  it.each(["/v1/products/", "/v1/refunds/", "/v1/events/"])(
    "%s: the caller's own id keeps everything, another organization's keeps nothing",
    async (path) => {
      const all = await total(path);
      expect(all).toBeGreaterThan(0);
      expect(await total(path, { organization_id: t.acme.id })).toBe(all);
      expect(await total(path, { organization_id: t.globex.id })).toBe(0);
      expect(await total(path, { organization_id: [t.globex.id, t.acme.id] })).toBe(all);
    },
  );
});

describe("events", () => {
  const events = sandbox.state.events.filter((e) => e.organization_id === t.acme.id);

  it("name and source keep exactly the events with one of the values", async () => {
    const [first, second] = [...new Set(events.map((e) => e.name))];
    const count = (names: (string | undefined)[]) => events.filter((e) => names.includes(e.name)).length;
    expect(await total("/v1/events/", { name: first as string })).toBe(count([first]));
    expect(await total("/v1/events/", { name: [first as string, second as string] })).toBe(
      count([first, second]),
    );
    const user = await total("/v1/events/", { source: "user" });
    const system = await total("/v1/events/", { source: "system" });
    expect(user).toBeGreaterThan(0);
    expect(system).toBeGreaterThan(0);
    expect(user + system).toBe(events.length);
    expect(await total("/v1/events/", { source: ["user", "system"] })).toBe(events.length);
  });

  it("a meter of another organization is not found", async () => {
    const theirs = fixtures.ids.meters.find((m) => m.organization_id === t.globex.id);
    const answer = await get(sandbox, `/v1/events/${query({ meter_id: theirs?.id as string })}`, t.acmeAll);
    expect(answer.status).toBe(422);
    expect(answer.json.detail).toEqual([
      { loc: ["query", "meter_id"], msg: "Meter not found.", type: "meter_id", input: theirs?.id },
    ]);
  });
});
