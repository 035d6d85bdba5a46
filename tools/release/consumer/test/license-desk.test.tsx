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

function activationOf(sandbox: ReturnType<typeof createSandbox>) {
  const key = sandbox.add.licenseKey({
    customer: sandbox.add.customer(),
    activations: [{ label: "Laptop" }],
  });
  const [laptop] = key.activations;
  return { organizationId: key.organization_id, licenseKey: key.key, id: laptop!.id, label: laptop!.label };
}

it("lists products and deactivates a license key", async () => {
  sandbox.add.product({ name: "Pro plan" });
  render(<App token="polar_oat_acme_all" activation={activationOf(sandbox)} />);
  expect(await screen.findByText("Pro plan")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Deactivate Laptop" }));
  expect(await screen.findByText("Laptop deactivated")).toBeTruthy();
  expect(sandbox.state.activations).toEqual([]);
});

it("a customer session token is refused on an organization operation, as by the service", async () => {
  const session = sandbox.add.customerSession(sandbox.add.customer());
  render(<App token={session} activation={activationOf(sandbox)} />);
  expect((await screen.findByRole("alert")).textContent).toMatch(/401/);
});
