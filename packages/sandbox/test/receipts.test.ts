/**
 * Receipt URLs as a customer's app uses them: valid for an hour on the sandbox's
 * clock, for that order only and that sandbox's seed only, serving a PDF that lists
 * the order.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { get, NOW } from "./helpers.js";

const sandbox = createSandbox({ now: () => new Date(NOW) });
type Order = ReturnType<typeof sandbox.add.order>;
let order: Order;
let other: Order;
let session: string;

beforeEach(() => {
  sandbox.reset();
  order = sandbox.add.order({ amount: 12_345, tax: 2_469 });
  other = sandbox.add.order();
  session = sandbox.add.customerSession(order.customer_id);
});

async function receiptUrl(id = order.id, token = session): Promise<string> {
  const answer = await get(sandbox, `/v1/customer-portal/orders/${id}/receipt`, token);
  expect(answer.status).toBe(200);
  return answer.json.url;
}

const download = (url: string) => sandbox.fetch(url);

describe("a receipt URL", () => {
  it("expires an hour after it was given, on the sandbox's clock", async () => {
    sandbox.clock.freeze();
    const url = await receiptUrl();
    expect(new URL(url).searchParams.get("expires")).toBe(String(Date.parse(NOW) / 1000 + 3600));
    sandbox.clock.advance({ seconds: 3600 });
    expect((await download(url)).status).toBe(200);
    sandbox.clock.advance({ milliseconds: 1000 });
    expect((await download(url)).status).toBe(403);
  });

  it("is for its order only, and its sandbox's seed only", async () => {
    const url = await receiptUrl();
    const swapped = url.replace(order.id, other.id);
    expect((await download(swapped)).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 60));
    expect((await download(later.href)).status).toBe(403);
    const elsewhere = createSandbox({ seed: 7, now: () => new Date(NOW) });
    expect((await elsewhere.fetch(url)).status).toBe(403);
    const noExpiry = new URL(url);
    noExpiry.searchParams.delete("expires");
    expect((await download(noExpiry.href)).status).toBe(403);
  });

  it("serves a PDF naming the organization, the order, who is billed and the amounts", async () => {
    const pdf = await (await download(await receiptUrl())).text();
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    const organization = sandbox.state.organizations.find((o) => o.id === order.organization_id);
    const currency = order.currency.toUpperCase();
    const money = (cents: number) => `${(cents / 100).toFixed(2)} ${currency}`;
    expect(pdf).toContain(`(${organization?.name} - Receipt) Tj`);
    expect(pdf).toContain(`(Order ${order.id}) Tj`);
    expect(pdf).toContain(`(Date: ${order.created_at.slice(0, 10)}) Tj`);
    expect(pdf).toContain(`(Amount: ${money(order.net_amount)}) Tj`);
    expect(pdf).toContain(`(Tax: ${money(order.tax_amount)}) Tj`);
    expect(pdf).toContain(`(Total: ${money(order.net_amount + order.tax_amount)}) Tj`);
  });

  it("another customer's order has no receipt for this session: 404", async () => {
    const answer = await get(sandbox, `/v1/customer-portal/orders/${other.id}/receipt`, session);
    expect(answer.status).toBe(404);
  });
});
