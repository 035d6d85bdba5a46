/** What every seed module works with: the random generator, the seed's "now", and the data built so far. */
import { addDays, addMinutes, iso } from "../state/clock.js";
import type { Random } from "../state/random.js";
import type { SeedData } from "../state/store.js";

export { emptySeedData } from "../state/store.js";

export interface SeedContext {
  random: Random;
  now: Date;
  data: SeedData;
}

/** A date `days` before the seed's now, moved by up to `jitterMinutes` at random (earlier). */
export function daysAgo(ctx: SeedContext, days: number, jitterMinutes = 0): Date {
  const jitter = jitterMinutes > 0 ? ctx.random.int(0, jitterMinutes) : 0;
  return addMinutes(addDays(ctx.now, -days), -jitter);
}

/** ISO timestamp `days` before now, with up to a day of jitter. */
export function isoDaysAgo(ctx: SeedContext, days: number): string {
  return iso(daysAgo(ctx, days, 24 * 60 - 1));
}

/** `created_at`, and `modified_at` one to ten days later for some records (null for the others). */
export function timestamps(ctx: SeedContext, createdAt: string) {
  const modified = ctx.random.chance(0.4) ? iso(addDays(new Date(createdAt), ctx.random.int(1, 10))) : null;
  const modifiedAt = modified !== null && modified > iso(ctx.now) ? null : modified;
  return { created_at: createdAt, modified_at: modifiedAt };
}
