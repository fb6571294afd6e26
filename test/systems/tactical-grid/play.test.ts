// Decisions as data (issue 32): the grid's SystemEngine.play offers each decision (the actor, TG-V2; the action,
// TG-V5/V7; the tag on attack and on defence and the effect, TG-V6) with its legal options to a DecisionControl.
// Without an override it is the logged fight; an override changes the fight; a reseed re-derives the dice.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { DecisionControl, DecisionPoint } from '../../../model/system.js';
import { TG_ENGINE, type SeamEncounter } from '../../../systems/tactical-grid/engine/seam.js';
import type { Outcome } from '../../../systems/tactical-grid/engine/events.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { ALL, randomEncounter } from './gen.js';
import { check } from './lang.js';

function seamOf(enc: Encounter): SeamEncounter {
  return { encounter: enc } as unknown as SeamEncounter;
}
function sampleEncounters(): SeamEncounter[] {
  const bestiary = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
  return ['crypt', 'mill-road', 'wolf-pack'].flatMap((f) => {
    const r = check(readFileSync(`samples/tactical-grid/${f}.aces`, 'utf8'), { 'bestiary.aces': bestiary }, true);
    return r.model.encounters as unknown as SeamEncounter[];
  });
}
function logged(enc: SeamEncounter, seed: number): Outcome {
  const it = TG_ENGINE.events(enc, seed);
  for (;;) {
    const n = it.next();
    if (n.done === true) return n.value as Outcome;
  }
}
/** A control that never overrides and keeps every point it is offered. */
function watcher(points: DecisionPoint[]): DecisionControl {
  return { decide: (p) => (points.push(p), undefined) };
}

describe('tactical-grid play: decisions offered as data (issue 32)', function () {
  this.timeout(240_000);
  const encounters = [
    ...sampleEncounters(),
    ...ALL.map((g) => seamOf(g())),
    ...[1, 2, 3, 4].map((s) => seamOf(randomEncounter(3000 + s))),
  ];
  it('TG-V2 TG-V5 TG-V6 play without a control, or with one that never overrides, is the logged fight (winner, rounds)', () => {
    for (const enc of encounters)
      for (let seed = 1; seed <= 12; seed++) {
        const o = logged(enc, seed);
        const want = { winner: o.outcome === 'win' ? o.winner : -1, rounds: o.rounds };
        assert.deepEqual(TG_ENGINE.play!(enc, seed), want, `${enc.encounter.name} seed ${seed}`);
        assert.deepEqual(TG_ENGINE.play!(enc, seed, watcher([])), want, `${enc.encounter.name} seed ${seed}, watched`);
      }
  });
  it("TG-V2 TG-V5 TG-V6 every point offers two options or more, the policy's among them; every kind is offered", () => {
    const kinds = new Set<string>();
    for (const enc of encounters)
      for (let seed = 1; seed <= 4; seed++) {
        const points: DecisionPoint[] = [];
        TG_ENGINE.play!(enc, seed, watcher(points));
        for (const p of points) {
          kinds.add(p.kind);
          assert.ok(p.options.length >= 2, `${p.kind}: ${p.options.join(' | ')}`);
          assert.ok(p.chosen >= 0 && p.chosen < p.options.length, `${p.kind} chosen ${p.chosen}`);
          assert.ok(p.round >= 1 && p.actor >= 0, `${p.kind} round ${p.round} actor ${p.actor}`);
        }
      }
    for (const k of ['actor', 'action', 'tag on attack', 'tag on defence', 'effect']) assert.ok(kinds.has(k), k);
  });
  it('TG-E6 the actor options never name a Stunned member while another fresh member is not Stunned', () => {
    let stunnedOffered = 0,
      points = 0;
    for (const enc of encounters)
      for (let seed = 1; seed <= 6; seed++) {
        const sim = new TGSim(enc.encounter);
        sim.sink = null;
        sim.play(seed, {
          decide: (p) => {
            if (p.kind !== 'actor') return undefined;
            points++;
            const named = p.options.map((o) => sim.units.find((v) => `${v.name} acts` === o)!);
            if (named.some((v) => v.stunned) && named.some((v) => !v.stunned)) stunnedOffered++;
            return undefined;
          },
        });
      }
    assert.ok(points > 20, `${points} actor points`);
    assert.equal(stunnedOffered, 0);
  });
  it('TG-V5 an override changes fights, the same override the same fight (seeded, replayable)', () => {
    const last: DecisionControl = { decide: (p) => ({ option: p.options.length - 1 }) };
    let changed = 0;
    for (const enc of encounters)
      for (let seed = 1; seed <= 4; seed++) {
        const a = TG_ENGINE.play!(enc, seed, last);
        assert.deepEqual(TG_ENGINE.play!(enc, seed, last), a);
        if (JSON.stringify(a) !== JSON.stringify(TG_ENGINE.play!(enc, seed))) changed++;
      }
    assert.ok(changed > 5, `${changed} fights changed`);
  });
  it("TG-V1 a reseed at a point re-derives the dice: one reseed, one continuation, whatever the fight's own seed", () => {
    const enc = encounters[0];
    const at = (k: number, reseed: number): DecisionControl => ({
      decide: (_p, i) => (i === k ? { reseed } : undefined),
    });
    let differs = 0;
    for (let r = 1; r <= 20; r++) {
      const a = TG_ENGINE.play!(enc, 5, at(0, r));
      assert.deepEqual(TG_ENGINE.play!(enc, 5, at(0, r)), a);
      // reseeded at the first decision, before any die is rolled: the fight's own seed no longer matters
      assert.deepEqual(TG_ENGINE.play!(enc, 6, at(0, r)), a, `reseed ${r}`);
      if (JSON.stringify(a) !== JSON.stringify(TG_ENGINE.play!(enc, 5))) differs++;
    }
    assert.ok(differs > 0, 'some reseeded fights end otherwise');
  });
});
