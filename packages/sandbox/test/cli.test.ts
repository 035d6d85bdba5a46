/**
 * The `commerce-sandbox` command: prints its URL and tokens, serves, and stops on
 * SIGINT with status 0 and nothing on stderr.
 */
import { describe, expect, it } from "vitest";
import { exited, launch, urlOf } from "./command.js";
import { startReceiver } from "./webhook-receiver.js";

describe("commerce-sandbox", () => {
  it("prints its URL and tokens, answers, and exits 0 on Ctrl-C (SIGINT), quietly", async () => {
    const sandbox = launch(["--port", "0"]);
    const { child, output, errors } = sandbox;
    const url = await urlOf(sandbox);
    expect(output()).toContain("polar_oat_acme_all");
    const response = await fetch(`${url}/v1/products/?limit=1`, {
      headers: { authorization: "Bearer polar_oat_acme_all" },
    });
    expect(response.status).toBe(200);
    const status = exited(child);
    child.kill("SIGINT");
    child.kill("SIGINT"); // a package manager passes the terminal's Ctrl-C on once more
    expect(await status).toBe(0);
    expect(errors()).toBe("");
  });

  it("--empty starts without records", async () => {
    const sandbox = launch(["--port", "0", "--empty"]);
    const { child } = sandbox;
    const url = await urlOf(sandbox);
    const page = await (
      await fetch(`${url}/v1/products/`, { headers: { authorization: "Bearer polar_oat_acme_all" } })
    ).json();
    expect(page.items).toEqual([]);
    const status = exited(child);
    child.kill("SIGTERM");
    expect(await status).toBe(0);
  });

  it("a port in use: status 1 and what to do, no stack trace", async () => {
    const first = launch(["--port", "0"]);
    const port = new URL(await urlOf(first)).port;
    const second = launch(["--port", port]);
    expect(await exited(second.child)).toBe(1);
    expect(second.errors()).toBe(
      `commerce-sandbox: port ${port} on 127.0.0.1 is in use (another sandbox still running?): stop it, or pass --port 0 for any free port\n`,
    );
    const status = exited(first.child);
    first.child.kill("SIGINT");
    expect(await status).toBe(0);
  });

  it("a bad option: status 2 and the usage", async () => {
    const { child, errors } = launch(["--port", "http"]);
    expect(await exited(child)).toBe(2);
    expect(errors()).toContain("--port");
    expect(errors()).toContain("Usage: commerce-sandbox");
  });

  it("two processes on one seed send distinct webhook ids, and a failed attempt is a line on the output", async () => {
    const receiver = await startReceiver();
    receiver.answer(400);
    const processes = [
      launch(["--port", "0", "--webhook", receiver.url]),
      launch(["--port", "0", "--webhook", receiver.url]),
    ];
    const ids: string[] = [];
    for (const sandbox of processes) {
      const url = await urlOf(sandbox);
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${url}/__sandbox/webhooks/send`, {
          method: "POST",
          body: JSON.stringify({ type: "order.paid" }),
        });
        const [first] = (await response.json()) as { webhookId: string }[];
        ids.push(first?.webhookId as string);
      }
    }
    expect(new Set(ids).size).toBe(6);
    const [first] = processes;
    expect(first?.output()).toContain(
      `[webhooks] order.paid (webhook-id ${ids[0]}) to ${receiver.url}: attempt 1 failed, answered 400; next attempt at `,
    );
    for (const { child } of processes) {
      const status = exited(child);
      child.kill("SIGTERM");
      expect(await status).toBe(0);
    }
    await receiver.close();
  });
});
