// Deterministic randomness for the seeded demo data and for ids minted at run time. The emulator
// must give the same answers on every run, so nothing here may fall back to Math.random.

// Hoisted: inside node:vm contexts (jest, gas-local) every global lookup such as `Math` goes
// through an interceptor, which makes these tight loops an order of magnitude slower.
const { imul, floor } = Math;

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A random (version 4 shaped) UUID drawn from this generator. */
  uuid(): string;
}

/** mulberry32: tiny, fast and good enough for test data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (probability) => next() < probability,
    uuid: () => formatUuid([0, 1, 2, 3].map(() => floor(next() * 4294967296))),
  };
}

/** 32-bit FNV-1a hash of a string, with an optional seed to get independent hashes. */
export function hashString(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = imul(hash, 0x01000193) >>> 0;
  }
  // Final avalanche so that similar strings give unrelated hashes.
  hash ^= hash >>> 16;
  hash = imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/**
 * A stable UUID for a name (a port, a terminal, a shipping line, a derived event): the same name
 * always gives the same id, whatever else was generated before it.
 */
export function uuidFromName(name: string): string {
  return formatUuid([1, 2, 3, 4].map((seed) => hashString(name, seed * 0x9e3779b9)));
}

function formatUuid(words: number[]): string {
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
