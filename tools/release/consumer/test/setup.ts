// The project's Vitest setup, as an app's own would have it: Testing Library's findBy… and
// waitFor give up after 1 s by default, a race with a busy machine (the rehearsal runs its type
// checks, Vite and these tests side by side); a minute ends a hang without judging speed.
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 60_000 });
