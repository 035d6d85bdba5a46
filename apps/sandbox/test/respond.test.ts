import { afterEach, describe, expect, it, vi } from "vitest";
import { respond } from "../src/respond.js";

describe("response checking", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a body that does not match its schema is a 500 naming the operation and the fields", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = respond(
      "listRefunds",
      { status: 200, body: { items: [{ id: "nope" }], pagination: { total_count: 1, max_page: 1 } } },
      true,
    );
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error).toBe("SandboxResponseInvalid");
    expect(body.detail).toContain("listRefunds 200");
    expect(body.detail).toContain("items.0.id");
    expect(log).toHaveBeenCalledOnce();
  });

  it("with validation off, the body goes out as it is", async () => {
    const response = respond("listRefunds", { status: 200, body: { items: "broken" } }, false);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: "broken" });
  });

  it("no body: no content type; null: JSON null", async () => {
    const noBody = respond("deleteDiscount", { status: 204 }, true);
    expect(noBody.headers.get("content-type")).toBeNull();
    expect(await noBody.text()).toBe("");
    const nullBody = respond("generateOrderInvoice", { status: 202, body: null }, true);
    expect(nullBody.headers.get("content-type")).toBe("application/json");
    expect(await nullBody.text()).toBe("null");
  });
});
