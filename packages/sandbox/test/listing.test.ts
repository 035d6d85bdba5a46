/**
 * The list helpers every list operation shares, on small hand-made lists: the
 * seed has no null sort values and no list whose length is a multiple of every
 * limit, so these cases are pinned here.
 */
import { describe, expect, it } from "vitest";
import { cursorPage, offsetPage, sortItems } from "../src/routes/listing.js";

interface Row {
  id: string;
  amount: number | null;
  name?: string;
}

const rows: Row[] = [
  { id: "a", amount: 300, name: "x" },
  { id: "b", amount: null, name: "y" },
  { id: "c", amount: 100, name: "y" },
  { id: "d", amount: null },
  { id: "e", amount: 200, name: "x" },
];
const readers = { amount: (row: Row) => row.amount, name: (row: Row) => row.name };
const ids = (items: readonly Row[]) => items.map((row) => row.id);

describe("sortItems", () => {
  it("ascending: values in order, nulls last (tied nulls by id)", () => {
    expect(ids(sortItems(rows, [{ key: "amount", descending: false }], readers))).toEqual([
      "c",
      "e",
      "a",
      "b",
      "d",
    ]);
  });

  it("descending: nulls first, then values from the largest", () => {
    expect(ids(sortItems(rows, [{ key: "amount", descending: true }], readers))).toEqual([
      "b",
      "d",
      "a",
      "e",
      "c",
    ]);
  });

  it("a missing value (undefined) sorts as null; ties go to the next criterion, then to the id", () => {
    const sorted = sortItems(
      rows,
      [
        { key: "name", descending: false },
        { key: "amount", descending: true },
      ],
      readers,
    );
    expect(ids(sorted)).toEqual(["a", "e", "b", "c", "d"]);
  });

  it("leaves the input as it was", () => {
    const before = ids(rows);
    sortItems(rows, [{ key: "amount", descending: true }], readers);
    expect(ids(rows)).toEqual(before);
  });
});

describe("pages", () => {
  const four = rows.slice(0, 4);

  it("cursor form: an exactly full last page has no next page", () => {
    expect(cursorPage(four, { page: 1, limit: 2 }).pagination).toEqual({ has_next_page: true });
    const last = cursorPage(four, { page: 2, limit: 2 });
    expect(ids(last.items)).toEqual(["c", "d"]);
    expect(last.pagination).toEqual({ has_next_page: false });
    expect(cursorPage(four, { page: 1, limit: 4 }).pagination).toEqual({ has_next_page: false });
  });

  it("cursor form: a partly full last page has no next page, a page before it has one", () => {
    expect(cursorPage(rows, { page: 2, limit: 2 }).pagination).toEqual({ has_next_page: true });
    expect(cursorPage(rows, { page: 3, limit: 2 })).toEqual({
      items: [rows[4]],
      pagination: { has_next_page: false },
    });
  });

  it("offset form: an exactly full last page is max_page", () => {
    expect(offsetPage(four, { page: 2, limit: 2 }).pagination).toEqual({ total_count: 4, max_page: 2 });
    expect(offsetPage(rows, { page: 1, limit: 2 }).pagination).toEqual({ total_count: 5, max_page: 3 });
  });
});
