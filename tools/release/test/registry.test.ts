/** The local registry: publishable with its token, our scope never fetched upstream, gone when stopped. */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRegistry, startRegistry } from "../src/registry.js";

let dir: string;
let registry: LocalRegistry;
/** A stand-in for the upstream registry: it knows no package and records what it was asked. */
let upstream: Server;
const askedUpstream: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "commerce-registry-test-"));
  upstream = createServer((req, res) => {
    askedUpstream.push(decodeURIComponent(req.url ?? ""));
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  registry = await startRegistry(dir, `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`);
});

afterAll(async () => {
  await registry?.stop();
  upstream?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("startRegistry", () => {
  it("listens on 127.0.0.1 on an ephemeral port and hands out a publish token", () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(registry.token.length).toBeGreaterThan(10);
  });

  it("never asks upstream for @commerce-api packages, and proxies every other package", async () => {
    const ours = await fetch(new URL("@commerce-api%2fclient", registry.url));
    const other = await fetch(new URL("left-pad", registry.url));
    expect([ours.status, other.status]).toEqual([404, 404]);
    expect(askedUpstream).toEqual(["/left-pad"]);
  });

  it("accepts the token as a logged-in user", async () => {
    const response = await fetch(new URL("-/whoami", registry.url), {
      headers: { authorization: `Bearer ${registry.token}` },
    });
    expect(await response.json()).toEqual({ username: "rehearsal" });
  });

  it("stops: the port no longer answers", async () => {
    const url = registry.url;
    await registry.stop();
    await expect(fetch(url)).rejects.toThrow();
  });
});
