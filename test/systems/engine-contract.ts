// What every rule system's engine promises and its invariants suite checks the same way (Heart Rush, Arcana, the
// grid): one file and seed give one log, byte for byte; the fast path's tallies are the event path's, combat by
// combat; chunks of a Monte Carlo add up; and a few logs are pinned by goldens. Each suite calls these inside its
// own describe, with the rule id its spec gives the promise (the titles carry it, test/rule-coverage.test.ts).

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { combatSeed } from '../../engine/rng.js';

/** An engine as these checks drive it: E an encounter, S its simulator, T its tally (integer sums, merged by addition). */
export interface EngineUnderTest<E, S, T> {
  /** The encounters the suite fights (its generator's). */
  gens: readonly (() => E)[];
  combatLog(enc: E, seed: number): string;
  /** The fast path: combats [from, to), combat i on combatSeed(seed, i). */
  runChunk(enc: E, seed: number, from: number, to: number): T;
  /** The event path, one combat on sim; and how a tally starts and counts a finished combat. */
  newSim(enc: E): S;
  combatEvents(enc: E, seed: number, sim: S): Iterator<unknown>;
  emptyTally(enc: E): T;
  tallyCombat(sim: S, t: T): void;
  /** Per-combatant sums of the tally besides the wins, to check that two chunks add up to one. */
  sums: readonly (keyof T & string)[];
}

/** Combats [from, to) fought one by one through the event generator, tallied as the fast path tallies. */
function slowChunk<E, S, T>(e: EngineUnderTest<E, S, T>, enc: E, seed: number, from: number, to: number): T {
  const t = e.emptyTally(enc);
  for (let i = from; i < to; i++) {
    const sim = e.newSim(enc);
    const it = e.combatEvents(enc, combatSeed(seed, i), sim);
    while (!it.next().done);
    e.tallyCombat(sim, t);
  }
  return t;
}

/** `<rule>: the same encounter and seed give the same log bytes; another seed another log` */
export function sameSeedSameLog<E, S, T>(rule: string, e: EngineUnderTest<E, S, T>): void {
  it(`${rule}: the same encounter and seed give the same log bytes; another seed another log`, () => {
    for (const g of e.gens) {
      const a = e.combatLog(g(), 5), b = e.combatLog(g(), 5);
      assert.equal(a, b);
      assert.notEqual(a, e.combatLog(g(), 6));
    }
  });
}

/** The fast path's tallies equal the event generator's per combat, and chunks [10, 30) + [30, 60) add up to [10, 60). */
export function fastPathIsEventPath<E, S, T extends { wins: number[] }>(title: string, e: EngineUnderTest<E, S, T>): void {
  it(title, () => {
    for (const g of e.gens) {
      const enc = g();
      const fast = e.runChunk(enc, 42, 10, 60);
      assert.deepEqual(fast, slowChunk(e, enc, 42, 10, 60));
      const a = e.runChunk(enc, 42, 10, 30), b = e.runChunk(enc, 42, 30, 60);
      assert.deepEqual(fast.wins, a.wins.map((v, i) => v + b.wins[i]));
      for (const k of e.sums) {
        const [s, x, y] = [fast[k], a[k], b[k]] as unknown as number[][];
        assert.deepEqual(s, x.map((v, i) => v + y[i]), k);
      }
    }
  });
}

/**
 * Pinned logs: each `[file, encounter, seed]` must have the bytes of `dir/file`. An intended change of the log format
 * regenerates them with the environment variable `update` set (and shows in the diff).
 */
export function logGoldens<E>(rule: string, dir: string, update: string, combatLog: (enc: E, seed: number) => string, cases: readonly (readonly [string, () => E, number])[]): void {
  for (const [file, g, seed] of cases) {
    it(`${rule}: ${file} has the same bytes as its golden`, () => {
      const path = join(dir, file);
      const log = combatLog(g(), seed);
      if (process.env[update]) writeFileSync(path, log);
      assert.equal(log, readFileSync(path, 'utf8'));
    });
  }
}
