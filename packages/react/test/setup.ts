import { configure } from "@testing-library/react";

// Testing Library's waitFor and findBy… give up after 1 s by default: a race with the machine's
// load. A minute, like expect.poll in vitest.shared.ts: a limit for a hang, not a speed judgement.
configure({ asyncUtilTimeout: 60_000 });
