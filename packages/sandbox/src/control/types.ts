/** What every control route's handler works with (index.ts pairs them with the table's rows). */
import type { RouteHandler } from "../http/route-handlers.js";
import type { OperationRoute } from "../routes/types.js";
import type { BuiltSandbox, Sandbox, SandboxOptions } from "../sandbox-types.js";
import type { Store } from "../state/store.js";

export interface ControlContext {
  sandbox: Sandbox;
  store: Store;
  operations: readonly OperationRoute[];
  /** Keys receipt URLs (routes/receipts.ts). */
  secret: string;
  /** How many failures are queued (an endless one counts once). */
  pendingFaults(): number;
  /** The sandboxes made over HTTP, made on first use. */
  sandboxes(): SandboxRegistry;
}

export type ControlHandler = RouteHandler<ControlContext>;

/** The sandboxes made over HTTP (`POST /__sandbox/sandboxes`). */
export interface SandboxRegistry {
  create(overrides: Partial<SandboxOptions>): string;
  get(id: string): BuiltSandbox | undefined;
  delete(id: string): boolean;
}
