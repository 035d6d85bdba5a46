/**
 * A small deterministic pseudo-random generator (mulberry32). The seed data is
 * built from it alone, so the same seed always gives the same ids, names and
 * amounts: fixtures stay stable across runs and machines.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version 4 UUID: 13th hex digit `4`, 17th one of `8`, `9`, `a`, `b`. */
  uuid(): string;
  /** `length` characters from `alphabet`. */
  string(length: number, alphabet?: string): string;
}

const HEX = "0123456789abcdef";
const KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function createRandom(seed: number): Random {
  let state = seed >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[int(0, items.length - 1)] as T;
  }

  function string(length: number, alphabet = KEY_ALPHABET): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[int(0, alphabet.length - 1)];
    return out;
  }

  function uuid(): string {
    const hex = string(32, HEX).split("");
    hex[12] = "4";
    hex[16] = pick(["8", "9", "a", "b"]);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  return { next, int, chance: (p) => next() < p, pick, uuid, string };
}
