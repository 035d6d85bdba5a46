import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRegistry } from "./registry.ts";
import { run } from "./run.ts";
const dir = await mkdtemp(join(tmpdir(), "reg-"));
const r = await startRegistry(dir, "https://registry.npmjs.org/");
const host = r.url.replace(/^http:/, "");
await writeFile(join(dir, "npmrc"), `registry=${r.url}\n${host}:_authToken=${r.token}\n`);
const env = { ...process.env, NPM_CONFIG_USERCONFIG: join(dir, "npmrc"), npm_config_registry: r.url };
try {
  const t = Date.now();
  const out = await run("pnpm changeset publish", { cwd: "/tmp/copy-jG2w", env });
  console.log(out.stdout, out.stderr, Date.now() - t);
  const res = await fetch(new URL("@commerce-api%2freact", r.url)); console.log(JSON.stringify(await res.json(), null, 1).slice(0, 3000));
} finally { await r.stop(); }
