// Issue 32, ARS-28: the regret probe's continuations (balance/regret.ts) are fights the one deciding could be in. A
// control's reseed deals anew the hands that combatant cannot see (AR-H5), so no option is judged by the real hidden
// hand: the Saloon Shootout's 99-point "answer to a cheat" was the probe knowing the Hand of Fate held nothing above 7♦.
import assert from 'node:assert/strict';
import { ArSim } from '../../../systems/arcana/engine/index.js';
import { sampleEncounters } from './play.test.js';

const sorted = (a: readonly number[]): number[] => [...a].sort((x, y) => x - y);

describe('the probe’s continuations (issue 32, ARS-28)', () => {
  it('issue 32, ARS-28: a reseed at a decision deals anew, from the unseen cards, the hands the one deciding cannot see (the Hand of Fate for a player, the players’ hands for the GM), and leaves its own side’s hands and every seen card', () => {
    let redealt = 0,
      points = 0;
    const sides = new Set<number>();
    for (const enc of sampleEncounters()) {
      const sim = new ArSim(enc.model);
      const hiddenFrom = (actor: number, h: number): boolean => (h === sim.n ? 1 : sim.opp[h]) !== sim.opp[actor];
      for (let seed = 0; seed < 30; seed++) {
        let at = -1,
          actor = -1,
          hands: number[][] = [],
          unseen: number[] = [],
          discards: number[] = [];
        sim.control = {
          decide: (p, index) => {
            if (at < 0 && p.kind === 'target' && p.round > 1) {
              // the reseed is asked here; the same actor's 'action' point comes next, no card moved between
              at = index;
              actor = p.actor;
              hands = sim.hands.map((h) => h.slice());
              unseen = sorted([...sim.deck.drawPile(), ...hands.filter((_, h) => hiddenFrom(actor, h)).flat()]);
              discards = sim.deck.discardPile();
              return { reseed: 1000 + seed };
            }
            if (at >= 0 && index === at + 1) {
              assert.equal(p.actor, actor);
              points++;
              sides.add(sim.opp[actor]);
              let changed = false;
              for (let h = 0; h <= sim.n; h++) {
                assert.equal(sim.hands[h].length, hands[h].length, `hand ${h} keeps its size`);
                if (!hiddenFrom(actor, h))
                  assert.deepEqual(sim.hands[h], hands[h], `${sim.names[actor]} sees hand ${h}`);
                else if (sim.hands[h].join() !== hands[h].join()) changed = true;
              }
              const now = sorted([...sim.deck.drawPile(), ...sim.hands.filter((_, h) => hiddenFrom(actor, h)).flat()]);
              assert.deepEqual(now, unseen, 'the unseen cards are the same cards (AR-F6)');
              assert.deepEqual(sim.deck.discardPile(), discards);
              if (changed) redealt++;
            }
            return undefined;
          },
        };
        sim.run(seed);
      }
    }
    // before ARS-28 a reseed shuffled the draw pile alone: no hidden hand ever changed
    assert.ok(points > 50 && redealt > points / 4, `${redealt} of ${points} reseeds dealt a hidden hand anew`);
    assert.deepEqual([...sides].sort(), [0, 1], 'both a player and the GM decided');
  });
});
