// Seeded randomness for the engine (never Math.random).
//
// Every combatant's deck has its own pure-rand xoroshiro128+ stream, seeded by
// hashing (combat seed, combatant id). Changing one combatant therefore never
// reshuffles another's cards (common random numbers across what-if runs).
// Monte Carlo run i of a batch seeded S replays exactly as a single combat
// seeded combatSeed(S, i).

import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

export type Rng = JumpableRandomGenerator;

/** murmur3's 32-bit finalizer: a bijective avalanche mix of a 32-bit integer. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Folds any finite number (negative, fractional, above 2^32) into 32 bits, keeping the high bits. */
export function seed32(seed: number): number {
  if (!Number.isFinite(seed)) return 0;
  const t = Math.trunc(seed);
  const lo = t >>> 0;
  const hi = Math.floor(t / 4294967296) >>> 0;
  return (lo ^ fmix32(hi ^ 0x5bd1e995)) >>> 0;
}

/** FNV-1a over UTF-16 code units, then mixed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** Seed of combat `index` in a Monte Carlo batch seeded `baseSeed`. */
export function combatSeed(baseSeed: number, index: number): number {
  const b = fmix32(seed32(baseSeed) ^ 0x9e3779b9);
  return fmix32((b + Math.imul(index >>> 0, 0x9e3779b9)) ^ Math.imul(Math.floor(index / 4294967296) | 0, 0x27d4eb2f));
}

/** Seed of one combatant's deck stream in a combat: hash(combat seed, combatant id). `idHash` = hashString(id). */
export function combatantSeed(seed: number, idHash: number): number {
  return combatantSeedFrom(combatSeedMix(seed), idHash);
}

/** The part of combatantSeed shared by every combatant of a combat (computed once per combat). */
export function combatSeedMix(seed: number): number {
  return fmix32(seed32(seed) + 0x632be5ab);
}

export function combatantSeedFrom(mix: number, idHash: number): number {
  return fmix32(mix ^ idHash);
}

export function makeRng(seed: number): Rng {
  const rng = xoroshiro128plus(seed | 0);
  // xoroshiro's first outputs from a 32-bit seed are weakly mixed: warm it up.
  for (let i = 0; i < 4; i++) rng.next();
  return rng;
}

/** pure-rand's xoroshiro128+ state words (public fields of its generator class). */
interface XoroshiroState {
  s01: number;
  s00: number;
  s11: number;
  s10: number;
}

/**
 * Puts a generator made by makeRng into exactly the state makeRng(seed) starts in, without allocating a new
 * one: a simulator reseeds its decks once per combat, and a fresh generator per deck per combat is garbage.
 * It writes pure-rand's state words as xoroshiro128plus(seed) sets them (a test holds it to makeRng).
 */
export function reseedRng(rng: Rng, seed: number): void {
  const x = rng as unknown as XoroshiroState;
  const s = seed | 0;
  x.s01 = -1;
  x.s00 = ~s;
  x.s11 = s;
  x.s10 = 0;
  for (let i = 0; i < 4; i++) rng.next();
}

/** Uniform integer in [0, n) (n >= 1): pure-rand's uniformInt(rng, 0, n − 1). */
export function randBelow(rng: Rng, n: number): number {
  return uniformInt(rng, 0, n - 1);
}

/** Rejection limits of pure-rand's uniformInt for ranges 1..255, precomputed. */
const LIMIT = new Float64Array(256);
/** 1 / n, to replace the division of v % n by a multiplication (corrected to exact below). */
const INV = new Float64Array(256);
for (let n = 1; n < 256; n++) {
  LIMIT[n] = n > 2 ? Math.floor(4294967296 / n) * n : 4294967296;
  INV[n] = 1 / n;
}

/**
 * The same numbers as randBelow, drawing the same outputs from the generator
 * (pure-rand's rejection method), with the limit precomputed: the hot path of
 * every card drawn. n in 1..255.
 */
export function randBelowFast(rng: Rng, n: number): number {
  const lim = LIMIT[n];
  // one call site for the draw and its redraws, and the correction below computed every time (issue 32 item 5): a
  // redraw (fewer than n in 2^32 draws) or a corrected remainder, first met after the caller was optimized, had no
  // type feedback there and deoptimized the caller it was inlined into (a system's card draw, in every worker), which
  // the JIT then compiled again. The same draws, the same numbers.
  let v: number;
  do v = (rng.next() ^ 0x80000000) >>> 0;
  while (v >= lim);
  // v % n without fmod or a division: v * (1/n) is within 2^-20 of v / n (v < 2^32), so its floor is the
  // quotient or, on an exact multiple, one less; the remainder is then r or r + n — corrected exactly.
  const r = v - Math.floor(v * INV[n]) * n;
  const less = r - n;
  return r >= n ? less : r;
}
