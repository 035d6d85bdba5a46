/**
 * `@commerce-api/sandbox/vitest`: one call gives a test file a sandbox behind
 * Mock Service Worker, reset after each test, so tests pass in any order:
 *
 * ```ts
 * import { useSandbox } from "@commerce-api/sandbox/vitest";
 * const sandbox = useSandbox({ seed: false });
 * ```
 *
 * It starts MSW before the file's tests (answering the client's default base URLs,
 * or `baseUrl`), resets the sandbox (data, clock, faults, overrides) and MSW's
 * runtime handlers after each test, and stops MSW after the last. A request that
 * looks like the service's but that no handler answers fails with the `baseUrl`
 * to give. Injected failures say `Retry-After: 0` (`instantRetries`), so a
 * client's retries do not wait real seconds; pass `instantRetries: false` to test waits.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type SandboxHandlersOptions, sandboxHandlers, unhandledRequestHint } from "./msw.js";
import { createSandbox } from "./sandbox.js";
import type { Sandbox, SandboxOptions } from "./sandbox-types.js";

export type UseSandboxOptions = SandboxOptions & SandboxHandlersOptions;

export function useSandbox(options: UseSandboxOptions = {}): Sandbox {
  const { baseUrl, ...sandboxOptions } = options;
  const where = baseUrl === undefined ? {} : { baseUrl };
  const sandbox = createSandbox({ instantRetries: true, ...sandboxOptions });
  const server = setupServer(...sandboxHandlers(sandbox, where));
  beforeAll(() => server.listen({ onUnhandledRequest: unhandledRequestHint(where) }));
  afterEach(() => {
    sandbox.reset();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return sandbox;
}
