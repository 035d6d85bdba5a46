/** The sandbox serves the operations the client calls: same ids, methods and paths. */
import * as client from "@commerce-api/client";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../src/routes/index.js";

describe("the operation table", () => {
  it("has the fourteen operations", () => {
    expect(OPERATIONS).toHaveLength(14);
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(14);
  });

  it.each(OPERATIONS.map((op) => [op.id, op] as const))("%s has the client's method and path", (id, op) => {
    const definition = (client as unknown as Record<string, { method: string; path: string } | undefined>)[
      `${id}Operation`
    ];
    expect(definition, `the client has no ${id}Operation`).toBeDefined();
    expect(op.method).toBe(definition?.method);
    expect(op.path).toBe(definition?.path);
  });
});
