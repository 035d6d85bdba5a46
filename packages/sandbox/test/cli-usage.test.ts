/**
 * `commerce-sandbox`'s answers to a bad command line, in process (`main(argv)`): the
 * exit status, and one line naming the problem and the fix before the usage. Starting
 * and stopping the real process is cli.test.ts's.
 */
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../src/cli/commerce-sandbox.js";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function run(argv: string[]): Promise<{ status: number; errors: string; output: string }> {
  const errors: string[] = [];
  const output: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
  vi.spyOn(console, "log").mockImplementation((line: string) => void output.push(line));
  const status = await main(argv);
  return { status, errors: errors.join("\n"), output: output.join("\n") };
}

describe("commerce-sandbox refuses a bad command line with status 2, the problem and the usage", () => {
  it.each([
    [["--seed", "1.5"], "commerce-sandbox: --seed 1.5 is not a whole number"],
    [["--seed", "many"], "commerce-sandbox: --seed many is not a whole number"],
    [
      ["--port", "http"],
      'commerce-sandbox: --port "http" is not a port: give a whole number from 0 to 65535.',
    ],
    [["--port", "65536"], 'commerce-sandbox: --port "65536" is not a port'],
    [["--webhook-secret", "s"], "commerce-sandbox: --webhook-secret needs --webhook <url>"],
    [["--frobnicate"], "commerce-sandbox: Unknown option '--frobnicate'"],
  ])("%j", async (argv, problem) => {
    const { status, errors } = await run(argv);
    expect(status).toBe(2);
    expect(errors.startsWith(problem)).toBe(true);
    expect(errors).toContain("Usage: commerce-sandbox [--port 4010]");
  });

  it("a bad PORT in the environment is named as PORT", async () => {
    vi.stubEnv("PORT", "eighty");
    const { status, errors } = await run([]);
    expect(status).toBe(2);
    expect(errors.startsWith('commerce-sandbox: PORT="eighty" is not a port')).toBe(true);
  });

  it("--help prints the usage and exits 0", async () => {
    const { status, output, errors } = await run(["--help"]);
    expect(status).toBe(0);
    expect(errors).toBe("");
    expect(output).toContain("--empty starts with no records");
    expect(output).toContain("--webhook ");
  });
});

describe("a port it cannot listen on", () => {
  it("exits 1 with what to do, when the port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { status, errors } = await run(["--port", String(port)]);
      expect(status).toBe(1);
      expect(errors).toBe(
        `commerce-sandbox: port ${port} on 127.0.0.1 is in use (another sandbox still running?): stop it, or pass --port 0 for any free port`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("exits 1 naming the address, when the host is not this machine's", async () => {
    const { status, errors } = await run(["--port", "0", "--host", "192.0.2.1"]);
    expect(status).toBe(1);
    expect(errors).toBe(
      "commerce-sandbox: 192.0.2.1 is not an address of this machine: pass --host 127.0.0.1",
    );
  });
});
