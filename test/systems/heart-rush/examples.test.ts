// The spec's worked examples 1–8 (HEART-RUSH.md "Worked examples from the source") as scenes.
import assert from 'node:assert/strict';
import { weapon, armor } from '../../../systems/heart-rush/model.js';
import { HRSim, timingOrder } from '../../../systems/heart-rush/engine/sim.js';
import type { HREvent } from '../../../systems/heart-rush/engine/events.js';
import { shrugTaken } from '../../../systems/heart-rush/engine/odds.js';
import { woundRank, healCap, invokeWound, treatWounds } from '../../../systems/heart-rush/engine/wounds.js';
import { at, events, log, scene, who } from './scene.js';

type Ev<T extends HREvent['type']> = Extract<HREvent, { type: T }>;
const of = <T extends HREvent['type']>(evs: HREvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);

describe('Heart Rush worked examples', () => {
  it('HR-A1 HR-A3 HR-R3 HR-R4 HR-R1: Ex1 action-phase economy — free dash, then the action, no third dash', () => {
    const ash = who('Ash', { player: true, tactics: 'default' });
    const dummy = who('Dummy', { hp: 50 });
    const evs = events(scene([at(ash, 0, 0)], [at(dummy, 185, 0)]), 1, 2);
    const moves = of(evs, 'move').filter((m) => m.who === 'Ash');
    assert.deepEqual(
      moves.map((m) => [m.round, m.cost, m.to.join(',')]),
      [
        [1, 'free', '60,0'],
        [1, 'action', '120,0'],
        [2, 'free', '180,0'],
      ],
    );
    assert.equal(of(evs, 'help').length, 0);
    // rush untouched, action unspent in round 2
    const sim = new HRSim(scene([at(ash, 0, 0)], [at(dummy, 185, 0)]));
    sim.begin(1);
    sim.playRound();
    sim.playRound();
    assert.equal(sim.rush[0], 2);
    assert.equal(sim.actionUsed[0], 0);
    assert.equal(sim.x[0], 180);
  });

  it('HR-E7 HR-E8 HR-E4 HR-H1 HR-H9 HR-D3 HR-T2 HR-R2 HR-P2: Ex2 the Blade Dance round', () => {
    const wolf = who('Wolf', { heart: 6, cunning: 8, weapons: [weapon('Bite', { die: 6 })] });
    const rook = who('Rook', {
      player: true,
      heart: 8,
      agility: 8,
      cunning: 6,
      weapons: [weapon('Sabre', { die: 6 })],
      hp: 30,
    });
    const orc = who('Orc', {
      heart: 10,
      might: 10,
      agility: 4,
      armor: armor('Hide', 1),
      weapons: [weapon('Greataxe', { die: 12 })],
      hp: 40,
      shrug: 'always',
    });
    const wren = who('Wren', {
      player: true,
      heart: 6,
      agility: 10,
      weapons: [weapon('Longbow', { kind: 'ranged', die: 8, reach: 60 })],
      hp: 24,
    });
    const enc = scene(
      [at(rook, 10, 0, ['agility'], [3, 2, 6, 7, 4, 3, 5]), at(wren, 50, 0, ['agility'], [5, 8, 6])],
      [at(wolf, 5, 0, ['cunning'], [4, 5, 3]), at(orc, 20, 0, ['might'], [4, 2, 5, 3])],
    );
    const evs = events(enc, 1, 1);
    const atk = of(evs, 'attack');
    assert.equal(atk.length, 3);
    const [w, wr, r] = atk;
    assert.deepEqual(
      [w.who, w.target, w.attack.total, w.defense.total, w.hit!.taken, w.hit!.hpAfter],
      ['Wolf', 'Rook', 12, 5, 7, 23],
    );
    assert.deepEqual(
      of(evs, 'status').map((s) => [s.who, s.status, s.level]),
      [['Rook', 'off-balanced', 2]],
    );
    assert.deepEqual(
      [
        wr.who,
        wr.attack.total,
        wr.defense.total,
        wr.hit!.raw,
        wr.hit!.taken,
        wr.hit!.shrug,
        wr.hit!.wound,
        wr.hit!.hpAfter,
      ],
      ['Wren', 19, 7, 12, 6, { from: 10, to: 8 }, 0, 34],
    );
    const side = of(evs, 'move').find((m) => m.who === 'Rook')!;
    assert.deepEqual([side.kind, side.cost, side.to], ['sidestep', 'free', [15, 0]]);
    assert.equal(r.attack.level, -2);
    assert.deepEqual(
      r.attack.dice
        .filter((d) => d.kept)
        .map((d) => d.face)
        .sort(),
      [3, 4, 5],
    );
    assert.deepEqual(
      [r.who, r.attack.total, r.defense.total, r.hit!.raw, r.hit!.taken, r.hit!.shrug, r.hit!.hpAfter],
      ['Rook', 12, 9, 3, 2, { from: 8, to: 6 }, 32],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Orc' && e.stance === 'might'));
    assert.match(
      log(evs),
      /agility · Rook → Orc: \[d8 6 \+ d8 7 \+ d6 4, extra d8 3, d8 5 → lowest 3 = 12\] vs \[d8 5 \+ d4 3 \+ Hide 1 = 9\]/,
    );
  });

  it('HR-M1 HR-M2 HR-A6 HR-T5: Ex3 grappling the wolf, helped', () => {
    const cleric = who('Cleric', { player: true, tactics: 'support' });
    const bram = who('Bram', { player: true, heart: 10, might: 8, maneuver: 'grapple' });
    const wolf = who('Wolf', { heart: 6, might: 6, agility: 8 });
    const enc = scene(
      [at(cleric, 0, 0, ['defensive']), at(bram, 5, 0, ['cunning'], [9, 7, 2])],
      [at(wolf, 10, 0, ['agility'], [5, 7])],
    );
    const evs = events(enc, 1, 1);
    assert.deepEqual(
      of(evs, 'help').map((h) => [h.who, h.ally]),
      [['Cleric', 'Bram']],
    );
    assert.equal(of(evs, 'attack').length, 0, 'Bram forgoes his attack; the wolf has no valid target');
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual(
      [m.who, m.target, m.maneuver, m.mine.total, m.theirs.total, m.success],
      ['Bram', 'Wolf', 'grapple', 16, 12, true],
    );
    assert.deepEqual(
      m.mine.dice.filter((d) => !d.kept).map((d) => d.face),
      [2],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Wolf'));
    const sim = new HRSim(enc);
    sim.begin(1);
    sim.playRound();
    assert.equal(sim.grappledBy[2], 1);
    assert.equal(sim.grappling[1], 2);
  });

  it('HR-M4 HR-T3 HR-T1 HR-E10: Ex4 sand in the eyes', () => {
    const tam = who('Tam', { player: true, hp: 8, armor: armor('Mail', 2) });
    const orc = who('Orc Champion', { heart: 10, might: 10, agility: 4, weapons: [weapon('Greataxe', { die: 12 })] });
    const ysolde = who('Ysolde', { player: true, heart: 8, agility: 10, maneuver: 'blind' });
    const enc = scene(
      [at(tam, 0, 0, ['defensive'], [4, 3]), at(ysolde, 10, 0, ['agility'], [6, 7])],
      [at(orc, 5, 0, ['might'], [5, 2, 8, 9, 10, 3])],
    );
    const evs = events(enc, 1, 1);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.mine.total, m.theirs.total, m.success], ['blind', 13, 7, true]);
    assert.deepEqual(
      of(evs, 'status').map((s) => [s.who, s.status, s.level]),
      [['Orc Champion', 'blinded', 1]],
    );
    const a = of(evs, 'attack')[0];
    assert.deepEqual(
      [
        a.who,
        a.target,
        a.attack.level,
        a.attack.total,
        a.defense.total,
        a.hit!.raw,
        a.hit!.halved,
        a.hit!.taken,
        a.hit!.hpAfter,
      ],
      ['Orc Champion', 'Tam', -1, 20, 9, 11, true, 6, 2],
    );
    const sim = new HRSim(enc);
    sim.begin(1);
    sim.playRound();
    assert.equal(sim.st[2 * 4 + 3], 1);
    assert.ok(sim.up(0), 'Tam stands with 2 HP');
    sim.playRound();
    // faded at the start of round 2, before any roll (round 2's rolls come from the stream)
    assert.equal(sim.st[2 * 4 + 3], 0);
  });

  it('HR-E4 HR-C2 HR-H8 HR-X1: Ex5 two might fighters kill each other', () => {
    const club = weapon('Club', { die: 6 });
    const gorm = who('Gorm', { hp: 4, heart: 6, might: 6, weapons: [club] });
    const hask = who('Hask', { hp: 4, heart: 6, might: 6, weapons: [club] });
    const enc = scene([at(gorm, 0, 0, ['might'], [6, 6, 4, 3, 3, 3])], [at(hask, 5, 0, ['might'], [2, 3, 3, 5, 6, 6])]);
    const evs = events(enc);
    const [c1, c2] = of(evs, 'attack');
    assert.deepEqual(
      [c1.who, c1.contest, c1.attack.total, c1.defense.total, c1.hitOn, c1.hit!.taken, c1.hit!.hpAfter, c1.hit!.dead],
      ['Gorm', true, 16, 8, 'Hask', 8, -4, true],
    );
    assert.deepEqual(
      [c2.who, c2.contest, c2.attack.total, c2.defense.total, c2.hitOn, c2.hit!.taken, c2.hit!.hpAfter, c2.hit!.dead],
      ['Hask', true, 17, 9, 'Gorm', 8, -4, true],
    );
    const end = of(evs, 'end')[0];
    assert.deepEqual([end.outcome, end.round], ['draw', 1]);
    assert.match(log(evs), /No one is left standing in round 1/);
  });

  it('HR-M5 HR-P5 HR-E5: Ex6 pushed out of reach', () => {
    const tam = who('Tam', { player: true });
    const brute = who('Brute', { heart: 8, agility: 4 });
    const kira = who('Kira', { player: true, heart: 8, agility: 10, maneuver: 'shove' });
    const enc = scene(
      [at(tam, 0, 5, ['cunning']), at(kira, 0, 10, ['agility'], [5, 6])],
      [at(brute, 5, 5, ['might'], [3, 2])],
    );
    const evs = events(enc, 1, 1);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.mine.total, m.theirs.total, m.success], ['shove', 11, 5, true]);
    assert.deepEqual(
      of(evs, 'status').map((s) => [s.who, s.status, s.level]),
      [['Brute', 'off-balanced', 2]],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Brute' && e.stance === 'might'));
    assert.equal(of(evs, 'attack').length, 0);
    const sim = new HRSim(enc);
    sim.begin(1);
    sim.playRound();
    assert.deepEqual([sim.x[2], sim.y[2]], [10, 0]);
  });

  it('HR-H3 HR-H4 HR-H5 HR-H6: Ex7 wounds as pure functions', () => {
    assert.equal(woundRank(9), 0);
    assert.equal(woundRank(10), 10);
    assert.equal(healCap(40, [12, 11]), 17);
    assert.deepEqual(invokeWound(12), { penalty: -12, dp: 5 });
    const once = treatWounds(
      [
        { rank: 7, treated: false },
        { rank: 5, treated: false },
        { rank: 3, treated: false },
      ],
      5,
    );
    assert.deepEqual(once, [
      { rank: 2, treated: true },
      { rank: 0, treated: true },
    ]);
    assert.deepEqual(treatWounds(once, 5), once);
    assert.deepEqual(shrugTaken(9, 20, 8, 'never'), [9, false]);
  });

  it('HR-R2 HR-D4 HR-N9: Ex8 timing — A, B, D, C; tied players re-roll', () => {
    // A player d12, B non-player d12, C player d8, D non-player d10
    assert.deepEqual(
      timingOrder([12, 12, 8, 10], [true, false, true, false], () => 0),
      [0, 1, 3, 2],
    );
    const rolls = [9, 9, 3, 7];
    let k = 0;
    assert.deepEqual(
      timingOrder([10, 10], [true, true], () => rolls[k++]),
      [1, 0],
    );
    assert.equal(k, 4, 'the 9–9 tie was re-rolled');
  });
});
