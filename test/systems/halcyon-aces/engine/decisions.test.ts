// Decisions as data (issue 32): SystemEngine.play offers every decision point (action, seize, reaction) with its
// legal options; the policy never mutates rule state; a control overrides a choice or reseeds the continuation.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { DecisionControl, DecisionPoint } from '../../../../model/system.js';
import type { Encounter } from '../../../../systems/halcyon-aces/model.js';
import { HA_ENGINE } from '../../../../systems/halcyon-aces/engine/seam.js';
import { runCombat } from '../../../../systems/halcyon-aces/engine/combat.js';
import { compile } from '../../../../systems/halcyon-aces/engine/compile.js';
import { CombatSim } from '../../../../systems/halcyon-aces/engine/sim.js';
import { decide } from '../../../../systems/halcyon-aces/engine/policy/tactics.js';
import { legalActions, policyOption } from '../../../../systems/halcyon-aces/engine/decisions.js';
import { P_ACT } from '../../../../systems/halcyon-aces/engine/sim/state.js';
import { diskHost } from '../../../../cli/files.js';
import { checkFiles } from '../../../helpers.js';

const root = process.cwd();
const SAMPLES = ['archer-ambush', 'boss-warlord', 'tavern-brawl', 'party', 'worked-examples', 'scripted-boss'].map(
  (f) => join(root, 'samples', `${f}.aces`),
);
const encounters: Encounter[] = checkFiles(SAMPLES, diskHost(root)).model.encounters;
const play = HA_ENGINE.play!;

function outcomeOf(enc: Encounter, seed: number): { winner: number; rounds: number } {
  const it = runCombat(enc, seed);
  let r = it.next();
  while (!r.done) r = it.next();
  return { winner: r.value.winner === null ? -1 : enc.sides.indexOf(r.value.winner), rounds: r.value.rounds };
}

/** A control that never overrides and keeps every point it is offered. */
function recorder(): DecisionControl & { points: DecisionPoint[]; indices: number[] } {
  const points: DecisionPoint[] = [];
  const indices: number[] = [];
  return {
    points,
    indices,
    decide(p, i) {
      points.push(p);
      indices.push(i);
      return undefined;
    },
  };
}

describe('Halcyon Aces decisions as data (issue 32)', () => {
  it('has sample encounters', () => assert.ok(encounters.length >= 6));

  it('play without a control, and with one that never overrides, is the fight events() logs (every sample, 8 seeds)', () => {
    for (const enc of encounters)
      for (let seed = 1; seed <= 8; seed++) {
        const want = outcomeOf(enc, seed);
        assert.deepEqual(play(enc, seed), want, `${enc.name} seed ${seed}`);
        const rec = recorder();
        assert.deepEqual(play(enc, seed, rec), want, `${enc.name} seed ${seed} (recorded)`);
        assert.deepEqual(
          rec.indices,
          rec.points.map((_, i) => i),
        );
        for (const p of rec.points) {
          assert.ok(p.options.length >= 2, `${p.kind}: ${p.options.join(' | ')}`);
          assert.ok(p.chosen >= 0 && p.chosen < p.options.length);
          assert.equal(new Set(p.options).size, p.options.length, `distinct options: ${p.options.join(' | ')}`);
          assert.ok(p.actor >= 0 && p.actor < enc.combatants.length);
          assert.ok(['action', 'seize', 'reaction'].includes(p.kind));
        }
      }
  });

  it('offers actions (HA-A*), Seize Initiative (HA-I5) and Brace (HA-R2) with their legal options', () => {
    const kinds = new Set<string>();
    const words = new Set<string>();
    for (const enc of encounters)
      for (let seed = 1; seed <= 8; seed++) {
        const rec = recorder();
        play(enc, seed, rec);
        for (const p of rec.points) {
          kinds.add(p.kind);
          for (const o of p.options) words.add(o.split(' ')[0]);
        }
      }
    assert.deepEqual([...kinds].sort(), ['action', 'reaction', 'seize']);
    for (const w of ['Strike', 'Stride', 'Dash', 'Active', 'Recover', 'end', 'Seize', 'Brace:', 'keep', 'Stabilize'])
      assert.ok(words.has(w), `an option starting '${w}' among ${[...words].join(', ')}`);
  });

  it('the policy never mutates rule state: decide() leaves every field the rules keep as it was', () => {
    for (const enc of encounters.slice(0, 3)) {
      const sim = new CombatSim(compile(enc)) as CombatSim & { live: Uint8Array };
      for (let seed = 1; seed <= 4; seed++) {
        sim.begin(seed, null);
        let checked = 0;
        while (!sim.done) {
          if (sim.phase === P_ACT && sim.actions > 0 && sim.able(sim.cur)) {
            const before = sim.live.slice();
            const ints = [sim.actions, sim.strikes, sim.round, sim.turnIdx, sim.cur];
            decide(sim, sim.cur);
            assert.deepEqual(sim.live, before, `${enc.name} seed ${seed}: rule state changed by decide()`);
            assert.deepEqual([sim.actions, sim.strikes, sim.round, sim.turnIdx, sim.cur], ints);
            // and the policy's choice is one of the legal actions
            const mine = policyOption(sim).label;
            const legal = legalActions(sim, sim.cur).map((o) => o.label);
            if (!mine.startsWith('Dash') && !mine.startsWith('Team'))
              assert.ok(legal.includes(mine), `${mine} among ${legal.join(' | ')}`);
            checked++;
          }
          sim.step();
        }
        assert.ok(checked > 0);
      }
    }
  });

  it('an override is applied: a side that always ends its turn never wins (HA-I6)', () => {
    const enc = encounters.find((e) => e.name === "Ambush on the King's Road")!;
    const sideOf = enc.combatants.map((c) => enc.sides.indexOf(c.side));
    let wins = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const passive: DecisionControl = {
        decide: (p) =>
          p.kind === 'action' && sideOf[p.actor] === 0 ? { option: p.options.indexOf('end the turn') } : undefined,
      };
      const r = play(enc, seed, passive);
      assert.notEqual(r.winner, 0, `seed ${seed}`);
      if (outcomeOf(enc, seed).winner === 0) wins++;
    }
    assert.ok(wins > 0, 'the side wins some of these fights when it plays');
  });

  it('reseed: the continuation draws from streams seeded at that point, the same for every option (paired)', () => {
    const enc = encounters.find((e) => e.name === "The Warlord's Hall")!;
    const at = (point: number, reseed: number, option?: number): DecisionControl => ({
      decide: (_p, i) => (i === point ? { reseed, option } : undefined),
    });
    let differ = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const a = play(enc, seed, at(3, 777));
      assert.deepEqual(play(enc, seed, at(3, 777)), a, 'same reseed, same fight');
      const base = play(enc, seed);
      const other = play(enc, seed, at(3, 778));
      if (other.winner !== a.winner || other.rounds !== a.rounds || base.rounds !== a.rounds) differ++;
    }
    assert.ok(differ > 0, 'another reseed plays another continuation');
  });

  it('an option out of range is a clear error', () => {
    const enc = encounters[0];
    assert.throws(() => play(enc, 1, { decide: () => ({ option: 99 }) }), /option 99 is not one of 0\.\./);
  });
});
