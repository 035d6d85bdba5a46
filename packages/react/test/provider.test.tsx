import { createClient } from "@commerce-api/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CommerceProvider, useCommerceClient } from "../src/index.js";

function ShowsBaseUrl() {
  const client = useCommerceClient();
  return <span>{client === undefined ? "none" : "has client"}</span>;
}

describe("CommerceProvider", () => {
  it("hands its client to the hooks below it", () => {
    const client = createClient({ baseUrl: "http://127.0.0.1:1", token: "t" });
    const html = renderToString(
      <CommerceProvider client={client}>
        <ShowsBaseUrl />
      </CommerceProvider>,
    );
    expect(html).toContain("has client");
  });

  it("explains the fix when a hook runs outside a provider", () => {
    expect(() => renderToString(<ShowsBaseUrl />)).toThrow(/wrap your components in <CommerceProvider/);
  });
});
