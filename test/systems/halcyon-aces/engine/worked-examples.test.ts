// The worked examples of RULES.md, exactly, with stacked decks.
import assert from 'node:assert/strict';
import { effectiveValue } from '../../../../systems/halcyon-aces/engine/checks.js';
import { cardName } from '../../../../systems/halcyon-aces/engine/cards.js';
import { renderEvent, runCombat } from '../../../../systems/halcyon-aces/engine/index.js';
import {
  LONGSWORD,
  UNARMED,
  attacks,
  block,
  cards,
  encounter,
  ofType,
  play,
  stacked,
  weapon,
  technique,
} from './fixtures.js';

const KAEL4 = block({ name: 'Kael', body: 4, vitality: 24, weapon: LONGSWORD });
const THUG = block({ name: 'Thug', body: 2, vitality: 20, weapon: UNARMED }); // Guard 5 + 2 + 0 = 7

function kaelVsThug() {
  return encounter({
    sides: {
      heroes: [{ block: KAEL4, at: 'field', deck: stacked('K♠ 10♣ 4♦ 7♥ 2♥') }],
      thugs: [{ block: THUG, at: 'field', deck: stacked('2♥') }],
    },
  });
}

describe('engine: worked examples of RULES.md', () => {
  it('HA-K2 Kael Body 3, DC 9, draws 5♣ 9♦ Q♣: 9♦ is EV 9 (success), Q♣ is EV 15', () => {
    const [c5, d9, cq] = cards('5♣ 9♦ Q♣');
    assert.equal(effectiveValue(d9, 'body', 3), 9);
    assert.equal(effectiveValue(cq, 'body', 3), 15);
    assert.equal(effectiveValue(c5, 'body', 3), 8);
    // In a fight: a 10 ft fall calls a Body check at DC 9 (HA-F1); the lowest card that succeeds is played.
    const enc = encounter({
      zones: [{ name: 'ledge', drops: [{ to: 'pit', feet: 10 }] }, { name: 'pit' }],
      sides: {
        a: [
          {
            block: block({ name: 'Kael', body: 3, vitality: 20, weapon: LONGSWORD }),
            at: 'ledge',
            deck: stacked('K♠ 5♣ 9♦ Q♣'),
          },
        ],
        b: [{ block: THUG, at: 'pit', deck: stacked('2♥') }],
      },
    });
    const { events } = play(enc);
    const fall = ofType(events, 'fall')[0];
    assert.ok(fall, 'Kael drops into the pit');
    assert.deepEqual(fall.check!.cards.map(cardName), ['5♣', '9♦', 'Q♣']);
    assert.equal(cardName(fall.check!.played!), '9♦');
    assert.equal(fall.check!.ev, 9);
    assert.equal(fall.dc, 9);
    assert.equal(fall.base, 1);
    assert.equal(fall.halved, true);
    assert.equal(fall.damage, 0);
  });

  it('HA-S2 HA-S3 Kael Body 4 plays 10♣ vs Guard 7 with a Longsword: EV 14, crit, 9 + 4 = 13 damage, 10♣ to the deck bottom', () => {
    const enc = kaelVsThug();
    let bottom: number[] = [];
    let line = '';
    play(enc, 1, (e, sim) => {
      if (e.type === 'attack' && e.actor === 'Kael' && !line) {
        line = renderEvent(e)!;
        bottom = sim.deckCards(0).slice(-4);
      }
    });
    assert.ok(
      line.startsWith(
        'Kael strikes Thug (Longsword): draws 10♣ 4♦ 7♥ 2♥, plays 10♣ — 10 + Body 4 (resonance) = 14 vs Guard 7: CRIT, 7 + 2 + 4 = 13 damage; 10♣ back to deck bottom. Thug 20 → 7',
      ),
      line,
    );
    // HA-C4: unplayed cards first, in drawn order; the crit card last (HA-S3).
    assert.deepEqual(bottom.map(cardName), ['4♦', '7♥', '2♥', '10♣']);
    const a = attacks([...runCombat(enc, 1)])[0];
    assert.equal(a.check.ev, 14);
    assert.equal(
      a.results[0].damage!.margin + a.results[0].damage!.weapon,
      9,
      "the chapter's base formula: (14 − 7) + 2",
    );
    assert.equal(a.results[0].damage!.total, 13);
    assert.equal(a.cardTo, 'bottom');
  });

  it('HA-S3 Mira Spirit 4 plays K♠ vs Resolve 8: EV 17, 9 over, crit: 9 + weapon bonus + 4, King to her deck bottom', () => {
    const mira = block({
      name: 'Mira',
      spirit: 4,
      vitality: 16,
      weapon: weapon('Wand', { bonus: 1 }),
      techniques: [technique('Soul Lance', { cost: 1, stat: 'spirit', against: 'resolve', reach: 'near', bonus: 0 })],
    });
    const ogre = block({ name: 'Ogre', spirit: 3, vitality: 40, armor: 10, weapon: UNARMED }); // Resolve 5 + 3 = 8
    const enc = encounter({
      zones: [{ name: 'a', adjacent: ['b'] }, { name: 'b' }],
      sides: {
        m: [{ block: mira, at: 'a', deck: stacked('A♠ K♠ 2♥ 3♥ 4♥') }],
        o: [{ block: ogre, at: 'b', deck: stacked('2♥') }],
      },
    });
    const { events } = play(enc);
    const a = attacks(events)[0];
    assert.equal(a.kind, 'technique');
    assert.equal(cardName(a.check.played!), 'K♠');
    assert.equal(a.check.ev, 17);
    assert.equal(a.results[0].defense, 'resolve');
    assert.equal(a.results[0].dc, 8);
    assert.equal(a.results[0].crit, true);
    assert.equal(a.results[0].damage!.total, 9 + 1 + 4);
    assert.equal(a.cardTo, 'bottom');
    assert.match(
      renderEvent(a)!,
      /^Mira uses Soul Lance on Ogre: draws K♠ 2♥ 3♥ 4♥, plays K♠ — 13 \+ Spirit 4 \(resonance\) = 17 vs Resolve 8: CRIT, 9 \+ 1 \+ 4 = 14 damage; K♠ back to deck bottom/,
    );
  });

  function threeStrikes(w = LONGSWORD) {
    const enc = encounter({
      sides: {
        a: [{ block: block({ name: 'Kael', body: 2, vitality: 24, weapon: w }), at: 'field', deck: stacked('A♠') }],
        b: [
          {
            block: block({ name: 'Dummy', body: 0, vitality: 200, weapon: UNARMED }),
            at: 'field',
            deck: stacked('2♥'),
          },
        ],
      },
    });
    return attacks(play(enc).events)
      .filter((a) => a.actor === 'Kael')
      .slice(0, 3);
  }

  it('HA-S4 plain weapon: the 2nd Strike at −2, the 3rd at −4', () => {
    const [s1, s2, s3] = threeStrikes();
    assert.deepEqual(s1.check.modifiers, []);
    assert.deepEqual(s2.check.modifiers, [{ label: '2nd Strike', value: -2 }]);
    assert.deepEqual(s3.check.modifiers, [{ label: '3rd Strike', value: -4 }]);
  });

  it('HA-S5 quick weapon: no penalty on the 2nd Strike, the 3rd still at −4', () => {
    const [s1, s2, s3] = threeStrikes(weapon('Gauntlet', { bonus: 1, properties: ['quick'] }));
    assert.deepEqual(s1.check.modifiers, []);
    assert.deepEqual(s2.check.modifiers, []);
    assert.deepEqual(s3.check.modifiers, [{ label: '3rd Strike', value: -4 }]);
    const [, c2, c3] = threeStrikes(weapon('Cestus', { properties: ['combo'] }));
    assert.deepEqual(c2.check.modifiers, []);
    assert.deepEqual(c3.check.modifiers, [{ label: '3rd Strike', value: -4 }]);
  });
});
