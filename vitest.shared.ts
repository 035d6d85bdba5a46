/**
 * The limits every package's tests run with. A limit is there to end a test that hangs, never
 * to judge speed: CI may run while other work loads the machine, so it sits far above what
 * any test takes on a busy 2-core machine. Speed is measured by benchmarks, not by tests.
 */
export const testLimits = { testTimeout: 300_000, hookTimeout: 300_000 } as const;
