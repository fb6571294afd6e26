// Issue 32: Arcana's decisions as data. `play(enc, seed, control)` is the fight `events(enc, seed)` logs when
// the control never overrides; each decision point offers its legal options with the policy's choice among them;
// an override changes the fight, a reseed makes two overridden fights share their continuation; the policy reads
// the fight and never changes it.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskHost } from '../../../cli/files.js';
import type { DecisionControl, DecisionPoint } from '../../../model/system.js';
import { checkFiles } from '../../../systems/index.js';
import { fightCount } from '../../deep.js';
import type { ArEncounter } from '../../../systems/arcana/index.js';
import { AR_ENGINE } from '../../../systems/arcana/engine/seam.js';
import { ArSim } from '../../../systems/arcana/engine/sim.js';
import { T_AGGRESSIVE } from '../../../systems/arcana/engine/decisions.js';
import type { Outcome } from '../../../systems/arcana/engine/events.js';
import {
  WorthMemo,
  attackTable,
  attackTableOf,
  attackWorth,
  cheatCard,
  lowestCardAtLeast,
  choose,
  defenseWorth,
  keepWorth,
  keepOutWorth,
  pickTarget,
  pickTargetOf,
  peerOf,
  pmaxOf,
  sideSums,
  sideSumsOf,
  surelyAttacks,
  aggressiveAttacks,
  threat,
  threatOf,
  toConcede,
  weighKeepInFull,
  worthAtDefense,
} from '../../../systems/arcana/engine/policy/index.js';
import { runChunk } from '../../../systems/arcana/engine/fast-path.js';
import { value } from '../../../systems/arcana/engine/deck.js';
import { ALL } from './gen.js';

export function sampleEncounters(): ArEncounter[] {
  const dir = resolve('samples/arcana');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.aces') && !/bestiary|worked/.test(f))
    .sort()
    .map((f) => join(dir, f));
  const r = checkFiles(files, diskHost(process.cwd()));
  return files.flatMap((f) => (r.encountersByFile.get(f) ?? []) as ArEncounter[]);
}

function outcomeOf(enc: ArEncounter, seed: number): Outcome {
  const it = AR_ENGINE.events(enc, seed);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value as Outcome;
  }
}

const winnerOf = (o: Outcome): number => (o.outcome === 'victory' ? o.winner : -1);

/** Records every point offered; overrides nothing. */
function recorder(points: DecisionPoint[]): DecisionControl {
  return { decide: (p) => (points.push(p), undefined) };
}

/** How many random attacks the lookahead's twin test compares: 1,000 in the unit suite, 3,000 deep (test/deep.ts). */
const TWIN_ATTACKS = fightCount('AR_TWIN_ATTACKS', 1000, 3000);

/** A random attack (AttackSpec) from the stream r, for the twin tests of the lookahead's tables. */
function randomSpec(r: () => number) {
  return {
    attack: Math.floor(r() * 16),
    defense: Math.floor(r() * 12),
    damageBonus: Math.floor(r() * 7) - 1,
    toughness: Math.floor(r() * 5),
    health: 1 + Math.floor(r() * 20),
    aim: r() < 0.3,
  };
}
describe('Arcana decisions as data: play (issue 32)', () => {
  const encs = sampleEncounters();

  it('the samples are here (three encounters or more)', () => {
    assert.ok(encs.length >= 3, encs.map((e) => e.name).join(', '));
  });

  it('play without a control, and with one that never overrides, is the fight events(enc, seed) logs', () => {
    for (const enc of encs)
      for (let seed = 0; seed < 60; seed++) {
        const o = outcomeOf(enc, seed);
        const want = { winner: winnerOf(o), rounds: o.rounds };
        assert.deepEqual(AR_ENGINE.play!(enc, seed), want, `${enc.name} seed ${seed}`);
        const points: DecisionPoint[] = [];
        assert.deepEqual(AR_ENGINE.play!(enc, seed, recorder(points)), want, `${enc.name} seed ${seed} (control)`);
      }
  });

  it('every point has two or more options and the policy’s choice among them; targets, actions and cheats all occur', () => {
    const kinds = new Set<string>();
    for (const enc of encs)
      for (let seed = 0; seed < 40; seed++) {
        const points: DecisionPoint[] = [];
        AR_ENGINE.play!(enc, seed, recorder(points));
        for (const p of points) {
          kinds.add(p.kind);
          assert.ok(p.options.length >= 2, JSON.stringify(p));
          assert.ok(p.chosen >= 0 && p.chosen < p.options.length, JSON.stringify(p));
          assert.ok(p.actor >= 0 && p.actor < enc.combatants.length);
          assert.ok(p.round >= 1);
          if (p.kind === 'cheat' || p.kind === 'answer-cheat') assert.equal(p.options[0], 'no cheat');
          if (p.kind === 'action') assert.match(p.options[0], /attack /);
        }
      }
    assert.deepEqual([...kinds].sort(), ['action', 'answer-cheat', 'cheat', 'target']);
  });

  it('the same overrides replay the same fight; another option changes what follows', () => {
    const enc = encs[0];
    let changed = 0;
    for (let seed = 0; seed < 30; seed++) {
      const base: DecisionPoint[] = [];
      AR_ENGINE.play!(enc, seed, recorder(base));
      const k = base.findIndex((p) => p.kind === 'action');
      if (k < 0) continue;
      const other = (base[k].chosen + 1) % base[k].options.length;
      const run = (): { r: unknown; pts: DecisionPoint[] } => {
        const pts: DecisionPoint[] = [];
        const r = AR_ENGINE.play!(enc, seed, {
          decide: (p, i) => (pts.push(p), i === k ? { option: other } : undefined),
        });
        return { r, pts };
      };
      const a = run(),
        b = run();
      assert.deepEqual(a, b);
      // the points before the override are the policy's fight's
      assert.deepEqual(a.pts.slice(0, k + 1), base.slice(0, k + 1));
      if (JSON.stringify(a.pts) !== JSON.stringify(base)) changed++;
    }
    assert.ok(changed > 0);
  });

  it('reseed: the same reseed at one point replays one continuation; another reseed, another', () => {
    const enc = encs[0];
    let differs = 0,
      tried = 0;
    for (let seed = 0; seed < 30; seed++) {
      const base: DecisionPoint[] = [];
      AR_ENGINE.play!(enc, seed, recorder(base));
      const k = base.findIndex((p) => p.kind === 'target' || p.kind === 'action');
      if (k < 0) continue;
      tried++;
      const rounds = (reseed: number): string => {
        const pts: DecisionPoint[] = [];
        const r = AR_ENGINE.play!(enc, seed, {
          decide: (p, i) => (pts.push(p), i === k ? { reseed } : undefined),
        });
        return JSON.stringify({ r, pts });
      };
      assert.equal(rounds(1234), rounds(1234));
      if (rounds(1234) !== rounds(99)) differs++;
    }
    assert.ok(tried > 10 && differs > tried / 2, `${differs} of ${tried}`);
  });

  it('an option out of range is refused with what was asked', () => {
    const enc = encs[0];
    assert.throws(() => AR_ENGINE.play!(enc, 1, { decide: () => ({ option: 99 }) }), /option 99 of a '\w+' decision/);
  });

  it('the policy reads the fight and never changes it (every decision point of many fights)', () => {
    for (const enc of encs) {
      const sim = new ArSim(enc.model);
      const snap = (): string =>
        JSON.stringify([
          Array.from(sim.hp),
          Array.from(sim.out),
          sim.hands,
          sim.temps,
          sim.deck.drawPile(),
          sim.deck.discardPile(),
          sim.oppCard,
          sim.table,
        ]);
      let checked = 0;
      sim.control = {
        decide: (p) => {
          const before = snap();
          const i = p.actor;
          const t = pickTarget(sim, i);
          choose(sim, i, t, []);
          const hand = sim.hands[sim.handOf(i)];
          cheatCard(hand, (v) => v > value(hand[0] ?? -1));
          assert.equal(snap(), before);
          checked++;
          return undefined;
        },
      };
      for (let seed = 0; seed < 20; seed++) sim.run(seed);
      assert.ok(checked > 20);
    }
  });

  it('issue 32 item 5, ARS-18: the fast paths equal their plain twins at every decision of many fights: the kept tables (attackTable / attackTableOf), chances (pmaxOf), threats and targets (threat / threatOf, pickTarget / pickTargetOf, ARS-7, ARS-26), the hand-free bound (surelyAttacks) and the choice without a log (choose with why null / the full weighing)', () => {
    let asked = 0,
      sure = 0,
      weighed = 0;
    for (const enc of encs) {
      const sim = new ArSim(enc.model);
      sim.control = {
        decide: (p) => {
          if (p.kind !== 'target' && p.kind !== 'action') return undefined;
          const i = p.actor;
          assert.equal(pickTarget(sim, i), pickTargetOf(sim, i));
          for (let t = 0; t < sim.n; t++) {
            if (sim.side[t] === sim.side[i] || sim.out[t] !== 0) continue;
            const tab = attackTable(sim, i, t);
            assert.equal(tab, attackTableOf(sim, i, t));
            assert.ok(
              Math.abs(
                tab.base -
                  attackWorth(
                    {
                      attack: sim.stat(i, sim.atkStat[i]) + sim.wBonus[i] + sim.atkEdge[i],
                      defense: sim.stat(t, 2) + sim.armor[t] + sim.defEdge[t],
                      damageBonus: sim.wBonus[i] + sim.dmgEdge[i],
                      toughness: sim.toughness[t],
                      health: sim.hp[t],
                      aim: sim.wRanged[i] === 1,
                    },
                    [],
                    false,
                  ),
              ) < 1e-9,
            );
            assert.equal(threat(sim, t), threatOf(sim, t));
            assert.equal(pickTarget(sim, t), pickTargetOf(sim, t));
            const full = choose(sim, i, t, []);
            assert.equal(choose(sim, i, t, null), full, `${sim.names[i]} on ${sim.names[t]}`);
            if (sim.tactic[i] === 0) {
              asked++;
              if (surelyAttacks(sim, i, t, tab)) {
                sure++;
                assert.equal(full, null, `${sim.names[i]} on ${sim.names[t]}: the bound says attack`);
              } else weighed++;
            }
          }
          return undefined;
        },
      };
      for (let seed = 0; seed < 40; seed++) sim.run(seed);
      for (let k = 0; k < sim.worth.pmax.length; k++)
        if (sim.worth.pmax[k] !== undefined)
          assert.equal(sim.worth.pmax[k], pmaxOf(sim, Math.floor(k / sim.n), k % sim.n));
    }
    assert.ok(sure > 100 && asked > sure, `${asked} asked, ${sure} sure, ${weighed} weighed`);
  });

  it('issue 32 item 5, ARS-7: pickTarget keeps one target for allies whose attack reads the same numbers (peerOf: a group’s copies) and equals its plain twin pickTargetOf for every standing combatant at every decision of many fights', () => {
    let shared = 0,
      asked = 0;
    for (const enc of encs) {
      const sim = new ArSim(enc.model);
      for (let i = 0; i < sim.n; i++) {
        const p = peerOf(sim, i);
        assert.ok(p <= i && sim.side[p] === sim.side[i]);
        if (p !== i) shared++;
      }
      sim.control = {
        decide: () => {
          for (let i = 0; i < sim.n; i++) {
            if (sim.out[i] !== 0) continue;
            asked++;
            assert.equal(pickTarget(sim, i), pickTargetOf(sim, i), `${enc.name}: ${sim.names[i]}`);
          }
          return undefined;
        },
      };
      for (let seed = 0; seed < 40; seed++) sim.run(seed);
    }
    assert.ok(shared >= 3 && asked > 1000, `${shared} combatants share a peer's target, ${asked} asked`);
  });

  it('issue 32 item 5, ARS-21, ARS-24: a cheat that asks the foes coming for its keeper only for a card its own-attack keep leaves a chance plays the same fights as its plain twin (weighKeepInFull: every card weighed in full), on every sample', () => {
    let fights = 0;
    for (const enc of encs) {
      const fast = runChunk(enc.model, 3, 0, 150);
      weighKeepInFull(true);
      try {
        assert.deepEqual(runChunk(enc.model, 3, 0, 150), fast, enc.name);
      } finally {
        weighKeepInFull(false);
      }
      fights += fast.runs;
    }
    assert.ok(fights >= 600, `${fights} fights`);
  });

  it('issue 32 item 5, ARS-27: the aggressive turn’s bound (aggressiveAttacks) says attack only where its plain twin, surelyAttacks and the full weighing, attacks too, and an aggressive choice without a log equals the logged one, at every decision of the samples and the fresh encounters', () => {
    const fresh = resolve('test/systems/arcana/fixtures/fresh.aces');
    const r = checkFiles([fresh], diskHost(process.cwd()));
    const all = [...encs, ...((r.encountersByFile.get(fresh) ?? []) as ArEncounter[])];
    let settled = 0,
      sure = 0,
      weighed = 0,
      maneuvers = 0;
    for (const enc of all) {
      const sim = new ArSim(enc.model);
      sim.control = {
        decide: (p) => {
          const i = p.actor;
          if (p.kind !== 'action' || sim.tactic[i] !== T_AGGRESSIVE) return undefined;
          for (let t = 0; t < sim.n; t++) {
            if (sim.side[t] === sim.side[i] || sim.out[t] !== 0) continue;
            const tab = attackTable(sim, i, t);
            const full = choose(sim, i, t, []);
            assert.equal(choose(sim, i, t, null), full, `${enc.name}: ${sim.names[i]} on ${sim.names[t]}`);
            if (full !== null) maneuvers++;
            if (surelyAttacks(sim, i, t, tab)) sure++;
            if (aggressiveAttacks(sim, i, t, tab)) {
              settled++;
              assert.equal(full, null, `${enc.name}: ${sim.names[i]} on ${sim.names[t]}: the bound says attack`);
            } else weighed++;
          }
          return undefined;
        },
      };
      for (let seed = 0; seed < 12; seed++) sim.run(seed);
    }
    assert.ok(
      settled > sure && weighed > 0 && maneuvers > 0,
      `${settled} settled (${sure} by surelyAttacks), ${weighed} weighed, ${maneuvers} maneuvers`,
    );
  });

  it('issue 32 item 5, ARS-26: the side sums kept per side until a take-out (sideSums, keyed on outStamps: able threat, take-outs to go, how many stand) equal their plain twin sideSumsOf at every decision of many fights, for both sides', () => {
    let kept = 0,
      asked = 0;
    for (const enc of encs) {
      const sim = new ArSim(enc.model);
      sim.control = {
        decide: () => {
          for (let s = 0; s < 2; s++) {
            if (sim.worth.sideAt[s] === sim.outStamps[s]) kept++;
            asked++;
            const fast = [...sideSums(sim, s)];
            assert.deepEqual(fast, [...sideSumsOf(sim, s)], `${enc.name}, side ${s}`);
            assert.equal(fast[1], toConcede(sim, s));
          }
          return undefined;
        },
      };
      for (let seed = 0; seed < 40; seed++) sim.run(seed);
    }
    assert.ok(kept > 100 && asked > kept, `${asked} asked, ${kept} kept`);
  });

  it('issue 32 item 5, AR-C2: canInvoke (no aspect reference built) equals its plain twin applicable(f, o) !== null at every decision of many fights, for every pair and for no opponent', () => {
    let yes = 0,
      no = 0;
    // the samples (every character declares an aspect) and the generated encounters (temporary aspects only, some)
    for (const model of [...encs.map((e) => e.model), ...ALL.map((g) => g())]) {
      const sim = new ArSim(model);
      sim.control = {
        decide: () => {
          for (let f = 0; f < sim.n; f++)
            for (let o = -1; o < sim.n; o++) {
              const plain = sim.applicable(f, o) !== null;
              assert.equal(sim.canInvoke(f, o), plain, `${sim.names[f]} against ${o}`);
              if (plain) yes++;
              else no++;
            }
          return undefined;
        },
      };
      for (let seed = 0; seed < 20; seed++) sim.run(seed);
    }
    assert.ok(yes > 100 && no > 100, `${yes} can invoke, ${no} cannot`);
  });

  it(`the lookahead’s tables (WorthMemo) equal their plain twins, attackWorth, defenseWorth, keepWorth and keepOutWorth, on ${TWIN_ATTACKS.toLocaleString('en')} attacks and hands (ARS-18, ARS-19, ARS-21, ARS-23, issue 32)`, () => {
    const memo = new WorthMemo();
    let x = 7,
      outs = 0;
    const r = (): number => ((x = (x * 1103515245 + 12345) % 2147483648), x / 2147483648);
    let worst = 0;
    for (let k = 0; k < TWIN_ATTACKS; k++) {
      const s = randomSpec(r);
      const hand = Array.from({ length: Math.floor(r() * 6) }, () => 2 + Math.floor(r() * 13)).sort((a, b) => a - b);
      const cheat = r() < 0.8;
      worst = Math.max(
        worst,
        Math.abs(memo.worthOfSpec(s, hand, cheat) - attackWorth(s, hand, cheat)),
        Math.abs(memo.defenseOfSpec(s, hand, cheat) - defenseWorth(s, hand, cheat)),
        Math.abs(memo.keepOfSpec(s, 2 + (k % 13)) - keepWorth(s, 2 + (k % 13))),
        Math.abs(memo.keepOutOfSpec(s, 2 + (k % 13)) - keepOutWorth(s, 2 + (k % 13))),
      );
      if (keepOutWorth(s, 2 + (k % 13)) > 0) outs++;
    }
    assert.ok(worst < 1e-9, String(worst));
    assert.ok(outs > TWIN_ATTACKS / 10, `${outs} cards that make a take-out`);
  });

  it('ARS-25 (issue 32): the attack’s worth at a fixed defense card (WorthMemo.atDefense) equals its plain twin worthAtDefense on 60 attacks, two cards each', () => {
    const memo = new WorthMemo();
    let x = 29;
    const r = (): number => ((x = (x * 1103515245 + 12345) % 2147483648), x / 2147483648);
    let worst = 0,
      some = 0;
    for (let k = 0; k < 60; k++) {
      const s = randomSpec(r);
      for (const d of [2 + (k % 13), 14 - (k % 13)]) {
        const plain = worthAtDefense(s, d);
        if (plain > 0) some++;
        worst = Math.max(worst, Math.abs(memo.atDefenseOfSpec(s, d) - plain));
      }
    }
    assert.ok(worst < 1e-9, String(worst));
    assert.ok(some > 40, `${some} attacks worth something`);
  });

  it('issue 32 item 5, AR-C6: a maneuver’s cheat by threshold (lowestCardAtLeast) equals its plain twin cheatCard(hand, v ≥ need) on 3,000 hands, repeated values included', () => {
    let x = 11;
    const r = (k: number): number => ((x = (x * 1103515245 + 12345) % 2147483648), Math.floor((x / 2147483648) * k));
    let some = 0;
    for (let k = 0; k < 3000; k++) {
      // cards as the deck holds them (value = card % 13 + 2), so equal values of other suits occur
      const hand = Array.from({ length: r(7) }, () => r(52));
      const need = r(16);
      const want = cheatCard(hand, (v) => v >= need);
      assert.equal(lowestCardAtLeast(hand, need), want, `hand ${hand.join(' ')}, need ${need}`);
      if (want > 0) some++;
    }
    assert.ok(some > 100, `a card past the first chosen only ${some} times`);
  });
});
