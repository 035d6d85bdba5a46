import { describe, expect, test } from "vitest";
import { textCodec } from "../src/ui/url-filters.js";

describe("a screen's filters in the address", () => {
  const codec = textCodec({ query: "", is_recurring: "", sorting: "-created_at" });

  test("only what differs from the blank form is written, trimmed", () => {
    expect(codec.write({ query: " pro ", is_recurring: "false", sorting: "-created_at" }).toString()).toBe(
      "query=pro&is_recurring=false",
    );
    expect(codec.write({ query: "", is_recurring: "", sorting: "-created_at" }).toString()).toBe("");
  });

  test("reading fills what the address leaves out with the blank form's values", () => {
    expect(codec.read(new URLSearchParams("sorting=name"))).toEqual({
      query: "",
      is_recurring: "",
      sorting: "name",
    });
  });
});
