// Rules the worked examples do not pin down on their own: the deck (AR-F*),
// hands (AR-H*), aspects (AR-S*), the opposition card modes (AR-O3), groups,
// and the tactics' choices ("The simulator"), each in a small scripted scene.
import assert from 'node:assert/strict';
import { combatSeed } from '../../../engine/rng.js';
import { FateDeck, NO_CARD, value } from '../../../systems/arcana/engine/deck.js';
import type { ArEvent } from '../../../systems/arcana/engine/events.js';
import { ArSim, combatEvents } from '../../../systems/arcana/engine/index.js';
import { card } from '../../../systems/arcana/engine/render.js';
import { deck, maneuver } from '../../../systems/arcana/model.js';
import { ALL, brawl, duel } from './gen.js';
import {
  bruno,
  cards,
  copies,
  deckhand,
  events,
  lantern,
  dust,
  placement,
  raid,
  scene,
  scripted,
  silas,
  vale,
} from './scene.js';

type Ev<T extends ArEvent['type']> = Extract<ArEvent, { type: T }>;
const of = <T extends ArEvent['type']>(evs: ArEvent[], t: T): Ev<T>[] => evs.filter((e): e is Ev<T> => e.type === t);

describe('Arcana mechanics', () => {
  describe('the Fate deck', () => {
    it('AR-F1 AR-F2: one standard deck of 52 distinct cards, shuffled by the seed; values 2–14', () => {
      const d = new FateDeck(deck('std', 'standard'));
      d.reset(7);
      const a = d.drawPile();
      assert.equal(new Set(a).size, 52);
      d.reset(7);
      assert.deepEqual(d.drawPile(), a);
      d.reset(8);
      assert.notDeepEqual(d.drawPile(), a);
      assert.deepEqual(cards('2♣ 10♥ J♦ Q♠ K♥ A♣').map(value), [2, 10, 11, 12, 13, 14]);
      assert.equal(value(NO_CARD), 0);
    });
    it('AR-F1: a stacked deck deals its cards first, in order, the rest shuffled beneath; `only` keeps just them; homebrew may repeat', () => {
      const s = new FateDeck(deck('s', 'stacked', cards('A♠ 2♣ 7♥')));
      s.reset(1);
      assert.deepEqual(s.drawPile().slice(0, 3).map(card), ['A♠', '2♣', '7♥']);
      assert.equal(new Set(s.drawPile()).size, 52);
      const o = new FateDeck(deck('o', 'stacked', cards('A♠ 2♣ 7♥'), true));
      o.reset(1);
      assert.deepEqual(o.drawPile().map(card), ['A♠', '2♣', '7♥']);
      const h = new FateDeck(deck('h', 'homebrew', cards('A♠ A♠ 2♣')));
      h.reset(3);
      assert.deepEqual(h.drawPile().map(card).sort(), ['2♣', 'A♠', 'A♠']);
    });
    it('AR-F4: an empty deck takes the discard pile in, shuffled; with both empty a flip is NO_CARD, worth 0', () => {
      const d = new FateDeck(deck('o', 'stacked', cards('A♠ 2♣ 7♥'), true));
      d.reset(1);
      const x = [d.draw(), d.draw()];
      d.toDiscard(x[0]);
      d.toDiscard(x[1]);
      assert.equal(card(d.draw()), '7♥');
      const y = [d.draw(), d.draw()].map(card).sort();
      assert.deepEqual(y, ['2♣', 'A♠']);
      assert.equal(d.reshuffles, 1);
      assert.equal(d.draw(), NO_CARD);
    });
    it('AR-F4: in a fight, flips from an empty deck and discard are worth 0 (Bruno holds all four cards)', () => {
      const { evs } = events(
        scene([placement(scripted(bruno, { hand: 4 }))], [placement(scripted(deckhand))], 'A♠ K♠ Q♠ J♠', {
          oppositionCard: 'off',
        }),
      );
      assert.deepEqual(
        of(evs, 'initiative').map((e) => [e.card, e.score]),
        [
          [NO_CARD, 2],
          [NO_CARD, 1],
        ],
      );
      const a = of(evs, 'attack')[0];
      assert.deepEqual([a.flip, a.total, a.defense.card, a.defense.total], [NO_CARD, 7, NO_CARD, 2]);
      assert.deepEqual(
        of(evs, 'hit').map((h) => [h.damage, h.after]),
        [[7, 0]],
      );
    });
    it("AR-F5 AR-H1 AR-H2: players' hands in file order, each whole, then the Hand of Fate; then initiative in file order; the opposition holds no hand", () => {
      const enc = raid();
      const e2 = { ...enc, deck: deck('s', 'stacked', cards('A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♥')) };
      const sim = new ArSim({
        ...e2,
        sides: [
          e2.sides[0],
          { ...e2.sides[1], placements: [placement({ ...silas, hand: 5 }), ...e2.sides[1].placements.slice(1)] },
        ],
      });
      const evs: ArEvent[] = [];
      sim.sink = evs;
      sim.begin(1);
      assert.deepEqual(
        of(evs, 'deal')[0].hands.map((h) => [h.who, h.cards.map(card).join(' ')]),
        [
          ['Inspector Vale', 'A♠ K♠ Q♠'],
          ['Bruno Kask', 'J♠ 10♠ 9♠ 8♠'],
          ['Hand of Fate', '7♠ 6♠ 5♠'],
        ],
      );
      assert.deepEqual(
        of(evs, 'initiative').map((e) => [e.holder, card(e.card)]),
        [
          ['Inspector Vale', '4♠'],
          ['Bruno Kask', '3♠'],
          ['Silas Crane', '2♠'],
          ['Dock Rats', 'A♥'],
        ],
      );
      assert.equal(sim.hands[2].length, 0, 'Silas holds no hand (AR-H2)');
      assert.equal(sim.deck.discards, 4, 'initiative cards are discarded (AR-I1)');
    });
    it('AR-F3 AR-F6: every card an action turned up or played is discarded when it is over', () => {
      const { evs, sim } = events(
        scene([placement(scripted(vale))], [placement(scripted(silas))], 'A♠ 2♣ 3♥ 5♦ 9♥ 2♦ 2♠', {
          oppositionCard: 'off',
        }),
      );
      assert.equal(of(evs, 'end').length, 1);
      assert.equal(sim.deck.discards, 7);
      assert.equal(sim.table.length, 0);
      assert.equal(sim.cardCount(), 7);
    });
  });

  describe('hands and aspects', () => {
    const eye = maneuver('Draw Every Eye', { target: 'scene', stat: 'alertness', tn: 12 });
    it('AR-H3 AR-H4: a draw past the limit discards the lowest card, ties the one held longest', () => {
      const enc = scene(
        [placement(scripted(vale, { tactics: 'cunning', maneuvers: [eye], hand: 3 }))],
        [placement(scripted(deckhand))],
        'Q♠ 5♥ 5♦ K♠ 2♣ 8♥ J♦ 2♦ 4♣',
        { oppositionCard: 'off', handLimit: 3 },
      );
      const { evs, sim } = events(enc);
      const r = of(evs, 'maneuver-result')[0];
      assert.deepEqual([r.success, card(r.drew!), card(r.overflow!), r.hand], [true, 'J♦', '5♥', 3]);
      assert.deepEqual(sim.hands[0].map(card), ['Q♠', '5♦', 'J♦']);
    });
    it('AR-S1: a declared aspect is never spent (the GM invokes the scene aspect again and again)', () => {
      let most = 0;
      for (let s = 0; s < 40; s++) {
        const evs = [...combatEvents(raid(), s)];
        most = Math.max(most, of(evs, 'cheat').filter((c) => c.aspect.kind === 'scene').length);
      }
      assert.ok(most >= 3, `at most ${most} scene-aspect cheats in one fight`);
    });
    it("AR-S3 AR-C2: what applies — declared own, then the scene's, else the oldest temporary one the flipping side placed on the scene, the flipper or the opposed character", () => {
      const v = scripted(vale),
        b = scripted(bruno);
      const enc = scene([placement(v), placement(b)], copies(scripted(deckhand), 2), 'A♠ K♠ Q♠ J♠');
      const sim = new ArSim(enc);
      sim.begin(1);
      assert.equal(sim.applicable(0, 2), null);
      sim.temps.push({ id: 1, name: 'Theirs', bearer: -1, side: 1 }); // the other side's scene aspect
      sim.temps.push({ id: 2, name: 'On D2', bearer: 3, side: 0 });
      assert.equal(sim.applicable(0, 2), null, "not the other side's, not on a third character");
      assert.equal(sim.applicable(0, 3)?.name, 'On D2');
      assert.equal(sim.applicable(2, -1)?.name, 'Theirs', "the placing side's scene aspect applies to its own flips");
      sim.temps.push({ id: 3, name: 'On Vale', bearer: 0, side: 0 });
      assert.equal(sim.applicable(0, 2)?.name, 'On Vale', 'a temporary aspect on the flipper itself');
      assert.equal(sim.applicable(1, 2), null, 'not on an ally');
      const withOwn = new ArSim({
        ...enc,
        aspects: ['Scene'],
        sides: [{ ...enc.sides[0], placements: [placement({ ...v, aspects: ['Mine'] }), placement(b)] }, enc.sides[1]],
      });
      withOwn.begin(1);
      assert.equal(withOwn.applicable(0, 2)?.name, 'Mine');
      assert.equal(withOwn.applicable(1, 2)?.name, 'Scene');
      assert.equal(withOwn.applicable(2, 0)?.kind, 'scene', 'a declared scene aspect serves either side');
    });
    it('AR-C3 AR-I1: initiative flips are never cheated: no cheat before the first round', () => {
      for (let s = 0; s < 20; s++) {
        const evs = [...combatEvents(raid(), s)];
        const first = evs.findIndex((e) => e.type === 'round');
        assert.equal(evs.slice(0, first).filter((e) => e.type === 'cheat').length, 0);
      }
    });
  });

  describe('opposition card and sides', () => {
    it("AR-O3: `all` — the opposition's own attacks use the opposition card too", () => {
      const { evs } = events(
        scene([placement(scripted(bruno))], [placement(scripted(silas))], 'K♠ 2♣ 9♦ 5♥ 3♣', { oppositionCard: 'all' }),
      );
      const [b, s] = of(evs, 'attack');
      assert.deepEqual(
        [card(b.flip), b.opposition, card(b.defense.card), b.defense.opposition],
        ['5♥', false, '9♦', true],
      );
      assert.deepEqual(
        [card(s.flip), s.opposition, card(s.defense.card), s.defense.opposition],
        ['9♦', true, '3♣', false],
      );
    });
    it('AR-O1 AR-H2: with players on the second side, they hold the hands and the first side gets the opposition card', () => {
      const sim = new ArSim(brawl());
      assert.equal(sim.ps, 1);
      sim.begin(2);
      assert.equal(sim.hands[0].length, 0);
      assert.equal(sim.hands[sim.n].length, 2, 'the Hand of Fate');
      assert.ok(sim.hands[sim.names.indexOf('Inspector Vale')].length === 3);
    });
    it('AR-G2 AR-G3: group members take whole turns in order and are separate characters for targets and Health', () => {
      const { evs } = events(
        scene([placement(scripted(vale))], copies(scripted(deckhand), 2, 'Dock Rats'), '7♥ J♣ 2♦ 5♣ 3♦ 6♣ 2♥ 4♥ 3♥', {
          oppositionCard: 'off',
        }),
      );
      assert.deepEqual(
        of(evs, 'declare').map((d) => d.who),
        ['Deckhand 1', 'Deckhand 2', 'Inspector Vale'],
      );
      const end = of(evs, 'round-end')[0].health.map((h) => [h.who, h.hp]);
      assert.deepEqual(end, [
        ['Inspector Vale', 12],
        ['Deckhand 1', 0],
        ['Deckhand 2', 6],
      ]);
    });
    it('AR-E1: `concede all` fights on until every character is Taken Out', () => {
      for (let s = 0; s < 30; s++) {
        const sim = new ArSim(brawl());
        sim.run(combatSeed(5, s));
        if (sim.winner >= 0) assert.equal(sim.outCount[1 - sim.winner], sim.sideSize[1 - sim.winner]);
      }
    });
    it('AR-A7 AR-D1 AR-D2: edges — defense edge adds to the Defense Total, damage edge to damage, toughness edge to Toughness', () => {
      const b = scripted(bruno, { damageEdge: 1 });
      const d = scripted(deckhand, { defenseEdge: 1, toughnessEdge: 1, toughness: 1 });
      const { evs } = events(scene([placement(b)], [placement(d)], '10♠ 2♥ 6♦ 9♣'));
      const h = of(evs, 'hit')[0];
      assert.deepEqual([h.attack, h.defense, h.start, h.edge, h.toughness, h.damage], [16, 9, 7, 1, 1, 9]);
    });
  });

  describe('tactics ("The simulator")', () => {
    it('ARS-18: default weighs a maneuver (its chance times one cheat to come) against the attack now, and says both', () => {
      const { evs } = events(
        scene(
          [placement(scripted(bruno, { tactics: 'default', maneuvers: [dust, lantern] }))],
          [placement(scripted(silas))],
          'K♠ 2♣ 4♦ Q♥ 9♠ 3♦ 6♣',
        ),
      );
      const d = of(evs, 'declare')[0];
      assert.equal(d.choice, 'attack on Silas Crane');
      assert.match(
        d.reason,
        /^default: an attack now is worth \d+\.\d\d; Kick Over the Lantern \(7\/13\) \d+\.\d\d in a cheat to come$/,
      );
    });
    it('AR-M6: cunning with no declared maneuver declares the generic Press the Advantage (opposed, Finesse against Alertness, Off Balance); the GM draws into the Hand of Fate', () => {
      const { evs, sim } = events(
        scene([placement(scripted(bruno))], [placement(scripted(deckhand, { tactics: 'cunning' }))], '2♣ K♣ Q♥ 5♦ 3♥', {
          oppositionCard: 'off',
        }),
      );
      const m = of(evs, 'maneuver')[0];
      assert.deepEqual(
        [m.who, m.maneuver, m.statName, m.vs.kind === 'opposed' && m.vs.statName],
        ['Deckhand', 'Press the Advantage', 'Finesse', 'Alertness'],
      );
      const r = of(evs, 'maneuver-result')[0];
      assert.deepEqual(
        [r.success, r.total, r.against, r.aspect, r.on, r.handName, card(r.drew!)],
        [true, 14, 7, 'Off Balance', 'Bruno Kask', 'the Hand of Fate', '3♥'],
      );
      assert.match(of(evs, 'declare')[0].reason, /cunning: no declared maneuver, the generic one \(AR-M6\)/);
      assert.equal(sim.placed[1], 1);
    });
    it('ARS-18: holding a King and no aspect to invoke, against a foe it hardly hits, default grabs the rope (a self maneuver, 8/13) for the cheat it allows; holding nothing it does not', () => {
      const rope = maneuver('Grab the Rope', {
        target: 'self',
        stat: 'agility',
        tn: 10,
        aspect: 'Swinging on the Rope',
      });
      const v = (hand: number) => scripted(vale, { finesse: 1, tactics: 'default', maneuvers: [rope], hand });
      const holding = events(
        scene([placement(v(1))], [placement(scripted(silas, { armor: 8, toughness: 8 }))], 'K♠ K♣ 2♣ 9♥ 3♦ 4♦ 5♦', {
          oppositionCard: 'off',
        }),
      ).evs;
      const d = of(holding, 'declare')[0];
      assert.equal(d.choice, 'maneuver Grab the Rope on itself');
      assert.match(
        d.reason,
        /^default: Grab the Rope \(8\/13\) is worth \d+\.\d\d in a cheat to come, an attack now \d+\.\d\d$/,
      );
      const empty = events(
        scene([placement(v(0))], [placement(scripted(silas, { armor: 8, toughness: 8 }))], 'K♠ 2♣ 9♥ 3♦ 4♦ 5♦ 6♦', {
          oppositionCard: 'off',
        }),
      ).evs;
      assert.notEqual(of(empty, 'declare')[0].choice, 'maneuver Grab the Rope on itself');
    });
    it('cunning with no declared maneuver uses the generic one; aggressive always attacks', () => {
      const { evs } = events(
        scene(
          [placement(scripted(vale, { tactics: 'cunning' }))],
          [placement(scripted(deckhand))],
          'K♠ 2♣ 9♥ 3♦ 4♦ 5♦',
          { oppositionCard: 'off' },
        ),
      );
      assert.equal(of(evs, 'maneuver')[0].maneuver, 'Press the Advantage');
      assert.ok(
        of(evs, 'declare')
          .filter((d) => d.who === 'Deckhand')
          .every((d) => d.reason.startsWith('aggressive')),
      );
    });
    it('AR-T6 AR-X1 AR-M7: the simulator declares only aim, attacks and maneuvers (no moves, spells, devices or stat checks)', () => {
      for (const g of ALL) {
        for (let s = 0; s < 10; s++) {
          for (const e of combatEvents(g(), s))
            if (e.type === 'declare')
              for (const a of e.actions) assert.ok(['aim', 'attack', 'maneuver'].includes(a), a);
        }
      }
      assert.ok(duel().oppositionCard === 'all');
    });
  });
});
