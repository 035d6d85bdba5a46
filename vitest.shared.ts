/**
 * The limits every package's tests run with. A limit is there to end a test that hangs, never
 * to judge speed: CI may run while other work loads the machine, so it sits far above what
 * any test takes on a busy 2-core machine. Speed is measured by benchmarks, not by tests.
 * (Codegen's 210-operation type check, once in the suite, needed about a minute of CPU; at a
 * load average of 13 on 2 cores it took 7 minutes, past the 5 minutes these limits once were.)
 * `expect.poll` waits up to a minute (vitest's default, 1 s, is a race with the machine's load);
 * a test that waits on an interval of its own uses fake timers instead.
 */
export const testLimits = {
  testTimeout: 20 * 60_000,
  hookTimeout: 20 * 60_000,
  expect: { poll: { timeout: 60_000 } },
} as const;

/**
 * For packages whose test files leave nothing behind (each resets what it uses): the files a
 * worker runs share their imports instead of loading zod, React, TanStack Query and the sandbox
 * again for each file, which was most of these packages' test time on 2 cores.
 */
export const sharedImports = { isolate: false } as const;

/**
 * The system Chromium the browser tests drive through playwright-core (never a downloaded
 * build), and the flags it runs with in a headless CI container.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};
