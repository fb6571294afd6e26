// The spec's worked examples W1–W12 (ARCANA.md "Worked examples from the
// source") replayed as scripted scenes, asserting the outcomes the spec states.
import assert from 'node:assert/strict';
import { ACTION_TABLE, turnProblem, type ActionKind } from '../../../systems/arcana/engine/actions.js';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { card } from '../../../systems/arcana/engine/render.js';
import { maneuver } from '../../../systems/arcana/model.js';
import { bruno, copies, deckhand, events, log, placement, scene, scripted, silas, vale } from './scene.js';

type Ev<T extends ArEvent['type']> = Extract<ArEvent, { type: T }>;
const of = <T extends ArEvent['type']>(evs: ArEvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);
const hits = (evs: ArEvent[]): [string, string, number, number, number, number][] =>
  of(evs, 'hit').map((h) => [h.who, h.target, h.attack, h.defense, h.damage, h.after]);
const end = (evs: ArEvent[]): Ev<'end'> => of(evs, 'end')[0];

describe('Arcana worked examples', () => {
  it('AR-R1 AR-I1 AR-O2 AR-A5 AR-E2: W1 round sequence — initiative once, one opposition card per round, stalemate at the cap', () => {
    const { evs, sim } = events(
      scene([placement(scripted(bruno))], [placement(scripted(silas))], '2♣ K♣ 5♦ 2♥ 3♥ 4♥ 6♦ 2♦ 4♣ 3♠', { rounds: 2 }),
    );
    assert.deepEqual(
      of(evs, 'initiative').map((e) => [e.holder, e.score]),
      [
        ['Bruno Kask', 4],
        ['Silas Crane', 16],
      ],
    );
    assert.deepEqual(
      of(evs, 'order')[0].order.map((o) => o.holder),
      ['Silas Crane', 'Bruno Kask'],
    );
    assert.equal(of(evs, 'initiative').length, 2, 'initiative is flipped once (AR-I1)');
    assert.deepEqual(
      of(evs, 'round').map((r) => card(r.card!)),
      ['5♦', '6♦'],
    );
    assert.deepEqual(hits(evs), [
      ['Silas Crane', 'Bruno Kask', 7, 7, 0, 14], // a tie fails
      ['Bruno Kask', 'Silas Crane', 11, 9, 3, 11], // start 2, 2 + 2 − 1
      ['Silas Crane', 'Bruno Kask', 7, 8, 0, 14],
      ['Bruno Kask', 'Silas Crane', 10, 10, 0, 11],
    ]);
    assert.deepEqual(
      of(evs, 'round-end').map((r) => card(r.card!)),
      ['5♦', '6♦'],
    );
    assert.equal(end(evs).outcome, 'stalemate');
    assert.equal(sim.deck.discards, 10);
  });

  it('AR-T2 AR-T3 AR-T4: W2 action economy — the legal and illegal turns, the 12 table entries by effort', () => {
    const legal: ActionKind[][] = [
      ['aim', 'attack'],
      ['walk', 'open-door'],
      ['draw-weapon', 'attack'],
      ['attack', 'drop-item', 'shout-warning', 'quick-glance', 'flip-switch'],
    ];
    for (const t of legal) assert.equal(turnProblem(t), null, t.join(' + '));
    const illegal: ActionKind[][] = [
      ['attack', 'maneuver'],
      ['attack', 'cast-spell'],
      ['aim', 'walk', 'attack'],
    ];
    for (const t of illegal) assert.notEqual(turnProblem(t), null, t.join(' + '));
    const by = (e: string): string[] =>
      Object.entries(ACTION_TABLE)
        .filter(([, v]) => v === e)
        .map(([k]) => k);
    assert.deepEqual(by('free'), ['drop-item', 'shout-warning', 'quick-glance', 'flip-switch']);
    assert.deepEqual(by('simple'), ['draw-weapon', 'walk', 'aim', 'open-door']); // aiming turns a card yet stays simple (AR-T4)
    assert.deepEqual(by('complex'), ['attack', 'maneuver', 'cast-spell', 'use-device']);
  });

  it('AR-A1 AR-A2 AR-A4 AR-A6 AR-D1 AR-D4 AR-E1: W3 melee attack total — 16 vs 8, 10 damage, Taken Out, the smugglers concede in round 1', () => {
    const { evs } = events(scene([placement(scripted(bruno))], [placement(scripted(deckhand))], '10♠ 2♥ 6♦ 9♣'));
    const a = of(evs, 'attack')[0];
    assert.deepEqual(
      [a.used, a.stat, a.bonus, a.edge, a.total, card(a.defense.card), a.defense.opposition, a.defense.total],
      [9, 4, 2, 1, 16, '6♦', true, 8],
    );
    const h = of(evs, 'hit')[0];
    assert.deepEqual([h.start, h.damage, h.before, h.after], [8, 10, 6, 0]);
    assert.deepEqual(
      of(evs, 'taken-out').map((e) => e.who),
      ['Deckhand'],
    );
    const e = end(evs);
    assert.deepEqual(
      [e.outcome, e.winner, e.loser, e.round, e.out, e.of],
      ['victory', 'investigators', 'smugglers', 1, 1, 1],
    );
  });

  describe('AR-A3 AR-A5 AR-T5: W4 ranged attack total (Vale vs Silas, opposition card off)', () => {
    const run = (deck: string): ArEvent[] =>
      events(scene([placement(scripted(vale))], [placement(scripted(silas))], deck, { oppositionCard: 'off' })).evs;
    it('W4: aim 3♥, flip 5♦ — 12 vs 13 misses; Silas 7 vs 6 deals 1 + 1 − 1 = 1, Vale 11', () => {
      const evs = run('A♠ 2♣ 3♥ 5♦ 9♥ 2♦ 2♠');
      assert.deepEqual(
        of(evs, 'aim').map((e) => card(e.card)),
        ['3♥'],
      );
      assert.deepEqual(of(evs, 'declare')[0].actions, ['aim', 'attack']);
      assert.deepEqual(hits(evs), [
        ['Inspector Vale', 'Silas Crane', 12, 13, 0, 14],
        ['Silas Crane', 'Inspector Vale', 7, 6, 1, 11],
      ]);
      const h = of(evs, 'hit')[1];
      assert.deepEqual([h.start, h.bonus, h.toughness], [1, 1, 1]);
    });
    it('W4b: 8♥ for 9♥ — 12 vs 12, a miss (tie)', () => {
      assert.deepEqual(hits(run('A♠ 2♣ 3♥ 5♦ 8♥ 2♦ 2♠'))[0], ['Inspector Vale', 'Silas Crane', 12, 12, 0, 14]);
    });
    it('W4c: J♥ for 3♥ — the better card is the aim card: 18 vs 13, 5 + 3 − 1 = 7, Silas 7', () => {
      const evs = run('A♠ 2♣ J♥ 5♦ 9♥ 2♦ 2♠');
      assert.equal(of(evs, 'attack')[0].used, 11);
      assert.deepEqual(hits(evs)[0], ['Inspector Vale', 'Silas Crane', 18, 13, 7, 7]);
    });
  });

  it('AR-D1 AR-D2: W5 minimum 1 — 9 vs 8 deals 1 + 1 − 2 = 0 → 1, Bruno 13; Bruno 9 vs 9 misses', () => {
    const { evs } = events(
      scene([placement(scripted(bruno))], [placement(scripted(deckhand))], '2♣ A♣ 5♥ 4♥ 2♠ 7♠', {
        oppositionCard: 'off',
      }),
    );
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
    const h = of(evs, 'hit')[0];
    assert.deepEqual([h.raw, h.toughness], [0, 2]);
    assert.equal(bruno.toughness, 2, 'Toughness = armor 2 + toughness edge 0 (AR-D2)');
  });

  describe('W6/W7: dust in the eyes, then Cheating Fate (Bruno cunning vs Silas, rounds 2)', () => {
    const { evs, sim } = events(
      scene(
        [placement(scripted(bruno, { tactics: 'cunning' }))],
        [placement(scripted(silas))],
        'K♠ 2♣ 4♦ Q♥ 9♠ 3♦ 6♣ 5♦ 2♥ 3♣ 7♣',
        { rounds: 2 },
      ),
    );
    it('AR-M3 AR-M5 AR-O3 AR-S2: W6 14 vs 7 with the opposition card resisting: Blinded on Silas, Bruno draws 9♠; Silas 8 vs 10 misses', () => {
      const m = of(evs, 'maneuver')[0];
      assert.equal(m.vs.kind, 'opposed');
      if (m.vs.kind === 'opposed')
        assert.deepEqual([m.total, m.vs.total, card(m.vs.card), m.vs.opposition], [14, 7, '4♦', true]);
      const r = of(evs, 'maneuver-result')[0];
      assert.deepEqual([r.success, r.aspect, r.on, card(r.drew!), r.hand], [true, 'Blinded', 'Silas Crane', '9♠', 1]);
      assert.deepEqual(hits(evs)[0], ['Silas Crane', 'Bruno Kask', 8, 10, 0, 14]);
    });
    it('AR-C1 AR-C2 AR-C4 AR-C6 AR-S3: W7 round 2 Bruno can cheat so attacks; 9 vs 9 misses, he invokes Blinded and 9♠ replaces 2♥: 16 vs 9, 8 damage, Silas 6', () => {
      const d = of(evs, 'declare')[2];
      assert.equal(d.who, 'Bruno Kask');
      assert.deepEqual(d.actions, ['attack']);
      assert.match(d.reason, /step 1: can cheat/);
      const a = of(evs, 'attack')[1];
      assert.deepEqual([card(a.flip), a.total, a.defense.total], ['2♥', 9, 9]);
      const c = of(evs, 'cheat');
      assert.equal(c.length, 1);
      assert.deepEqual(
        [c[0].who, c[0].aspect.name, c[0].aspect.kind, card(c[0].card), card(c[0].replaces)],
        ['Bruno Kask', 'Blinded', 'temporary', '9♠', '2♥'],
      );
      assert.equal(c[0].reason, 'ARS-21: a miss becomes a hit, worth more than the card kept');
      const h = of(evs, 'hit')[1];
      assert.deepEqual([h.attack, h.defense, h.start, h.damage, h.after], [16, 9, 7, 8, 6]);
      assert.deepEqual(hits(evs)[2], ['Silas Crane', 'Bruno Kask', 8, 11, 0, 14]);
      assert.equal(sim.temps.length, 0, 'Blinded was spent (AR-S2)');
      assert.equal(sim.deck.discards, 11, 'all 11 cards end in the discard pile');
      assert.match(
        log(evs),
        /Bruno Kask invokes Blinded \(spent\): 9♠ replaces 2♥\nHit, 16 vs 9: 7 \+ 2 − Toughness 1 = 8 damage; Silas Crane 14 → 6/,
      );
    });
  });

  describe('AR-M1 AR-M2 AR-M4 AR-M5: W8 jump to grab a rope (Vale cunning, a self maneuver)', () => {
    const rope = maneuver('Grab the Rope', { target: 'self', stat: 'agility', tn: 10, aspect: 'Swinging on the Rope' });
    const run = (deck: string) =>
      events(
        scene(
          [placement(scripted(vale, { tactics: 'cunning', maneuvers: [rope] }))],
          [placement(scripted(deckhand))],
          deck,
          { oppositionCard: 'off' },
        ),
      );
    it('W8: 3 + 7 = 10 ≥ 10: Swinging on the Rope on Vale, no card drawn', () => {
      const { evs, sim } = run('K♠ 2♣ 7♥ 2♦ 4♣');
      const r = of(evs, 'maneuver-result')[0];
      assert.deepEqual(
        [r.success, r.total, r.against, r.aspect, r.on, r.drew],
        [true, 10, 10, 'Swinging on the Rope', 'Inspector Vale', null],
      );
      assert.equal(sim.hands[0].length, 0);
      assert.equal(of(evs, 'aim').length, 0, 'a maneuver turn declares no Aim');
    });
    it('ARS-17: once "Swinging on the Rope" lies on Vale unspent, cunning attacks instead of placing it again', () => {
      const deck = 'K♠ 2♣ 7♥ 2♦ 4♣ 9♥ 3♣ 8♦ 5♠ 6♣ 10♦ J♣ Q♦ 3♥';
      const { evs } = events(
        scene(
          [placement(scripted(vale, { tactics: 'cunning', maneuvers: [rope] }))],
          [placement(scripted(deckhand))],
          deck,
          { oppositionCard: 'off', rounds: 3 },
        ),
      );
      assert.deepEqual(
        of(evs, 'maneuver-result').map((r) => [r.success, r.aspect]),
        [[true, 'Swinging on the Rope']],
      );
      assert.deepEqual(
        of(evs, 'hit')
          .filter((h) => h.who === 'Inspector Vale')
          .map((h) => [h.target, h.damage, h.after]),
        [['Deckhand', 9, 0]],
      );
      assert.match(log(evs), /already lies on it unspent, so it attacks \(ARS-17\)/);
    });
    it('W8b: 6♥ for 7♥: 9 fails, nothing placed', () => {
      const { evs, sim } = run('K♠ 2♣ 6♥ 2♦ 4♣');
      const r = of(evs, 'maneuver-result')[0];
      assert.deepEqual([r.success, r.total, r.aspect], [false, 9, null]);
      assert.equal(sim.placed[0], 0);
    });
  });

  it('AR-M4 AR-M5: W9 draw every eye in a ballroom — 4 + 8 = 12 ≥ 12: a scene aspect, and Vale draws J♦', () => {
    const eye = maneuver('Draw Every Eye', { target: 'scene', stat: 'alertness', tn: 12 });
    const { evs, sim } = events(
      scene(
        [placement(scripted(vale, { tactics: 'cunning', maneuvers: [eye] }))],
        [placement(scripted(deckhand))],
        'K♠ 2♣ 8♥ J♦ 2♦ 4♣',
        { oppositionCard: 'off' },
      ),
    );
    const r = of(evs, 'maneuver-result')[0];
    assert.deepEqual(
      [r.success, r.total, r.aspect, r.on, card(r.drew!)],
      [true, 12, 'Draw Every Eye', 'the scene', 'J♦'],
    );
    assert.deepEqual(sim.hands[0].map(card), ['J♦']);
  });

  it('AR-M1 AR-M3: W10 take a debate down a tangent — 13 vs 13 fails, no aspect, no card', () => {
    const tangent = maneuver('Change the Subject', { stat: 'alertness', against: 'alertness' });
    const { evs, sim } = events(
      scene(
        [placement(scripted(vale, { tactics: 'cunning', maneuvers: [tangent] }))],
        [placement(scripted(silas))],
        'K♠ 2♣ 9♥ 10♥ 2♦ 3♣',
        { oppositionCard: 'off' },
      ),
    );
    const r = of(evs, 'maneuver-result')[0];
    assert.deepEqual([r.success, r.total, r.against, r.aspect, r.drew], [false, 13, 13, null, null]);
    assert.equal(sim.hands[0].length, 0);
    assert.equal(sim.temps.length, 0);
  });

  describe('AR-C5 AR-C6 AR-O2 AR-S3: W11 the GM cheats the opposition card', () => {
    const enc = scene(
      [placement(scripted(vale)), placement(scripted(bruno))],
      copies(scripted(deckhand), 2, 'Dock Rats'),
      'A♣ K♠ Q♠ 2♣ 4♦ 3♥ 5♥ 10♥ 2♦ 8♣ 3♦ 9♣',
      { handOfFate: 1, aspects: ['Crates Stacked to the Rafters'] },
    );
    it('W11: Hand of Fate A♣; order Vale 17, Bruno 14, Dock Rats 3; A♣ permanently replaces 4♦: Vale 12 vs 16 misses; Bruno 17 vs 16 deals 3', () => {
      const { evs, sim } = events(enc);
      assert.deepEqual(
        of(evs, 'deal')[0].hands.map((h) => [h.who, h.cards.map(card)]),
        [
          ['Inspector Vale', []],
          ['Bruno Kask', []],
          ['Hand of Fate', ['A♣']],
        ],
      );
      assert.deepEqual(
        of(evs, 'order')[0].order.map((o) => [o.holder, o.score]),
        [
          ['Inspector Vale', 17],
          ['Bruno Kask', 14],
          ['Dock Rats', 3],
        ],
      );
      const a = of(evs, 'attack')[0];
      assert.deepEqual(
        [card(a.aim!), card(a.flip), a.total, a.defense.total, a.target],
        ['3♥', '5♥', 12, 6, 'Deckhand 1'],
      );
      const c = of(evs, 'cheat');
      assert.equal(c.length, 1);
      assert.deepEqual(
        [c[0].who, c[0].aspect.name, c[0].aspect.kind, card(c[0].card), card(c[0].replaces), c[0].oppositionCard],
        ['The GM', 'Crates Stacked to the Rafters', 'scene', 'A♣', '4♦', 'permanent'],
      );
      assert.equal(c[0].reason, 'ARS-19: a take-out becomes a miss, worth more than the card kept');
      assert.deepEqual(hits(evs), [
        ['Inspector Vale', 'Deckhand 1', 12, 16, 0, 6],
        ['Bruno Kask', 'Deckhand 1', 17, 16, 3, 3],
        ['Deckhand 1', 'Inspector Vale', 6, 12, 0, 12],
        ['Deckhand 2', 'Inspector Vale', 7, 13, 0, 12],
      ]);
      assert.equal(card(of(evs, 'round-end')[0].card!), 'A♣', 'A♣ discarded at round end');
      assert.equal(sim.deck.discards, 12);
      assert.match(
        log(evs),
        /The GM invokes "Crates Stacked to the Rafters": A♣ replaces the opposition card 4♦ for the rest of the round/,
      );
    });
    it("AR-C5: the temporary path — A♣ serves Vale's attack only, then 4♦ is back and Bruno takes Deckhand 1 out", () => {
      const { evs, sim } = events(enc, { gmCheats: 'temporary' });
      const c = of(evs, 'cheat')[0];
      assert.equal(c.oppositionCard, 'temporary');
      assert.deepEqual(hits(evs).slice(0, 2), [
        ['Inspector Vale', 'Deckhand 1', 12, 16, 0, 6],
        ['Bruno Kask', 'Deckhand 1', 17, 6, 13, 0],
      ]);
      assert.equal(card(of(evs, 'round-end')[0].card!), '4♦');
      assert.equal(sim.cardCount(), sim.deck.size);
    });
  });

  describe("AR-I1 AR-I2 AR-I3 AR-G2 AR-G3: W12 a group's initiative", () => {
    it('W12: Vale 11, Dock Rats 12: both Deckhands act first (6 vs 9, 7 vs 10); Vale takes Deckhand 1 out; 1 of 2 out, no concession', () => {
      const { evs } = events(
        scene([placement(scripted(vale))], copies(scripted(deckhand), 2, 'Dock Rats'), '7♥ J♣ 2♦ 5♣ 3♦ 6♣ 2♥ 4♥ 3♥', {
          oppositionCard: 'off',
        }),
      );
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
      assert.deepEqual(
        of(evs, 'taken-out').map((e) => e.who),
        ['Deckhand 1'],
      );
      assert.equal(end(evs).outcome, 'stalemate');
    });
    it('W12b: 11 = 11, Vale first (higher Alertness)', () => {
      const { evs } = events(
        scene([placement(scripted(vale))], copies(scripted(deckhand), 2, 'Dock Rats'), '7♥ 10♣ 2♥ 4♥ 3♥ 2♦ 5♣', {
          oppositionCard: 'off',
        }),
      );
      assert.deepEqual(
        of(evs, 'order')[0].order.map((o) => [o.holder, o.score]),
        [
          ['Inspector Vale', 11],
          ['Dock Rats', 11],
        ],
      );
      assert.deepEqual(hits(evs), [
        ['Inspector Vale', 'Deckhand 1', 11, 5, 9, 0],
        ['Deckhand 2', 'Inspector Vale', 6, 9, 0, 12],
      ]);
    });
  });
});
