/**
 * @commerce-api/sandbox: the Commerce API's fourteen operations, locally.
 *
 * ```ts
 * import { createSandbox } from "@commerce-api/sandbox";
 * const sandbox = createSandbox();
 * const client = createClient({ baseUrl: "http://sandbox.local", token: sandbox.fixtures.tokens[0].token, fetch: sandbox.fetch });
 * ```
 */

export type { NowOption } from "./clock.js";
export { DEFAULT_NOW } from "./clock.js";
export type { FailurePlan, FailureStatus } from "./faults.js";
export type { Fixtures, FixtureToken, InvoiceSituation } from "./fixtures.js";
export type { TokenKind } from "./records.js";
export { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.js";
export { DEFAULT_SEED } from "./seed/index.js";
