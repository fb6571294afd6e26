// samples/heart-rush/worked-examples.aces: each of HEART-RUSH.md's worked
// examples written in the language, built through the checker and replayed by
// the engine, with the outcomes the spec states (the same expectations as
// examples.test.ts, which builds the scenes in code).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Encounter } from '../../../systems/heart-rush/model.js';
import { combatEvents, renderEvent, type HREvent } from '../../../systems/heart-rush/engine/index.js';
import { HRSim } from '../../../systems/heart-rush/engine/sim.js';
import { armor, weapon } from '../../../systems/heart-rush/model.js';
import { check } from './lang.js';
import { at, scene as handScene, who } from './scene.js';

type Ev<T extends HREvent['type']> = Extract<HREvent, { type: T }>;
const of = <T extends HREvent['type']>(evs: HREvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);

function events(enc: Encounter, upTo = Infinity): HREvent[] {
  const out: HREvent[] = [];
  for (const e of combatEvents(enc)) {
    if ('round' in e && e.round > upTo) break;
    out.push(e);
  }
  return out;
}
const log = (evs: HREvent[]): string =>
  evs
    .map(renderEvent)
    .filter((l) => l !== undefined)
    .join('\n');

describe('Heart Rush worked examples, written in .aces and run through the checker', () => {
  const text = readFileSync(resolve('samples/heart-rush/worked-examples.aces'), 'utf8');
  const r = check(text, {}, true);
  const scene = (prefix: string): Encounter => {
    const e = r.model.encounters.find((x) => x.name.startsWith(prefix + ' '));
    assert.ok(e, `no encounter "${prefix} …"`);
    return e.encounter;
  };

  it('the file checks clean', () => {
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code} ${d.message}`),
      [],
    );
    assert.deepEqual(
      r.model.encounters.map((e) => e.name.split(' ')[0]),
      ['1', '2', '3', '4', '5', '6', '8'],
    );
  });

  it('the checked scenes equal the hand-built ones of examples.test.ts (Ex2, Ex4, Ex5)', () => {
    const placements = (e: Encounter): unknown => e.sides.map((s) => s.placements);
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
    const ex2 = handScene(
      [at(rook, 10, 0, ['agility'], [3, 2, 6, 7, 4, 3, 5]), at(wren, 50, 0, ['agility'], [5, 8, 6])],
      [at(wolf, 5, 0, ['cunning'], [4, 5, 3]), at(orc, 20, 0, ['might'], [4, 2, 5, 3])],
    );
    assert.deepEqual(placements(scene('2')), placements(ex2));
    const tam = who('Tam', { player: true, hp: 8, armor: armor('Mail', 2) });
    const champ = who('Orc Champion', { heart: 10, might: 10, agility: 4, weapons: [weapon('Greataxe', { die: 12 })] });
    const ysolde = who('Ysolde', { player: true, heart: 8, agility: 10, maneuver: 'blind' });
    const ex4 = handScene(
      [at(tam, 0, 0, ['defensive'], [4, 3]), at(ysolde, 10, 0, ['agility'], [6, 7])],
      [at(champ, 5, 0, ['might'], [5, 2, 8, 9, 10, 3])],
    );
    assert.deepEqual(placements(scene('4')), placements(ex4));
    const club = weapon('Club', { die: 6 });
    const gorm = who('Gorm', { hp: 4, heart: 6, might: 6, weapons: [club] });
    const hask = who('Hask', { hp: 4, heart: 6, might: 6, weapons: [club] });
    const ex5 = handScene(
      [at(gorm, 0, 0, ['might'], [6, 6, 4, 3, 3, 3])],
      [at(hask, 5, 0, ['might'], [2, 3, 3, 5, 6, 6])],
    );
    assert.deepEqual(placements(scene('5')), placements(ex5));
  });

  it('HR-A1 HR-A3 HR-R3: Ex1 free dash, then the action, no third dash; round 2 free dash into reach', () => {
    const enc = scene('1');
    const moves = of(events(enc, 2), 'move').filter((m) => m.who === 'Ash');
    assert.deepEqual(
      moves.map((m) => [m.round, m.cost, m.to.join(',')]),
      [
        [1, 'free', '60,0'],
        [1, 'action', '120,0'],
        [2, 'free', '180,0'],
      ],
    );
    const sim = new HRSim(enc);
    sim.begin(enc.seed);
    sim.playRound();
    sim.playRound();
    assert.deepEqual([sim.rush[0], sim.actionUsed[0], sim.x[0]], [2, 0, 180]);
  });

  it('HR-E7 HR-E8 HR-E4 HR-H1 HR-D3: Ex2 the Blade Dance round', () => {
    const evs = events(scene('2'), 1);
    const [w, wr, rk] = of(evs, 'attack');
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
    assert.equal(rk.attack.level, -2);
    assert.deepEqual(
      [rk.who, rk.attack.total, rk.defense.total, rk.hit!.raw, rk.hit!.taken, rk.hit!.shrug, rk.hit!.hpAfter],
      ['Rook', 12, 9, 3, 2, { from: 8, to: 6 }, 32],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Orc' && e.stance === 'might'));
    assert.match(
      log(evs),
      /agility · Rook → Orc: \[d8 6 \+ d8 7 \+ d6 4, extra d8 3, d8 5 → lowest 3 = 12\] vs \[d8 5 \+ d4 3 \+ Hide 1 = 9\]/,
    );
  });

  it('HR-M1 HR-M2 HR-A6 HR-T5: Ex3 grappling the wolf, helped', () => {
    const enc = scene('3');
    const evs = events(enc, 1);
    assert.deepEqual(
      of(evs, 'help').map((h) => [h.who, h.ally]),
      [['Cleric', 'Bram']],
    );
    assert.equal(of(evs, 'attack').length, 0);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual(
      [m.who, m.target, m.maneuver, m.mine.total, m.theirs.total, m.success],
      ['Bram', 'Grey Wolf', 'grapple', 16, 12, true],
    );
    assert.deepEqual(
      m.mine.dice.filter((d) => !d.kept).map((d) => d.face),
      [2],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Grey Wolf'));
    const sim = new HRSim(enc);
    sim.begin(enc.seed);
    sim.playRound();
    assert.deepEqual([sim.grappledBy[2], sim.grappling[1]], [1, 2]);
  });

  it('HR-M4 HR-T3 HR-T1 HR-E10: Ex4 sand in the eyes', () => {
    const enc = scene('4');
    const evs = events(enc, 1);
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
    sim.begin(enc.seed);
    sim.playRound();
    assert.equal(sim.st[2 * 4 + 3], 1);
    assert.ok(sim.up(0), 'Tam stands with 2 HP');
    sim.playRound();
    assert.equal(sim.st[2 * 4 + 3], 0, 'blinded fades at the start of round 2');
  });

  it('HR-E4 HR-C2 HR-H8 HR-X1: Ex5 two might fighters kill each other', () => {
    const evs = events(scene('5'));
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
    const enc = scene('6');
    const evs = events(enc, 1);
    const m = of(evs, 'maneuver')[0];
    assert.deepEqual([m.maneuver, m.mine.total, m.theirs.total, m.success], ['shove', 11, 5, true]);
    assert.deepEqual(
      of(evs, 'status').map((s) => [s.who, s.status, s.level]),
      [['Brute', 'off-balanced', 2]],
    );
    assert.ok(of(evs, 'no-target').some((e) => e.who === 'Brute' && e.stance === 'might'));
    assert.equal(of(evs, 'attack').length, 0);
    const sim = new HRSim(enc);
    sim.begin(enc.seed);
    sim.playRound();
    assert.deepEqual([sim.x[2], sim.y[2]], [10, 0]);
  });

  it('HR-R2 HR-N9: Ex8 timing order A, B, D, C', () => {
    const start = of(events(scene('8'), 0), 'start')[0];
    assert.deepEqual(start.order, ['A', 'B', 'D', 'C']);
  });
});
