/**
 * What `sandbox.respond` sends, on the wire: the service's bodies (and none where the
 * service sends none), the default error body for each status, the injected marker;
 * and the replies it refuses at once, with a message naming the fix.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { NOW, tokens } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
const { acmeAll } = tokens(sandbox.fixtures);

beforeEach(() => sandbox.reset());

const products = () =>
  sandbox.fetch("http://sandbox.test/v1/products/", { headers: { authorization: `Bearer ${acmeAll}` } });

describe("the reply on the wire", () => {
  it("the receipt's 202 goes out without a body or content type, as the service and the route send it", async () => {
    const order = sandbox.add.order();
    const session = sandbox.add.customerSession(order.customer_id);
    const receipt = () =>
      sandbox.fetch(`http://sandbox.test/v1/customer-portal/orders/${order.id}/receipt`, {
        headers: { authorization: `Bearer ${session}` },
      });
    sandbox.respond("getOrderReceipt", { status: 202 });
    const answered = await receipt();
    expect(answered.status).toBe(202);
    expect(answered.headers.get("content-type")).toBeNull();
    expect(answered.headers.get("x-sandbox-injected")).toBe("true");
    expect(await answered.text()).toBe("");
  });

  it("a 204 goes out empty; a body given for it is refused", async () => {
    const discount = sandbox.add.discount();
    sandbox.respond("deleteDiscount", { status: 204 });
    const deleted = await sandbox.fetch(`http://sandbox.test/v1/discounts/${discount.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${acmeAll}` },
    });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    // The override answered, so the discount is still there.
    expect(sandbox.state.discounts.some((d) => d.id === discount.id)).toBe(true);
    expect(() => sandbox.respond("deleteDiscount", { status: 204, body: {} as never })).toThrow(
      'sandbox.respond("deleteDiscount"): 204 of deleteDiscount has no body in the spec; leave body out',
    );
  });

  it.each([
    [404, { error: "ResourceNotFound", detail: "Answered with 404 by sandbox.respond." }],
    [418, { error: "Error", detail: "Answered with 418 by sandbox.respond." }],
    [429, { error: "TooManyRequests", detail: "Answered with 429 by sandbox.respond." }],
    [502, { error: "InternalServerError", detail: "Answered with 502 by sandbox.respond." }],
    [
      422,
      {
        detail: [{ loc: ["body"], msg: "Invalid input (answered by sandbox.respond)", type: "value_error" }],
      },
    ],
  ])("%i without a body answers the service's error body for it", async (status, body) => {
    sandbox.respond("listProducts", { status: status as 404 });
    const answered = await products();
    expect(answered.status).toBe(status);
    expect(answered.headers.get("content-type")).toBe("application/json");
    expect(answered.headers.get("x-sandbox-injected")).toBe("true");
    expect(await answered.json()).toEqual(body);
  });

  it("a 422 takes a validation body as given", async () => {
    const body = { detail: [{ loc: ["query", "page"], msg: "bad", type: "value_error" }] };
    sandbox.respond("listProducts", { status: 422, body });
    expect(await (await products()).json()).toEqual(body);
    expect(() => sandbox.respond("listProducts", { status: 400, body: body as never })).toThrow(
      /an error body is \{ error, detail \}, as the service sends; got/,
    );
  });
});

describe("replies refused at once", () => {
  it("a status from 200 to 599 only", () => {
    for (const status of [199, 600, 404.5]) {
      expect(() => sandbox.respond("listProducts", { status: status as 404 })).toThrow(
        `sandbox.respond("listProducts"): status must be a whole number from 200 to 599, got ${status}`,
      );
    }
    expect(() => sandbox.respond("listProducts", { status: 599 as 500 })).not.toThrow();
  });

  it("a reply that is not an object, headers that are not strings", () => {
    expect(() => sandbox.respond("listProducts", 503 as never)).toThrow(
      'sandbox.respond("listProducts"): give { status, body?, headers?, times? }, got 503',
    );
    expect(() =>
      sandbox.respond("listProducts", { status: 503, headers: { "retry-after": 5 } as never }),
    ).toThrow('sandbox.respond("listProducts"): headers must be an object of strings, got {"retry-after":5}');
  });

  it("a body the spec refuses names at most three problems, by path", () => {
    const refused = () =>
      sandbox.respond("listProducts", {
        status: 200,
        body: { items: [{ id: 1 }], pagination: { total_count: 1, max_page: 1 } } as never,
      });
    expect(refused).toThrow(
      'sandbox.respond("listProducts"): the body is not what the spec allows: items.0.id: expected string, received number; items.0.created_at: expected string, received undefined; items.0.modified_at: expected string, received undefined',
    );
    expect(() => sandbox.respond("listProducts", { status: 200, body: 5 as never })).toThrow(
      "the body is not what the spec allows: (root): expected object, received number",
    );
  });

  it("a refused reply queues nothing", async () => {
    expect(() => sandbox.respond("listProducts", { status: 700 as 500 })).toThrow();
    expect((await products()).status).toBe(200);
  });
});
