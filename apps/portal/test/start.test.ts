/**
 * `pnpm serve` and `npm start` as a user runs them (server/start.mjs, server/dev.mjs): what
 * they print, a PORT that is not a port, and Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readPort } from "../server/port.mjs";

const serverDir = join(import.meta.dirname, "..", "server");

/** Runs a server script; resolves once `until` appears in its output (or it exits). */
function run(script: string, env: Record<string, string>, until?: string) {
  const child = spawn(process.execPath, [join(serverDir, script)], {
    env: {
      ...process.env,
      COMMERCE_API_BASE_URL: "",
      COMMERCE_API_TOKEN: "",
      COMMERCE_WEBHOOK_SECRET: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const printed = new Promise<void>((resolve) => {
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      if (until && stdout.includes(until)) resolve();
    });
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
    });
    void exited.then(() => resolve());
  });
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill("SIGINT");
  return exited;
}

describe("the port npm start and pnpm serve listen on", () => {
  test("4010 when PORT is unset or blank, as the READMEs say; else PORT's number, 0 for a free one", () => {
    expect(readPort(undefined)).toBe(4010);
    expect(readPort("  ")).toBe(4010);
    expect(readPort("8080")).toBe(8080);
    expect(readPort("0")).toBe(0);
  });
});

describe("the server scripts", () => {
  test.each(["start.mjs", "dev.mjs"])(
    "%s: a PORT that is not a port is refused with what to give",
    async (script) => {
      for (const port of ["http", "65536", "-1", "4.5"]) {
        const { exited, output } = run(script, { PORT: port });
        expect(await exited).toBe(2);
        expect(output().stderr).toContain(
          `PORT=${JSON.stringify(port)} is not a port: give a whole number from 0 to 65535.`,
        );
      }
    },
  );

  test("pnpm serve against the service: where the app calls, with which token, and whether webhooks arrive; Ctrl-C exits 0", async () => {
    const withToken = run(
      "start.mjs",
      { PORT: "0", COMMERCE_API_BASE_URL: " https://api.example.com ", COMMERCE_API_TOKEN: "polar_oat_x" },
      "Ctrl-C stops it.",
    );
    await withToken.printed;
    const { stdout } = withToken.output();
    expect(stdout).toMatch(/Commerce Portal \(the sample app\): http:\/\/127\.0\.0\.1:\d+\//);
    expect(stdout).toContain("The app calls https://api.example.com with the token from COMMERCE_API_TOKEN.");
    expect(stdout).toContain(
      "Webhooks: not received (set COMMERCE_WEBHOOK_SECRET to the endpoint's secret).",
    );
    expect(stdout).not.toContain("The sandbox answers");
    expect(await stop(withToken.child, withToken.exited)).toBe(0);

    const withSecret = run(
      "start.mjs",
      { PORT: "0", COMMERCE_API_BASE_URL: "https://api.example.com", COMMERCE_WEBHOOK_SECRET: "polar_whs_x" },
      "Ctrl-C stops it.",
    );
    await withSecret.printed;
    expect(withSecret.output().stdout).toContain("; paste a token in the app.");
    expect(withSecret.output().stdout).toMatch(
      /Webhooks: register http:\/\/127\.0\.0\.1:\d+\/api\/webhooks's public address in the dashboard/,
    );
    expect(await stop(withSecret.child, withSecret.exited)).toBe(0);
  });

  test("pnpm serve in sandbox mode: the sandbox at the same address, sending its webhooks to the app", async () => {
    const dist = await mkdtemp(join(tmpdir(), "portal-start-"));
    // The secret it is given (COMMERCE_WEBHOOK_SECRET without a service URL) is the one the
    // sandbox signs with and the endpoint verifies with.
    const secret = "polar_whs_given_to_the_sandbox";
    const sandbox = run("start.mjs", { PORT: "0", COMMERCE_WEBHOOK_SECRET: secret }, "Ctrl-C stops it.");
    try {
      await sandbox.printed;
      const { stdout } = sandbox.output();
      const url = /Commerce Portal \(the sample app\): (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1];
      expect(url).toBeDefined();
      expect(stdout).toContain(`API                 ${url}/v1/…`);
      expect(stdout).toContain(`it signs and sends every event to ${url}/api/webhooks`);
      expect(await (await fetch(`${url}/portal-config.json`)).json()).toEqual({ mode: "sandbox" });

      // A delivery signed with that secret, as any sender would sign it: kept as verified.
      const body = JSON.stringify({
        type: "customer.created",
        timestamp: new Date().toISOString(),
        data: {},
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac("sha256", secret)
        .update(`msg_given.${timestamp}.${body}`)
        .digest("base64");
      const delivered = await fetch(`${url}/api/webhooks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": "msg_given",
          "webhook-timestamp": timestamp,
          "webhook-signature": `v1,${signature}`,
        },
        body,
      });
      expect(delivered.status).toBeLessThan(300);
      const inbox = async () => (await (await fetch(`${url}/api/webhooks/received`)).json()).received;
      expect((await inbox())[0]).toMatchObject({ webhookId: "msg_given", verified: true });

      // And the sandbox's own event, signed by it with the same secret: verified too.
      const fixtures = await (await fetch(`${url}/__sandbox/fixtures`)).json();
      const deleted = await fetch(`${url}/v1/discounts/${fixtures.ids.discounts[0].id}`, {
        method: "DELETE",
        headers: { authorization: "Bearer polar_oat_acme_all" },
      });
      expect(deleted.status).toBe(204);
      await expect.poll(async () => (await inbox())[0]?.type).toBe("discount.deleted");
      expect((await inbox())[0].verified).toBe(true);
    } finally {
      expect(await stop(sandbox.child, sandbox.exited)).toBe(0);
      await rm(dist, { recursive: true, force: true });
    }
  });
});
