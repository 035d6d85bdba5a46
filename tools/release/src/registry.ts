/**
 * A throwaway npm registry (verdaccio 5) on 127.0.0.1 and an ephemeral port, storing in a
 * temporary folder. It holds `@commerce-api/*` only, as published to it: it has no upstream, so
 * a same-named package elsewhere cannot stand in for ours. The rehearsal's user installs every
 * other package from npm's own registry (`@commerce-api:registry` points here).
 */
import { type ChildProcess, fork } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface LocalRegistry {
  /** E.g. `http://127.0.0.1:41234/`, with the trailing slash npm writes. */
  url: string;
  /** An auth token of a user created on it, for publishing. */
  token: string;
  stop(): Promise<void>;
}

export function registryConfig(storageDir: string) {
  return {
    storage: join(storageDir, "storage"),
    self_path: storageDir,
    auth: { htpasswd: { file: join(storageDir, "htpasswd") } },
    uplinks: {},
    packages: { "@commerce-api/*": { access: "$all", publish: "$authenticated" } },
    web: { enable: false },
    logs: { type: "stdout", format: "pretty", level: "warn" },
  };
}

export async function startRegistry(dir: string): Promise<LocalRegistry> {
  const configFile = join(dir, "config.yaml");
  // JSON is YAML, and verdaccio reads its config from a file.
  await writeFile(configFile, JSON.stringify(registryConfig(dir), null, 2));
  const child = fork(join(import.meta.dirname, "registry-process.cjs"), [configFile], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stop = () => stopProcess(child);
  try {
    const port = await portOf(child);
    const url = `http://127.0.0.1:${port}/`;
    return { url, token: await addUser(url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the local registry (verdaccio) exited with ${code}`)));
  });
}

/** What `npm adduser` does: PUT the user, get a token back. */
async function addUser(url: string): Promise<string> {
  const name = "rehearsal";
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "rehearsal-password", type: "user", roles: [] }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) {
    throw new Error(
      `the local registry refused to create a user (${response.status}): ${JSON.stringify(body)}`,
    );
  }
  return body.token;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
