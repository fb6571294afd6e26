// Issue 32 item 1: Heart Rush's decisions as data. `play` (seam.ts) runs the fast path's code with a control
// attached: with no control, or one that never overrides, it is the very fight `events` logs; the control sees every
// decision point with its legal options, and an override (with a reseed) changes the fight from that point on.

import assert from 'node:assert/strict';
import type { DecisionPoint } from '../../../model/system.js';
import { combatEvents, type Outcome } from '../../../systems/heart-rush/engine/index.js';
import { playFight } from '../../../systems/heart-rush/engine/seam.js';
import { HRSim } from '../../../systems/heart-rush/engine/sim.js';
import type { HREvent } from '../../../systems/heart-rush/engine/index.js';
import type { Encounter } from '../../../systems/heart-rush/model.js';
import { brawl4v4, duel2v2, ford, giantHunt, threeSides } from './gen.js';

function logged(enc: Encounter, seed: number): { winner: number; rounds: number } {
  const g = combatEvents(enc, seed);
  let x = g.next();
  while (!x.done) x = g.next();
  const o: Outcome = x.value;
  return { winner: o.outcome === 'victory' ? o.winner : -1, rounds: o.rounds };
}

const ENCOUNTERS: [string, () => Encounter][] = [
  ['ford', ford],
  ['2v2', duel2v2],
  ['4v4', brawl4v4],
  ['three sides', threeSides],
  ['giant hunt', giantHunt],
];

describe('Heart Rush play: decisions as data (issue 32)', () => {
  it('HR-R1 HR-E2: play with no control, and with a control that never overrides, is the fight events logs', () => {
    for (const [name, make] of ENCOUNTERS) {
      const enc = make();
      for (let seed = 1; seed <= 40; seed++) {
        const want = logged(enc, seed);
        assert.deepEqual(playFight(enc, seed), want, `${name} seed ${seed}`);
        assert.deepEqual(playFight(enc, seed, { decide: () => undefined }), want, `${name} seed ${seed} (watched)`);
      }
    }
  });

  it('HR-E2 HR-E3 HR-A1 HR-A5: every point offered has two or more legal options, the policy choice among them', () => {
    const kinds = new Map<string, number>();
    for (const [, make] of ENCOUNTERS) {
      const enc = make();
      for (let seed = 1; seed <= 20; seed++) {
        let next = 0;
        playFight(enc, seed, {
          decide(p: DecisionPoint, index: number) {
            assert.equal(index, next++);
            assert.ok(p.options.length >= 2, JSON.stringify(p));
            assert.ok(p.chosen >= 0 && p.chosen < p.options.length, JSON.stringify(p));
            assert.ok(p.round >= 1 && p.actor >= 0 && p.actor < enc.sides.flatMap((s) => s.placements).length);
            kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1);
            return undefined;
          },
        });
      }
    }
    for (const k of ['stance', 'target', 'move']) assert.ok((kinds.get(k) ?? 0) > 0, `${k}: ${[...kinds.keys()]}`);
  });

  it('HR-E2: an override with a reseed replays alike, and the points before it are the unwatched fight', () => {
    const enc = brawl4v4();
    let changed = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const at = 3;
      const points: string[][] = [[], []];
      const run = (k: number, option: number): { winner: number; rounds: number } =>
        playFight(enc, seed, {
          decide(p, index) {
            points[k].push(`${index} ${p.actor} ${p.kind} ${p.options.join('|')} ${p.chosen}`);
            return index === at ? { option: (p.chosen + option) % p.options.length, reseed: 1000 + seed } : undefined;
          },
        });
      const a = run(0, 1),
        b = run(1, 1);
      assert.deepEqual(a, b, `seed ${seed}`);
      assert.deepEqual(points[0], points[1]);
      // the reseed alone (the policy's own option) is a fight on fresh randomness from that point
      const c = run(0, 0);
      if (c.winner !== a.winner || c.rounds !== a.rounds) changed++;
    }
    assert.ok(changed > 0, 'an override never changed a fight');
  });

  it('HR-E2 HRS-41 (issue 32 item 4): a stance overridden with a reseed meets stances drawn afresh, not the ones drawn before it', () => {
    // the probe tries each of the second chooser's stances on reseeded dice; the first chooser's stance, drawn a
    // moment earlier from its mix, must be drawn again, or every option is weighed against a stance nobody could see
    const enc = duel2v2();
    const sim = new HRSim(enc);
    const seen = new Set<string>();
    let tried = 0;
    for (let k = 1; k <= 40; k++) {
      const log: HREvent[] = [];
      sim.sink = log;
      let first = -1;
      let at = -1;
      sim.control = {
        decide(p: DecisionPoint) {
          if (p.kind !== 'stance' || p.round !== 1) return undefined;
          if (first < 0) {
            first = p.actor;
            return undefined;
          }
          if (at >= 0) return undefined;
          at = p.actor;
          tried++;
          return { option: p.chosen, reseed: 1000 + k };
        },
      };
      sim.run(7);
      sim.control = null;
      const st = log.find((e) => e.type === 'stances' && e.round === 1);
      if (st?.type === 'stances' && first >= 0 && at >= 0)
        seen.add(st.picks.find((x) => x.who === sim.names[first])!.stance);
    }
    sim.sink = null;
    assert.equal(tried, 40);
    assert.ok(seen.size >= 2, `the first chooser's round-1 stance: ${[...seen].join(', ')}`);
    // and with no control the fight is the one events logs (the first test above): the redraw is the probe's alone
  });
});
