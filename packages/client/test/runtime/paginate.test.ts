import { describe, expect, it } from "vitest";
import { paginate } from "../../src/paginate.js";
import { failure, fakeFetch, json, listThings, testClient } from "./helpers.js";

const item = (id: string) => ({ id, name: `Thing ${id}` });

function offsetPage(ids: string[], maxPage: number) {
  return json(200, { items: ids.map(item), pagination: { total_count: 99, max_page: maxPage } });
}
function cursorPage(ids: string[], hasNext: boolean) {
  return json(200, { items: ids.map(item), pagination: { has_next_page: hasNext } });
}
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = [];
  for await (const value of iterable) result.push(value);
  return result;
}
const pagesRequested = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.calls.map((call) => call.url.searchParams.get("page"));

describe("paginate", () => {
  it("walks offset pages until max_page, passing the rest of the input along", async () => {
    const fetch = fakeFetch(offsetPage(["a", "b"], 3), offsetPage(["c", "d"], 3), offsetPage(["e"], 3));
    const items = await collect(paginate(listThings, testClient(fetch), { limit: 2, is_archived: false }));
    expect(items.map((i) => i.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(pagesRequested(fetch)).toEqual(["1", "2", "3"]);
    expect(fetch.calls.every((call) => call.url.searchParams.get("limit") === "2")).toBe(true);
  });

  it("stops on an empty page even if max_page says more", async () => {
    const fetch = fakeFetch(offsetPage(["a"], 5), offsetPage([], 5));
    const items = await collect(paginate(listThings, testClient(fetch), {}));
    expect(items).toHaveLength(1);
    expect(fetch.calls).toHaveLength(2);
  });

  it("starts at input.page", async () => {
    const fetch = fakeFetch(offsetPage(["c"], 3), offsetPage(["e"], 3));
    await collect(paginate(listThings, testClient(fetch), { page: 2 }));
    expect(pagesRequested(fetch)).toEqual(["2", "3"]);
  });

  it("walks cursor pages while has_next_page, advancing by page", async () => {
    const fetch = fakeFetch(cursorPage(["a"], true), cursorPage(["b"], true), cursorPage(["c"], false));
    const items = await collect(paginate(listThings, testClient(fetch), { cursor_pagination: true }));
    expect(items.map((i) => i.id)).toEqual(["a", "b", "c"]);
    expect(pagesRequested(fetch)).toEqual(["1", "2", "3"]);
    expect(fetch.calls.every((call) => call.url.searchParams.get("cursor_pagination") === "true")).toBe(true);
  });

  it("gives whole pages with pages()", async () => {
    const fetch = fakeFetch(cursorPage(["a", "b"], true), cursorPage(["c"], false));
    const pages = await collect(paginate(listThings, testClient(fetch), {}).pages());
    expect(pages).toEqual([
      { items: [item("a"), item("b")], pagination: { has_next_page: true } },
      { items: [item("c")], pagination: { has_next_page: false } },
    ]);
  });

  it("is lazy: nothing before iteration, no next page after a break", async () => {
    const fetch = fakeFetch(offsetPage(["a", "b"], 10));
    const paginator = paginate(listThings, testClient(fetch), {});
    expect(fetch.calls).toHaveLength(0);
    for await (const thing of paginator) {
      expect(thing.id).toBe("a");
      break;
    }
    expect(fetch.calls).toHaveLength(1);
  });

  it("starts over on each iteration", async () => {
    const fetch = fakeFetch(offsetPage(["a"], 1));
    const paginator = paginate(listThings, testClient(fetch), {});
    expect(await collect(paginator)).toHaveLength(1);
    expect(await collect(paginator)).toHaveLength(1);
    expect(pagesRequested(fetch)).toEqual(["1", "1"]);
  });

  it("stops after one page when the pagination form is unknown", async () => {
    const fetch = fakeFetch(json(200, { items: [item("a")], pagination: { next: "?" } }));
    const lenient = testClient(fetch, { validate: { response: false } });
    expect(await collect(paginate(listThings, lenient, {}))).toHaveLength(1);
    expect(fetch.calls).toHaveLength(1);
  });

  it("respects the signal between pages, and passes options to every request", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    const fetch = fakeFetch(offsetPage(["a"], 5));
    const paginator = paginate(
      listThings,
      testClient(fetch),
      {},
      {
        signal: controller.signal,
        headers: { "x-page-walk": "1" },
      },
    );
    const error = await failure(
      (async () => {
        for await (const _ of paginator) controller.abort(reason);
      })(),
    );
    expect(error).toBe(reason);
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]?.headers.get("x-page-walk")).toBe("1");
  });

  it("propagates a failing page", async () => {
    const fetch = fakeFetch(
      offsetPage(["a"], 2),
      json(422, { detail: [{ loc: ["query", "page"], msg: "bad" }] }),
    );
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const thing of paginate(listThings, testClient(fetch), {})) seen.push(thing.id);
      })(),
    );
    expect(seen).toEqual(["a"]);
    expect(error).toMatchObject({ name: "HTTPValidationError", status: 422 });
  });
});
