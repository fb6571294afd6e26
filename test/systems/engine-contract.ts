// What every rule system's engine promises and its invariants suite checks the same way (Heart Rush, Arcana, the
// grid): one file and seed give one log, byte for byte; the fast path's tallies are the event path's, combat by
// combat; chunks of a Monte Carlo add up; and a few logs are pinned by goldens. Each suite calls these inside its
// own describe, with the rule id its spec gives the promise (the titles carry it, test/rule-coverage.test.ts).

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { combatSeed } from '../../engine/rng.js';
import { mergeTally, type Tally } from '../../engine/tally.js';

/** An engine as these checks drive it: E an encounter, S its simulator; tallies are the shared ones (engine/tally.ts). */
export interface EngineUnderTest<E, S> {
  /** The encounters the suite fights (its generator's). */
  gens: readonly (() => E)[];
  combatLog(enc: E, seed: number): string;
  /** The fast path: combats [from, to), combat i on combatSeed(seed, i). */
  runChunk(enc: E, seed: number, from: number, to: number): Tally;
  /** The event path, one combat on sim; and how a tally starts and counts finished combat i (the fast path's own code). */
  newSim(enc: E): S;
  combatEvents(enc: E, seed: number, sim: S): Iterator<unknown>;
  emptyTally(enc: E): Tally;
  tallyCombat(sim: S, t: Tally, i: number): void;
}

/** Combats [from, to) fought one by one through the event generator, tallied as the fast path tallies. */
function slowChunk<E, S>(e: EngineUnderTest<E, S>, enc: E, seed: number, from: number, to: number): Tally {
  const t = e.emptyTally(enc);
  for (let i = from; i < to; i++) {
    const sim = e.newSim(enc);
    const it = e.combatEvents(enc, combatSeed(seed, i), sim);
    while (!it.next().done);
    e.tallyCombat(sim, t, i);
  }
  return t;
}

/** `<rule>: the same encounter and seed give the same log bytes; another seed another log` */
export function sameSeedSameLog<E, S>(rule: string, e: EngineUnderTest<E, S>): void {
  it(`${rule}: the same encounter and seed give the same log bytes; another seed another log`, () => {
    for (const g of e.gens) {
      const a = e.combatLog(g(), 5),
        b = e.combatLog(g(), 5);
      assert.equal(a, b);
      assert.notEqual(a, e.combatLog(g(), 6));
    }
  });
}

/** The fast path's tallies equal the event generator's per combat, and chunks [10, 30) + [30, 60) merge into [10, 60). */
export function fastPathIsEventPath<E, S>(title: string, e: EngineUnderTest<E, S>): void {
  it(title, () => {
    for (const g of e.gens) {
      const enc = g();
      const fast = e.runChunk(enc, 42, 10, 60);
      assert.equal(fast.runs, 50);
      assert.deepEqual(fast, slowChunk(e, enc, 42, 10, 60));
      const a = e.runChunk(enc, 42, 10, 30);
      mergeTally(a, e.runChunk(enc, 42, 30, 60));
      assert.deepEqual(a, fast);
    }
  });
}

/**
 * Pinned logs: each `[file, encounter, seed]` must have the bytes of `dir/file`. An intended change of the log format
 * regenerates them with the environment variable `update` set (and shows in the diff).
 */
export function logGoldens<E>(
  rule: string,
  dir: string,
  update: string,
  combatLog: (enc: E, seed: number) => string,
  cases: readonly (readonly [string, () => E, number])[],
): void {
  for (const [file, g, seed] of cases) {
    it(`${rule}: ${file} has the same bytes as its golden`, () => {
      const path = join(dir, file);
      const log = combatLog(g(), seed);
      if (process.env[update]) writeFileSync(path, log);
      assert.equal(log, readFileSync(path, 'utf8'));
    });
  }
}
