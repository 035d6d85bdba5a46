/**
 * How fast the sandbox starts and answers: `pnpm --filter @commerce-api/sandbox bench`.
 * - start: createSandbox() with the seed (first one builds it; later ones copy it) and empty;
 * - isolation: what a fresh, independent sandbox per test costs (median of 200): in process
 *   (createSandbox, reset) and over HTTP (POST /__sandbox/sandboxes, then its DELETE);
 * - in-process: sequential `sandbox.fetch` calls (a list of products, a page of events);
 * - over HTTP: startServer on 127.0.0.1, 16 concurrent keep-alive clients.
 * Prints one line per figure; the README's table is these lines.
 */
import { createSandbox } from "../src/index.js";
import { startServer } from "../src/server.js";

const TOKEN = { authorization: "Bearer polar_oat_acme_all" };
const PATHS = ["/v1/products/?limit=20", "/v1/events/?limit=20"];

function time<T>(action: () => T): [T, number] {
  const started = performance.now();
  const result = action();
  return [result, performance.now() - started];
}

const [, firstMs] = time(() => createSandbox({ seed: 1234 }));
const [, nextMs] = time(() => createSandbox({ seed: 1234 }));
const [, emptyMs] = time(() => createSandbox({ seed: false }));
console.log(`start, seeded (first, builds the seed):  ${firstMs.toFixed(0)} ms`);
console.log(`start, seeded (again, copies it):        ${nextMs.toFixed(1)} ms`);
console.log(`start, empty:                            ${emptyMs.toFixed(1)} ms`);

/** The median of `runs` timings of `action`, in ms. */
async function median(runs: number, action: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

const fresh = createSandbox();
fresh.add.customer();
console.log(
  `fresh sandbox, in process, seeded:       ${(await median(200, () => createSandbox())).toFixed(2)} ms (median)`,
);
console.log(
  `fresh sandbox, in process, empty:        ${(await median(200, () => createSandbox({ seed: false }))).toFixed(2)} ms (median)`,
);
console.log(
  `reset() of a seeded sandbox:             ${(await median(200, () => fresh.reset())).toFixed(2)} ms (median)`,
);
{
  const server = await startServer({ port: 0 });
  const made = async (body: object) => {
    const response = await fetch(`${server.url}/__sandbox/sandboxes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const { baseUrl } = (await response.json()) as { baseUrl: string };
    return baseUrl;
  };
  for (let i = 0; i < 20; i++) await made({});
  for (const [label, body] of [
    ["seeded", {}],
    ["empty", { seed: false }],
  ] as const) {
    const ms = await median(200, async () => {
      const baseUrl = await made(body);
      await (await fetch(baseUrl, { method: "DELETE" })).arrayBuffer();
    });
    console.log(`fresh sandbox, over HTTP, ${label.padEnd(7)} (POST + DELETE): ${ms.toFixed(2)} ms (median)`);
  }
  await server.close();
}

const sandbox = createSandbox();
// Warm-up, so both runs below measure compiled code.
for (let i = 0; i < 300; i++)
  await (await sandbox.fetch(`http://sandbox.local${PATHS[i % 2]}`, { headers: TOKEN })).arrayBuffer();
for (const path of PATHS) {
  const count = 2000;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await sandbox.fetch(`http://sandbox.local${path}`, { headers: TOKEN });
    await response.arrayBuffer();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`in-process ${path.padEnd(24)} ${(count / seconds).toFixed(0)} requests/s`);
}

const server = await startServer({ port: 0 });
for (const path of PATHS) {
  const clients = 16;
  const perClient = 250;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const response = await fetch(`${server.url}${path}`, { headers: TOKEN });
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `HTTP (16 clients) ${path.padEnd(24)} ${((clients * perClient) / seconds).toFixed(0)} requests/s`,
  );
}
await server.close();
