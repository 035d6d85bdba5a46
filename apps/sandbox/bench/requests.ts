/**
 * How fast the sandbox starts and answers: `pnpm --filter @commerce-api/sandbox bench`.
 * - start: createSandbox() with the seed (first one builds it; later ones copy it) and empty;
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
