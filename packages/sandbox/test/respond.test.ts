import {
  deleteDiscountOperation,
  generateOrderInvoiceOperation,
  getOrderReceiptOperation,
  listRefundsOperation,
} from "@commerce-api/client/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { respond } from "../src/http/respond.js";

describe("response checking", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a body that does not match its schema is a 500 naming the operation and the fields", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = respond(
      listRefundsOperation,
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
    const response = respond(listRefundsOperation, { status: 200, body: { items: "broken" } }, false);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: "broken" });
  });

  it("a status the definition does not list is a 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = respond(deleteDiscountOperation, { status: 200, body: {} }, true);
    expect(response.status).toBe(500);
    expect((await response.json()).detail).toContain("deleteDiscount 200 is not a status of the operation");
    expect(log).toHaveBeenCalledOnce();
  });

  it("a JSON status answered without a body is a 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = respond(listRefundsOperation, { status: 200 }, true);
    expect(response.status).toBe(500);
  });

  it("a status read as null (the receipt's 202) goes out without a body", async () => {
    const response = respond(getOrderReceiptOperation, { status: 202 }, true);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });

  it("no body: no content type; null: JSON null", async () => {
    const noBody = respond(deleteDiscountOperation, { status: 204 }, true);
    expect(noBody.headers.get("content-type")).toBeNull();
    expect(await noBody.text()).toBe("");
    const nullBody = respond(generateOrderInvoiceOperation, { status: 202, body: null }, true);
    expect(nullBody.headers.get("content-type")).toBe("application/json");
    expect(await nullBody.text()).toBe("null");
  });
});
