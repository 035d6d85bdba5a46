import { build } from "esbuild";
import { eventsPage } from "./events.mjs";

const r = await build({
  entryPoints: ["src/generated/validators.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  minify: false,
});
const url = "data:text/javascript;base64," + Buffer.from(r.outputFiles[0].text).toString("base64");
const v = await import(url);
const body = JSON.stringify(eventsPage(100));
const check = v.validateListEventsResponse;
let t0 = performance.now();
for (let i = 0; i < 2000; i++) JSON.parse(body);
const parse = ((performance.now() - t0) / 2000) * 1000;
const value = JSON.parse(body);
for (let i = 0; i < 500; i++) {
  const p = [];
  check(value, p);
  if (p.length) {
    console.log(JSON.stringify(p).slice(0, 500));
    break;
  }
}
t0 = performance.now();
for (let i = 0; i < 2000; i++) {
  const p = [];
  check(value, p);
}
const val = ((performance.now() - t0) / 2000) * 1000;
console.log({ parseUs: parse.toFixed(0), validateUs: val.toFixed(0) });
