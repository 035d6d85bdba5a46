import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listProducts } from "@commerce-api/client/core";
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hydratePage, renderPage } from "../examples/server-render.js";
import { orgToken, recordingFetch, requests, resetSandbox, sandboxClient } from "./support.js";

beforeEach(resetSandbox);
afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("server rendering (the README's example)", () => {
  it("is the code the README shows", () => {
    const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
    const readme = readFileSync(join(packageDir, "README.md"), "utf8");
    const example = readFileSync(join(packageDir, "examples", "server-render.tsx"), "utf8");
    expect(readme).toContain(`\`\`\`tsx\n${example}\`\`\``);
  });

  it("prefetches on the server, then hydrates in the browser with no second request and no mismatch", async () => {
    const expected = await listProducts(sandboxClient(orgToken), { limit: 5 });
    requests.length = 0;
    const options = { baseUrl: "http://sandbox.local", token: orgToken, fetch: recordingFetch };

    const { html, state } = await renderPage(options);
    expect(requests).toEqual(["GET /v1/products/"]);
    for (const product of expected.items) expect(html).toContain(`<li>${product.name}</li>`);

    const problems: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => void problems.push(args));
    window.addEventListener("error", (event) => problems.push(event.error));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    let queryClient: ReturnType<typeof hydratePage> | undefined;
    await act(async () => {
      queryClient = hydratePage(container, state, options);
    });

    // The browser's cache has the server's entry under the same key, so it asks for nothing.
    expect(queryClient!.isFetching()).toBe(0);
    expect(requests).toEqual(["GET /v1/products/"]);
    const serverKeys = (JSON.parse(state) as { queries: { queryKey: unknown }[] }).queries.map(
      (q) => q.queryKey,
    );
    expect(
      queryClient!
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual(serverKeys);
    expect(container.innerHTML).toBe(html);
    expect(problems).toEqual([]);
  });
});
