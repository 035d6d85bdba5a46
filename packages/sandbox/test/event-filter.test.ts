/**
 * The meter filter's operators at their edges, on events made for it: each comparison takes or
 * leaves the value equal to its operand as it says, and an event without the property matches
 * only the negative operators (`ne`, `not_like`), as the service's filter does.
 */
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { get, NOW, query } from "./helpers.js";

const sandbox = createSandbox({ seed: false, now: () => new Date(NOW) });
for (const tokens of [10, 20, 30]) sandbox.add.event({ name: `llm.${tokens}`, metadata: { tokens } });
sandbox.add.event({ name: "llm.none", metadata: {} });

/** The names of the events `clause` keeps, sorted. */
async function matching(clause: { property: string; operator: string; value: string | number }) {
  const filter = JSON.stringify({ conjunction: "and", clauses: [clause] });
  const answer = await get(sandbox, `/v1/events/${query({ filter, limit: 100 })}`, "polar_oat_acme_all");
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json.items as { name: string }[]).map((e) => e.name).sort();
}

describe("meter filter operators", () => {
  it.each([
    ["eq", ["llm.20"]],
    ["ne", ["llm.10", "llm.30", "llm.none"]],
    ["gt", ["llm.30"]],
    ["gte", ["llm.20", "llm.30"]],
    ["lt", ["llm.10"]],
    ["lte", ["llm.10", "llm.20"]],
  ])("tokens %s 20", async (operator, names) => {
    expect(await matching({ property: "metadata.tokens", operator, value: 20 })).toEqual(names);
  });

  it("like and not_like: case-insensitive text; a missing property is only 'not like'", async () => {
    expect(await matching({ property: "tokens", operator: "like", value: "2" })).toEqual(["llm.20"]);
    expect(await matching({ property: "tokens", operator: "not_like", value: "2" })).toEqual([
      "llm.10",
      "llm.30",
      "llm.none",
    ]);
    expect(await matching({ property: "name", operator: "like", value: "LLM.3" })).toEqual(["llm.30"]);
  });
});
