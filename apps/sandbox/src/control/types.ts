/** What every group of control routes works with (index.ts dispatches to the groups). */
import type { OperationRoute } from "../routes/types.js";
import type { BuiltSandbox, Sandbox, SandboxOptions } from "../sandbox-types.js";
import type { Store } from "../store.js";

export interface ControlContext {
  sandbox: Sandbox;
  store: Store;
  operations: readonly OperationRoute[];
  /** Keys receipt URLs (receipts.ts). */
  secret: string;
  /** How many failures are queued (an endless one counts once). */
  pendingFaults(): number;
  /** The sandboxes made over HTTP, made on first use. */
  sandboxes(): SandboxRegistry;
}

/** One control request: `segments` are the path's parts after `/__sandbox`. */
export interface ControlRequest {
  request: Request;
  url: URL;
  method: string;
  segments: string[];
  /** The path after this sandbox's prefix. */
  path: string;
  /** Where this sandbox is served (origin and prefix). */
  baseUrl: string;
}

export type ControlGroup = (request: ControlRequest, control: ControlContext) => Response | Promise<Response>;

/** The sandboxes made over HTTP (`POST /__sandbox/sandboxes`). */
export interface SandboxRegistry {
  create(overrides: Partial<SandboxOptions>): string;
  get(id: string): BuiltSandbox | undefined;
  delete(id: string): boolean;
}
