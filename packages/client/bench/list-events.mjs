#!/usr/bin/env node
// Time per call to list 100 events with full response validation, against the floor of
// fetch plus JSON.parse alone, over loopback HTTP and in memory. Run after a build:
//   pnpm --filter @commerce-api/client bench
import { createServer } from "node:http";
import { createClient, listEvents } from "../dist/core.js";
import { eventsPage } from "./events.mjs";

const body = JSON.stringify(eventsPage(100));
const iterations = Number(process.env.ITERATIONS ?? 2000);
const warmup = Math.min(300, iterations);

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json" }).end(body);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const inMemoryFetch = async () => new Response(body, { headers: { "content-type": "application/json" } });
const transports = {
  "loopback HTTP": {
    floor: async () => (await fetch(`${baseUrl}/v1/events/?limit=100`)).json(),
    fetch: undefined,
  },
  "in memory": { floor: async () => (await inMemoryFetch()).json(), fetch: inMemoryFetch },
};

async function timePerCall(call, calls) {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - started) / calls) * 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

// The machine may be busy: the three are timed in short alternating rounds, each reports its
// median round, and the ratio is the median of the rounds' own ratios (validated over the
// floor timed just before it), so a burst of load elsewhere lands on both sides of it alike.
const rounds = 20;
const rows = [];
for (const [transport, { floor, fetch }] of Object.entries(transports)) {
  const validated = createClient({ baseUrl, token: "bench-token", fetch });
  const unvalidated = createClient({ baseUrl, token: "bench-token", fetch, validate: { response: false } });
  const runs = {
    floorUs: floor,
    validatedUs: () => listEvents(validated, { limit: 100 }),
    unvalidatedUs: () => listEvents(unvalidated, { limit: 100 }),
  };
  for (const run of Object.values(runs)) await timePerCall(run, warmup);
  const times = { floorUs: [], validatedUs: [], unvalidatedUs: [] };
  for (let round = 0; round < rounds; round++)
    for (const [name, run] of Object.entries(runs))
      times[name].push(await timePerCall(run, iterations / rounds));
  rows.push({
    transport,
    ratio: median(times.validatedUs.map((validated, round) => validated / times.floorUs[round])),
    floorUs: median(times.floorUs),
    validatedUs: median(times.validatedUs),
    unvalidatedUs: median(times.unvalidatedUs),
  });
}
server.close();

console.log(
  `listEvents, 100 events per page (${(body.length / 1024).toFixed(0)} KiB of JSON), ${iterations} calls, Node ${process.version}\n`,
);
console.log(
  "| transport | fetch + JSON.parse (floor) | listEvents, validated | ratio (median of rounds) | listEvents, validate.response off |",
);
console.log("|---|---|---|---|---|");
for (const r of rows) {
  const us = (v) => `${v.toFixed(0)} µs`;
  console.log(
    `| ${r.transport} | ${us(r.floorUs)} | ${us(r.validatedUs)} | ${r.ratio.toFixed(2)}× | ${us(r.unvalidatedUs)} |`,
  );
}
