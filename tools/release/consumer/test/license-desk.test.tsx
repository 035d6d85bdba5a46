// @vitest-environment happy-dom
// An npm user's test of their own screen: the published sandbox behind MSW answers the
// client's default base URL, so the app's code runs unchanged.
import { createSandbox } from "@commerce-api/sandbox";
import { sandboxHandlers } from "@commerce-api/sandbox/msw";
import { fireEvent, render, screen } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { App } from "../src/LicenseDesk.js";

const sandbox = createSandbox({ seed: false });
const server = setupServer(...sandboxHandlers(sandbox));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

it("lists products and deactivates a license key", async () => {
  sandbox.add.product({ name: "Pro plan" });
  const customer = sandbox.add.customer();
  const key = sandbox.add.licenseKey({ customer, activations: [{ label: "Laptop" }] });
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
