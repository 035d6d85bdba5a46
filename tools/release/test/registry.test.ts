/** The local registry: publishable with its token, our scope only, gone when stopped. */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRegistry, startRegistry } from "../src/registry.js";

let dir: string;
let registry: LocalRegistry;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "commerce-registry-test-"));
  registry = await startRegistry(dir);
});

afterAll(async () => {
  await registry?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("startRegistry", () => {
  it("listens on 127.0.0.1 on an ephemeral port and hands out a publish token", () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(registry.token.length).toBeGreaterThan(10);
  });

  it("takes a publish of our scope with its token and serves it; no other package is there", async () => {
    const probe = join(dir, "probe");
    await mkdir(probe);
    await writeFile(
      join(probe, "package.json"),
      JSON.stringify({ name: "@commerce-api/probe", version: "1.0.0" }),
    );
    const host = registry.url.replace(/^https?:/, "");
    await writeFile(join(probe, ".npmrc"), `${host}:_authToken=${registry.token}\n`);
    execFileSync("npm", ["publish", "--registry", registry.url, "--loglevel=error"], { cwd: probe });
    const ours = await fetch(new URL("@commerce-api%2fprobe", registry.url));
    expect(((await ours.json()) as { "dist-tags": object })["dist-tags"]).toEqual({ latest: "1.0.0" });
    // Any other package is refused (no rule, no upstream): the rehearsal's user asks npm's registry.
    const other = await fetch(new URL("zod", registry.url));
    expect([other.ok, other.status]).toEqual([false, 401]);
  });

  it("accepts the token as a logged-in user", async () => {
    const response = await fetch(new URL("-/whoami", registry.url), {
      headers: { authorization: `Bearer ${registry.token}` },
    });
    expect(await response.json()).toEqual({ username: "rehearsal" });
  });

  it("keeps an idle connection a minute, so a client waiting on npm never reuses one it is closing", async () => {
    const response = await fetch(new URL("-/ping", registry.url));
    expect(response.headers.get("keep-alive")).toBe("timeout=60");
  });

  it("stops: the port no longer answers", async () => {
    const url = registry.url;
    await registry.stop();
    await expect(fetch(url)).rejects.toThrow();
  });
});
