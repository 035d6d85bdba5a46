// @vitest-environment happy-dom
// An npm user's test of their own screen: useSandbox() puts the published sandbox behind MSW on
// the client's default base URL (the app's code runs unchanged) and resets it after each test.
import { useSandbox } from "@commerce-api/sandbox/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { App } from "../src/LicenseDesk.js";

const sandbox = useSandbox({ seed: false }); // starts empty: the organizations and their tokens
afterEach(cleanup);

it("lists products and deactivates a license key", async () => {
  sandbox.add.product({ name: "Pro plan" });
  const key = sandbox.add.licenseKey({ activations: [{ label: "Laptop" }] });
  render(<App token="polar_oat_acme_all" licenseKey={key} />);
  expect(await screen.findByText("Pro plan")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Deactivate Laptop" }));
  expect(await screen.findByText("Laptop deactivated")).toBeTruthy();
  expect(sandbox.state.activations).toEqual([]);
});

it("a customer session token is refused on an organization operation, as by the service", async () => {
  const customer = sandbox.add.customer();
  const key = sandbox.add.licenseKey({ customer, activations: [{ label: "Laptop" }] });
  render(<App token={sandbox.add.customerSession(customer)} licenseKey={key} />);
  expect((await screen.findByRole("alert")).textContent).toMatch(/401/);
});

it("an error screen: the service refusing the products", async () => {
  sandbox.respond("listProducts", { status: 403 });
  render(<App token="polar_oat_acme_all" licenseKey={sandbox.add.licenseKey()} />);
  expect((await screen.findByRole("alert")).textContent).toMatch(/403/);
});
