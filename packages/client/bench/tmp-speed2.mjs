import { build } from "esbuild";
import { eventsPage } from "./events.mjs";

const r = await build({
  entryPoints: ["src/generated/validators.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
});
const v = await import(
  "data:text/javascript;base64," + Buffer.from(r.outputFiles[0].text).toString("base64")
);
const body = JSON.stringify(eventsPage(100));
const check = v.validateListEventsResponse;
function round(validate) {
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) {
    const x = JSON.parse(body);
    if (validate) {
      const p = [];
      check(x, p);
      if (p.length) throw new Error(JSON.stringify(p[0]));
    }
  }
  return ((performance.now() - t0) / 200) * 1000;
}
for (let i = 0; i < 5; i++) {
  round(true);
  round(false);
}
const a = [],
  b = [];
for (let i = 0; i < 15; i++) {
  a.push(round(false));
  b.push(round(true));
}
const med = (x) => x.sort((p, q) => p - q)[x.length >> 1];
console.log({
  parse: med(a).toFixed(0),
  parseAndValidate: med(b).toFixed(0),
  ratio: (med(b) / med(a)).toFixed(2),
});
