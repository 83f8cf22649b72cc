// Hand-written on purpose: a seeded PRNG and a string hash are a dozen lines each; no dependency is needed.

/** A 32-bit string hash (cyrb53 folded to 32 bits): spreads similar seeds far apart. */
export function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * mulberry32: small, fast and deterministic from its seed, so a simulated tenant, a fault draw or a
 * chaos run can be replayed. Not for secrets (use node:crypto).
 */
export class Prng {
  #state: number;

  constructor(seed: number | string) {
    this.#state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  }

  /** A float in [0, 1). A prototype method: simulators make a Prng per record, so no closure per instance. */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** `next` as a plain function, for APIs that take `() => number`. */
  asFunction(): () => number {
    return () => this.next();
  }

  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight; `weights` align with `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let sum = 0;
    for (const w of weights) sum += w;
    let roll = this.next() * sum;
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Approximately normal (Irwin–Hall of 4), mean 0, sd 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3);
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  alnum(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALNUM[Math.floor(this.next() * ALNUM.length)];
    return out;
  }
}
