import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library's waitFor and findBy… give up after 1 s by default: a race with the machine's
// load. A minute, like expect.poll in vitest.shared.ts: a limit for a hang, not a speed judgement.
configure({ asyncUtilTimeout: 60_000 });

// Nothing a test rendered stays mounted (and polling, or fetching) into the next one: the test
// files share one module graph (vitest.shared.ts, sharedImports), so one sandbox and request log.
afterEach(cleanup);
