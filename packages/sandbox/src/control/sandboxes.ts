/**
 * Sandboxes made over HTTP, so parallel test workers never see each other's
 * writes: `POST /__sandbox/sandboxes` makes a new, independent sandbox (its own
 * data, clock, faults) served by the same server under
 * `<baseUrl>/__sandbox/sandboxes/<id>`, and answers 201 `{ id, baseUrl }`. A client
 * given that `baseUrl` (and `connectSandbox(baseUrl)`) talks to it alone.
 * `DELETE /__sandbox/sandboxes/<id>` drops it (a Playwright fixture does, after its test).
 */

import { json } from "../http/body.js";
import { empty } from "../http/responses.js";
import { SandboxUsageError } from "../kit/usage.js";
import type { BuiltSandbox, SandboxOptions } from "../sandbox-types.js";
import type { ControlContext, ControlHandler, SandboxRegistry } from "./types.js";

/** What `POST /__sandbox/sandboxes` may change of the server's options (as JSON carries them). */
const CHILD_OPTIONS = ["seed", "now", "validateResponses", "instantRetries"] as const;

/**
 * How many made sandboxes a server keeps at once. Each is small (it shares the seed's
 * records), but a suite that never deletes them would grow the server without end; past
 * this, making one fails, naming the DELETE to send.
 */
export const MAX_SANDBOXES = 1000;

/** The registry; `build` is sandbox.ts's buildSandbox, given by it (this file does not import what serves it). */
export function createSandboxRegistry(
  defaults: SandboxOptions,
  build: (options: SandboxOptions) => BuiltSandbox,
): SandboxRegistry {
  const made = new Map<string, BuiltSandbox>();
  let counter = 0;
  // The options a new sandbox inherits: seed and clock as the server's, no queued failures.
  const { failNext: _failures, ...inherited } = defaults;
  return {
    create(overrides) {
      if (made.size >= MAX_SANDBOXES)
        throw new SandboxUsageError(
          `POST /__sandbox/sandboxes: this server holds ${MAX_SANDBOXES} sandboxes already; delete each when its test is done (DELETE <baseUrl>, or sandbox.delete() from connectSandbox(url).newSandbox())`,
        );
      const id = String(++counter);
      made.set(id, build({ ...inherited, ...overrides }));
      return id;
    },
    get: (id) => made.get(id),
    delete: (id) => made.delete(id),
  };
}

export const newSandboxHandler: ControlHandler = {
  body: CHILD_OPTIONS,
  handle({ body, baseUrl }, control) {
    const created = control.sandboxes().create(body as Partial<SandboxOptions>);
    return json(201, { id: created, baseUrl: `${baseUrl}/__sandbox/sandboxes/${created}` });
  },
};

export const deleteSandboxHandler: ControlHandler = {
  handle({ params, path }, control) {
    control.sandboxes().delete(madeSandbox(control, params.id as string, path).id);
    return empty(204);
  },
};

/** Any request under a made sandbox's baseUrl: that sandbox answers it. */
export const inSandboxHandler: ControlHandler = {
  handle({ params, path, request, baseUrl }, control) {
    const { id, child } = madeSandbox(control, params.id as string, path);
    const prefix = `${new URL(baseUrl).pathname.replace(/\/$/, "")}/__sandbox/sandboxes/${id}`;
    return child.serve(request, prefix);
  },
};

function madeSandbox(control: ControlContext, id: string, path: string): { id: string; child: BuiltSandbox } {
  const child = control.sandboxes().get(id);
  if (!child)
    throw new SandboxUsageError(
      `${path}: no sandbox ${JSON.stringify(id)} on this server (deleted, or the server restarted); make one with POST /__sandbox/sandboxes`,
    );
  return { id, child };
}
