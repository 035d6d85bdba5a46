/**
 * The sandbox's clock as users drive it, telling the webhooks part when it
 * moves: retries that come due and subscriptions that renew or end happen as
 * `clock.advance(...)` or `clock.set(...)` passes them.
 */
import type { SandboxClock } from "../state/clock.js";

export function watchClock<C extends SandboxClock>(clock: C, moved: (from: Date, to: Date) => void): C {
  const step = (move: () => Date): Date => {
    const from = clock.now();
    const to = move();
    moved(from, to);
    return to;
  };
  // The clock's own object underneath: `now`, `start`, `frozen` and anything else it has stay as they are.
  const watched: C = Object.create(clock);
  watched.freeze = (at) => step(() => clock.freeze(at));
  watched.set = (at) => step(() => clock.set(at));
  watched.advance = (by) => step(() => clock.advance(by));
  watched.resume = () => step(() => clock.resume());
  return watched;
}
