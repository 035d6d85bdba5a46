/**
 * The client is pinned to the API version its types describe: `Polar-Version: <the spec's
 * info.version>` on every request, the value coming from the spec through the generator (a
 * spec of another version, generated here, sends that one); and `organizationId` sends
 * `Polar-Organization`.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createClient, listProducts } from "../../src/index.js";
import { fakeFetch, json } from "./helpers.js";

const emptyPage = () => json(200, { items: [], pagination: { total_count: 0, max_page: 0 } });
const specVersion = /^\s+version: "([^"]+)"$/m.exec(
  readFileSync(join(import.meta.dirname, "../../../../spec/commerce.yaml"), "utf8"),
)?.[1];

/** The generator's CLI, imported by path so the client's type-check does not take in its sources. */
const codegenCli: string = join(import.meta.dirname, "../../../../codegen/src/cli.ts");
type Codegen = (
  argv: string[],
  io: { out(text: string): void; err(text: string): void },
  cwd: string,
) => Promise<number>;

const temp: string[] = [];
afterAll(() => Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("Polar-Version", () => {
  it("is the spec's info.version, on every request, retries included", async () => {
    expect(specVersion).toMatch(/^\d{4}-\d{2}$/);
    const fetch = fakeFetch(json(503, { error: "Unavailable", detail: "busy" }), emptyPage());
    const client = createClient({ fetch, retry: { initialDelayMs: 0 } });
    await listProducts(client, {});
    expect(fetch.calls.map((call) => call.headers.get("polar-version"))).toEqual([specVersion, specVersion]);
  });

  it("a spec of another version, generated, sends that version", async () => {
    const dir = await mkdtemp(join(tmpdir(), "client-version-"));
    temp.push(dir);
    await writeFile(
      join(dir, "spec.yaml"),
      [
        "info:",
        "  title: Versioned",
        '  version: "2027-01"',
        "environments:",
        "  production: https://api.example.com",
        "security:",
        "  pat:",
        "    audience: organization",
        "errors: {}",
        "types: {}",
        "operations: {}",
      ].join("\n"),
    );
    const errors: string[] = [];
    const codegen = ((await import(/* @vite-ignore */ codegenCli)) as { main: Codegen }).main;
    const status = await codegen(
      ["generate", "--spec", "spec.yaml", "--out", "out"],
      { out: () => {}, err: (text) => errors.push(text) },
      dir,
    );
    expect([status, errors]).toEqual([0, []]);
    const generated = join(dir, "out", "client", "src", "generated", "environments.ts");
    vi.resetModules();
    vi.doMock("../../src/generated/environments.js", () => import(generated));
    try {
      const runtime = await import("../../src/index.js");
      const fetch = fakeFetch(emptyPage());
      await runtime.listProducts(runtime.createClient({ fetch }), {});
      expect(fetch.calls[0]?.headers.get("polar-version")).toBe("2027-01");
    } finally {
      vi.doUnmock("../../src/generated/environments.js");
      vi.resetModules();
    }
  });

  it("a caller may still send another one, through headers", async () => {
    const fetch = fakeFetch(emptyPage());
    await listProducts(createClient({ fetch, headers: { "Polar-Version": "2026-10" } }), {});
    expect(fetch.calls[0]?.headers.get("polar-version")).toBe("2026-10");
  });
});

describe("organizationId", () => {
  it("sends Polar-Organization on every request; without it, none", async () => {
    const fetch = fakeFetch(emptyPage());
    await listProducts(createClient({ fetch, organizationId: "org_1" }), {});
    await listProducts(createClient({ fetch }), {});
    expect(fetch.calls.map((call) => call.headers.get("polar-organization"))).toEqual(["org_1", null]);
  });

  it("an empty or non-string organizationId throws at createClient, naming it", () => {
    expect(() => createClient({ organizationId: "" })).toThrow(/organizationId must be an organization's id/);
    expect(() => createClient({ organizationId: 42 as never })).toThrow(TypeError);
  });
});
