/** A rehearsal that fails stops its registry and removes its folders, and says where it failed. */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rehearseRelease } from "../src/rehearsal.js";

let tmpRoot: string;
/** An upstream registry that has no package at all. */
let upstream: Server;
const configured = process.env.npm_config_registry;

beforeAll(async () => {
  tmpRoot = await mkdtemp(join(tmpdir(), "commerce-cleanup-test-"));
  upstream = createServer((_req, res) => res.writeHead(404).end("{}"));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  process.env.npm_config_registry = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  if (configured === undefined) delete process.env.npm_config_registry;
  else process.env.npm_config_registry = configured;
  upstream?.close();
  await rm(tmpRoot, { recursive: true, force: true });
});

it("fails with a clear message when upstream is unusable, leaving no folder behind", async () => {
  await expect(rehearseRelease({ tmpRoot })).rejects.toThrow(
    /npm cannot reach its registry http:\/\/127\.0\.0\.1:\d+\/ \(npm view zod\)/,
  );
  expect(await readdir(tmpRoot)).toEqual([]);
});
