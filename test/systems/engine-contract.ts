// What every rule system's engine promises and its invariants suite checks the same way (Heart Rush, Arcana, the
// grid): one file and seed give one log, byte for byte; the fast path's tallies are the event path's, combat by
// combat; chunks of a Monte Carlo add up; and a few logs are pinned by goldens. Each suite calls these inside its
// own describe, with the rule id its spec gives the promise (the titles carry it, test/rule-coverage.test.ts).
// `playContract`: the decision seam's promises (issue 32), run by the contract suite over every system with `play`.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { combatSeed } from '../../engine/rng.js';
import { mergeTally, type Tally } from '../../engine/tally.js';
import type { DecisionOverride, DecisionPoint, EncounterInfo, PlayedFight, SystemEngine } from '../../model/system.js';

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

// ── The decision seam (issue 32): `play` is the fight `events` logs, and a DecisionControl steers it exactly ──────

/** How a fight that `events` logs ended: the side that won (index in sides, -1 none) and the rounds fought. */
export function eventsEnd(engine: SystemEngine, enc: EncounterInfo, seed: number): PlayedFight {
  const g = engine.events(enc, seed);
  let r = g.next();
  let rounds = 0;
  while (!r.done) {
    if (engine.steps.large.starts(r.value)) rounds++;
    r = g.next();
  }
  // the seam's convention (model/system.ts, `events`): the outcome carries `rounds`, and outcomeText writes a
  // side's victory as "<side> won"; a system without `rounds` falls back to the rounds its log opens
  const said = engine.outcomeText(r.value, enc);
  const written = (r.value as { rounds?: unknown } | undefined)?.rounds;
  return {
    winner: enc.sides.findIndex((s) => said === `${s} won`),
    rounds: typeof written === 'number' ? written : rounds,
  };
}

/** Every decision point `play` offers a control that never overrides, with its index, as plain data. */
export function pointsOf(
  engine: SystemEngine,
  enc: EncounterInfo,
  seed: number,
  override?: (p: DecisionPoint, index: number) => DecisionOverride | undefined,
): { played: PlayedFight; points: string[] } {
  const points: string[] = [];
  const played = engine.play!(enc, seed, {
    decide(p, index) {
      points.push(
        JSON.stringify({ index, actor: p.actor, kind: p.kind, round: p.round, options: p.options, chosen: p.chosen }),
      );
      return override?.(p, index);
    },
  });
  return { played: { winner: played.winner, rounds: played.rounds }, points };
}

/**
 * The contract of `play` (issue 32), on `cases` (encounters with the seeds to fight): with no control it ends as
 * `events` ends; a control that never overrides changes nothing and meets the same points in the same order each
 * time (two or more legal options each, the policy's choice among them); an override with a reseed gives the same
 * fight twice; and reseeds do reach the continuation. A system whose engine has no `play` yet is skipped, visibly.
 */
export function playContract(
  label: string,
  load: () => Promise<SystemEngine>,
  cases: () => readonly { enc: EncounterInfo; seeds: readonly number[] }[],
): void {
  const title = (what: string) => `${label}: issue 32: ${what}`;
  /** The engine with play, or undefined after marking the test skipped (mocha lists it as pending, with its title). */
  let noted = false;
  const withPlay = async (ctx: Mocha.Context): Promise<SystemEngine | undefined> => {
    const engine = await load();
    if (engine.play) return engine;
    if (!noted)
      console.log(`      (${label}: its engine has no play yet; its decision-seam tests are pending until it lands)`);
    noted = true;
    ctx.skip();
  };

  it(
    title('play(enc, seed) without a control ends with the winner and rounds events(enc, seed) ends with'),
    async function () {
      const engine = await withPlay(this);
      if (!engine) return;
      for (const { enc, seeds } of cases())
        for (const seed of seeds) {
          const played = engine.play!(enc, seed);
          assert.deepEqual(
            { winner: played.winner, rounds: played.rounds },
            eventsEnd(engine, enc, seed),
            `${enc.name} seed ${seed}`,
          );
        }
    },
  );

  it(
    title(
      'a control that never overrides changes nothing, and the same fight meets the same decision points in the same order',
    ),
    async function () {
      const engine = await withPlay(this);
      if (!engine) return;
      let met = 0;
      for (const { enc, seeds } of cases())
        for (const seed of seeds.slice(0, 8)) {
          const plain = engine.play!(enc, seed);
          const a = pointsOf(engine, enc, seed);
          const b = pointsOf(engine, enc, seed);
          assert.deepEqual(a.played, { winner: plain.winner, rounds: plain.rounds }, `${enc.name} seed ${seed}`);
          assert.deepEqual(b, a, `${enc.name} seed ${seed}: the same points twice`);
          for (const [i, text] of a.points.entries()) {
            const p = JSON.parse(text) as {
              index: number;
              actor: number;
              round: number;
              options: string[];
              chosen: number;
            };
            assert.equal(p.index, i, `${enc.name} seed ${seed}: indices count the points met`);
            assert.ok(p.options.length >= 2, `${enc.name} seed ${seed} point ${i}: two or more options`);
            assert.ok(p.chosen >= 0 && p.chosen < p.options.length, `${enc.name} seed ${seed} point ${i}: chosen`);
            assert.ok(p.actor >= 0 && p.actor < enc.combatants.length, `${enc.name} seed ${seed} point ${i}: actor`);
            assert.ok(p.round >= 1, `${enc.name} seed ${seed} point ${i}: round`);
          }
          met += a.points.length;
        }
      assert.ok(met > 0, 'the fights met some decision with a choice');
    },
  );

  it(
    title('an override with a reseed gives the same fight twice, and another reseed reaches the continuation'),
    async function () {
      const engine = await withPlay(this);
      if (!engine) return;
      let differed = 0,
        tried = 0;
      for (const { enc, seeds } of cases())
        for (const seed of seeds.slice(0, 6)) {
          const { points } = pointsOf(engine, enc, seed);
          if (!points.length) continue;
          const k = points.length >> 1;
          const at = JSON.parse(points[k]) as { options: string[]; chosen: number };
          const option = (at.chosen + 1) % at.options.length;
          const steer = (reseed: number) => (_p: DecisionPoint, index: number) =>
            index === k ? { option, reseed } : undefined;
          const once = pointsOf(engine, enc, seed, steer(12345));
          assert.deepEqual(pointsOf(engine, enc, seed, steer(12345)), once, `${enc.name} seed ${seed} point ${k}`);
          assert.deepEqual(
            once.points.slice(0, k + 1),
            points.slice(0, k + 1),
            `${enc.name} seed ${seed}: the same prefix`,
          );
          for (const reseed of [1, 2, 3]) {
            tried++;
            if (JSON.stringify(pointsOf(engine, enc, seed, steer(reseed))) !== JSON.stringify(once)) differed++;
          }
        }
      assert.ok(tried > 0, 'some fight had a decision to steer');
      assert.ok(
        differed > 0,
        `no reseed changed a continuation in ${tried} tries: reseed must seed the rest of the fight`,
      );
    },
  );
}
