/**
 * The README's webhooks example, run as a user's script: the client's
 * `createWebhookHandler` verifies what the sandbox signs and gets a typed `order.paid`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const read = (path: string) => readFile(join(root, path), "utf8");

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

describe("the README's webhooks example", () => {
  it("is in the README as it is here", async () => {
    expect(await read("README.md")).toContain((await read("examples/webhooks.ts")).trim());
  });

  it("runs: the app's handler verifies the sandbox's order.paid and answers 204", async () => {
    const dir = await mkdtemp(join(root, ".example-"));
    try {
      // In a folder of the package: its import of `@commerce-api/sandbox` is the package's own
      // exports (Node's self-reference), built.
      await writeFile(join(dir, "script.ts"), await read("examples/webhooks.ts"));
      const child = spawn(process.execPath, ["--import", "tsx", join(dir, "script.ts")], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      expect(await exited(child), output).toBe(0);
      expect(output).toContain("true 204");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
