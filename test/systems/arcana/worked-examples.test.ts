// The spec's worked examples written in .aces (samples/arcana/worked-examples.aces):
// built by the checker, replayed by the Arcana engine through the seam, with the
// outcomes ARCANA.md states (the expectations of examples.test.ts, which builds
// the same scenes by hand). Where a scene uses the example file's characters
// unchanged, the checked scene's log equals the hand-built scene's log.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { card } from '../../../systems/arcana/engine/render.js';
import { AR_ENGINE } from '../../../systems/arcana/engine/seam.js';
import type { Encounter } from '../../../systems/arcana/model.js';
import { check, encounterOf, show, type ArCheck } from './lang.js';
import {
  bruno,
  copies,
  deckhand,
  events as sceneEvents,
  log,
  placement,
  scene,
  scripted,
  silas,
  vale,
} from './scene.js';

const PATH = 'samples/arcana/worked-examples.aces';

type Ev<T extends ArEvent['type']> = Extract<ArEvent, { type: T }>;
const of = <T extends ArEvent['type']>(evs: ArEvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);
const hits = (evs: ArEvent[]): [string, string, number, number, number, number][] =>
  of(evs, 'hit').map((h) => [h.who, h.target, h.attack, h.defense, h.damage, h.after]);
const end = (evs: ArEvent[]): Ev<'end'> => of(evs, 'end')[0];

describe('Arcana worked examples written in .aces', () => {
  let r: ArCheck;
  before(() => {
    r = check(readFileSync(PATH, 'utf8'), {});
  });
  /** The encounter's events through the seam (SystemEngine.events), as `aces run` plays them. */
  const play = (name: string): ArEvent[] => {
    const enc = encounterOf(r, name);
    return [...AR_ENGINE.events(enc, enc.seed)] as ArEvent[];
  };
  const model = (name: string): Encounter => encounterOf(r, name).model;

  it('the file checks clean and declares every scene', () => {
    assert.deepEqual(r.diagnostics, [], show(r));
    assert.equal(r.model.encounters.length, 14); // W2 is a table of actions, not a fight (examples.test.ts)
  });

  it("scenes with the example file's characters replay exactly as the hand-built scenes (same log but the title)", () => {
    const pairs: [string, Encounter][] = [
      [
        'W1 Round Sequence',
        scene([placement(scripted(bruno))], [placement(scripted(silas))], '2♣ K♣ 5♦ 2♥ 3♥ 4♥ 6♦ 2♦ 4♣ 3♠', {
          rounds: 2,
        }),
      ],
      ['W3 Melee Attack Total', scene([placement(scripted(bruno))], [placement(scripted(deckhand))], '10♠ 2♥ 6♦ 9♣')],
      [
        'W4 Ranged Attack Total',
        scene([placement(scripted(vale))], [placement(scripted(silas))], 'A♠ 2♣ 3♥ 5♦ 9♥ 2♦ 2♠', {
          oppositionCard: 'off',
        }),
      ],
      [
        'W5 Minimum 1',
        scene([placement(scripted(bruno))], [placement(scripted(deckhand))], '2♣ A♣ 5♥ 4♥ 2♠ 7♠', {
          oppositionCard: 'off',
        }),
      ],
      [
        'W11 The GM Cheats',
        scene(
          [placement(scripted(vale)), placement(scripted(bruno))],
          copies(scripted(deckhand), 2, 'Dock Rats'),
          'A♣ K♠ Q♠ 2♣ 4♦ 3♥ 5♥ 10♥ 2♦ 8♣ 3♦ 9♣',
          { handOfFate: 1, aspects: ['Crates Stacked to the Rafters'] },
        ),
      ],
      [
        "W12 A Group's Initiative",
        scene([placement(scripted(vale))], copies(scripted(deckhand), 2, 'Dock Rats'), '7♥ J♣ 2♦ 5♣ 3♦ 6♣ 2♥ 4♥ 3♥', {
          oppositionCard: 'off',
        }),
      ],
    ];
    for (const [name, hand] of pairs) {
      const body = (s: string) => s.split('\n').slice(1).join('\n');
      assert.equal(body(log(play(name))), body(log(sceneEvents({ ...hand, seed: 1 }).evs)), name);
    }
  });

  it('AR-R1 AR-I1 AR-O2 AR-A5 AR-E2: W1 — initiative once (Bruno 4, Silas 16), 5♦ then 6♦, a tie misses, stalemate', () => {
    const evs = play('W1 Round Sequence');
    assert.deepEqual(
      of(evs, 'initiative').map((e) => [e.holder, e.score]),
      [
        ['Bruno Kask', 4],
        ['Silas Crane', 16],
      ],
    );
    assert.deepEqual(
      of(evs, 'round').map((e) => card(e.card!)),
      ['5♦', '6♦'],
    );
    assert.deepEqual(hits(evs), [
      ['Silas Crane', 'Bruno Kask', 7, 7, 0, 14],
      ['Bruno Kask', 'Silas Crane', 11, 9, 3, 11],
      ['Silas Crane', 'Bruno Kask', 7, 8, 0, 14],
      ['Bruno Kask', 'Silas Crane', 10, 10, 0, 11],
    ]);
    assert.equal(end(evs).outcome, 'stalemate');
  });

  it('AR-A2 AR-A4 AR-A6 AR-D1 AR-D4 AR-E1: W3 — 16 vs 8, 10 damage, Taken Out, the smugglers concede in round 1', () => {
    const evs = play('W3 Melee Attack Total');
    const h = of(evs, 'hit')[0];
    assert.deepEqual([h.attack, h.defense, h.start, h.damage, h.after], [16, 8, 8, 10, 0]);
    assert.equal(of(evs, 'attack')[0].defense.opposition, true);
    const e = end(evs);
    assert.deepEqual([e.outcome, e.winner, e.round], ['victory', 'investigators', 1]);
  });

  it('AR-A3 AR-A5 AR-T5: W4, W4b, W4c — 12 vs 13 miss and 1 damage back; 12 vs 12 miss; the aim card J♥: 18 vs 13, Silas 7', () => {
    const w4 = play('W4 Ranged Attack Total');
    assert.deepEqual(
      of(w4, 'aim').map((e) => card(e.card)),
      ['3♥'],
    );
    assert.deepEqual(hits(w4), [
      ['Inspector Vale', 'Silas Crane', 12, 13, 0, 14],
      ['Silas Crane', 'Inspector Vale', 7, 6, 1, 11],
    ]);
    assert.deepEqual(hits(play('W4b Tie Misses'))[0], ['Inspector Vale', 'Silas Crane', 12, 12, 0, 14]);
    assert.deepEqual(hits(play('W4c Aim Card Used'))[0], ['Inspector Vale', 'Silas Crane', 18, 13, 7, 7]);
  });

  it('AR-D1 AR-D2: W5 — Deckhand first (15); 9 vs 8 deals 0 → 1, Bruno 13; Bruno 9 vs 9 misses', () => {
    const evs = play('W5 Minimum 1');
    assert.deepEqual(
      of(evs, 'order')[0].order.map((o) => [o.holder, o.score]),
      [
        ['Deckhand', 15],
        ['Bruno Kask', 4],
      ],
    );
    assert.deepEqual(hits(evs), [
      ['Deckhand', 'Bruno Kask', 9, 8, 1, 13],
      ['Bruno Kask', 'Deckhand', 9, 9, 0, 6],
    ]);
    assert.equal(model('W5 Minimum 1').sides[0].placements[0].character.toughness, 2, 'Toughness = armor 2 (AR-D2)');
  });

  it('AR-M3 AR-M5 AR-O3 AR-S2 AR-C1 AR-C2 AR-C4 AR-C6 AR-S3: W6/W7 — Blinded, 9♠ drawn; then 9♠ replaces 2♥: 16 vs 9, Silas 6', () => {
    const evs = play('W6 W7 Dust, then Cheating Fate');
    const m = of(evs, 'maneuver-result')[0];
    assert.deepEqual(
      [m.success, m.total, m.against, m.aspect, m.on, card(m.drew!)],
      [true, 14, 7, 'Blinded', 'Silas Crane', '9♠'],
    );
    const c = of(evs, 'cheat');
    assert.deepEqual(
      c.map((x) => [x.who, x.aspect.name, card(x.card), card(x.replaces)]),
      [['Bruno Kask (W6)', 'Blinded', '9♠', '2♥']],
    );
    assert.deepEqual(hits(evs), [
      ['Silas Crane', 'Bruno Kask (W6)', 8, 10, 0, 14],
      ['Bruno Kask (W6)', 'Silas Crane', 16, 9, 8, 6],
      ['Silas Crane', 'Bruno Kask (W6)', 8, 11, 0, 14],
    ]);
  });

  it('AR-M2 AR-M4 AR-M5: W8 / W8b — 10 ≥ 10: Swinging on the Rope on Vale, no card; with 6♥, 9 fails and nothing is placed', () => {
    const r8 = of(play('W8 Grab the Rope'), 'maneuver-result')[0];
    assert.deepEqual(
      [r8.success, r8.total, r8.against, r8.aspect, r8.on, r8.drew],
      [true, 10, 10, 'Swinging on the Rope', 'Inspector Vale (W8)', null],
    );
    const r8b = of(play('W8b Miss the Rope'), 'maneuver-result')[0];
    assert.deepEqual([r8b.success, r8b.total, r8b.aspect], [false, 9, null]);
  });

  it('AR-M4 AR-M5: W9 — 4 + 8 = 12 ≥ 12: a scene aspect, and Vale draws J♦', () => {
    const m = of(play('W9 Draw Every Eye'), 'maneuver-result')[0];
    assert.deepEqual(
      [m.success, m.total, m.aspect, m.on, card(m.drew!)],
      [true, 12, 'Draw Every Eye', 'the scene', 'J♦'],
    );
  });

  it('AR-M1 AR-M3: W10 — 13 vs 13 fails: no aspect, no card', () => {
    const m = of(play('W10 Change the Subject'), 'maneuver-result')[0];
    assert.deepEqual([m.success, m.total, m.against, m.aspect, m.drew], [false, 13, 13, null, null]);
  });

  it('AR-C5 AR-C6 AR-O2 AR-S3: W11 — order 17/14/3; A♣ replaces 4♦ for the round: 12 vs 16 misses; Bruno 17 vs 16 deals 3', () => {
    const evs = play('W11 The GM Cheats');
    assert.deepEqual(
      of(evs, 'order')[0].order.map((o) => [o.holder, o.score]),
      [
        ['Inspector Vale', 17],
        ['Bruno Kask', 14],
        ['Dock Rats', 3],
      ],
    );
    const c = of(evs, 'cheat');
    assert.deepEqual(
      c.map((x) => [x.who, x.aspect.name, card(x.card), card(x.replaces), x.oppositionCard]),
      [['The GM', 'Crates Stacked to the Rafters', 'A♣', '4♦', 'permanent']],
    );
    assert.deepEqual(hits(evs), [
      ['Inspector Vale', 'Deckhand 1', 12, 16, 0, 6],
      ['Bruno Kask', 'Deckhand 1', 17, 16, 3, 3],
      ['Deckhand 1', 'Inspector Vale', 6, 12, 0, 12],
      ['Deckhand 2', 'Inspector Vale', 7, 13, 0, 12],
    ]);
    assert.equal(card(of(evs, 'round-end')[0].card!), 'A♣');
  });

  it('AR-I1 AR-I2 AR-I3 AR-G2 AR-G3: W12 / W12b — Dock Rats 12 act first, Vale takes Deckhand 1 out, no concession; at 11 = 11 Vale goes first', () => {
    const evs = play("W12 A Group's Initiative");
    assert.deepEqual(
      of(evs, 'initiative').map((e) => [e.holder, e.score]),
      [
        ['Inspector Vale', 11],
        ['Dock Rats', 12],
      ],
    );
    assert.deepEqual(hits(evs), [
      ['Deckhand 1', 'Inspector Vale', 6, 9, 0, 12],
      ['Deckhand 2', 'Inspector Vale', 7, 10, 0, 12],
      ['Inspector Vale', 'Deckhand 1', 11, 5, 9, 0],
    ]);
    assert.equal(end(evs).outcome, 'stalemate');
    const b = play('W12b Initiative Tie');
    assert.deepEqual(
      of(b, 'order')[0].order.map((o) => [o.holder, o.score]),
      [
        ['Inspector Vale', 11],
        ['Dock Rats', 11],
      ],
    );
    assert.deepEqual(hits(b), [
      ['Inspector Vale', 'Deckhand 1', 11, 5, 9, 0],
      ['Deckhand 2', 'Inspector Vale', 6, 9, 0, 12],
    ]);
  });
});
