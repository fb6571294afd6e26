// `aces odds --exact` for Arcana (engine/report.ts): every probability it
// shows as exact is checked against a brute-force count over the physical
// cards (every ordered aim/attack/defense draw), computed here from the stat
// blocks without the engine's damage function; with the standard deck it
// agrees with the hover (exact.ts attackOddsFor); a homebrew deck's own cards
// are the ones flipped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { frac, fracStr, type Frac } from '../../../engine/fraction.js';
import { value } from '../../../systems/arcana/engine/deck.js';
import { attackOddsFor } from '../../../systems/arcana/engine/exact.js';
import { attackOddsIn, attackSpec, exactReport, flipCards } from '../../../systems/arcana/engine/report.js';
import { opposedPairs } from '../../../engine/pairs.js';
import { AR_ENGINE } from '../../../systems/arcana/engine/seam.js';
import type { Card, Character } from '../../../systems/arcana/model.js';
import { ar, check, encounterOf, exampleFile } from './lang.js';

/**
 * AR-A1…A6, AR-D1, AR-D4, AR-T5 by brute force: every ordered draw of distinct physical cards (aim, attack,
 * defense), the rules spelled out again here: damage → the fraction of draws, and the Taken Out fraction.
 */
function bruteForce(
  a: Character,
  t: Character,
  cards: readonly Card[],
): { pHit: Frac; mean: Frac; pOut: Frac; damage: Map<number, Frac> } {
  const ranged = a.wields.kind === 'ranged';
  const stat = ranged || a.wields.finesse ? a.finesse : a.strength;
  const n = cards.length;
  const count = new Map<number, number>();
  let total = 0;
  const one = (attackCard: number, defenseCard: number): void => {
    const attack = stat + a.wields.bonus + a.attackEdge + attackCard;
    const defense = t.agility + t.armor + t.defenseEdge + defenseCard;
    const dmg = attack > defense ? Math.max(1, attack - defense + a.wields.bonus + a.damageEdge - t.toughness) : 0;
    count.set(dmg, (count.get(dmg) ?? 0) + 1);
    total++;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      if (!ranged) {
        one(value(cards[i]), value(cards[j]));
        continue;
      }
      // i: the aim card; j: the attack flip; the attack uses the better of them (AR-T5); k: the defense flip
      for (let k = 0; k < n; k++)
        if (k !== i && k !== j) one(Math.max(value(cards[i]), value(cards[j])), value(cards[k]));
    }
  }
  let hit = 0,
    sum = 0,
    out = 0;
  for (const [d, c] of count) {
    if (d > 0) hit += c;
    sum += d * c;
    if (d > 0 && d >= t.health) out += c;
  }
  return {
    pHit: frac(hit, total),
    mean: frac(sum, total),
    pOut: frac(out, total),
    damage: new Map([...count].map(([d, c]) => [d, frac(c, total)])),
  };
}

const strs = (m: ReadonlyMap<number, Frac>): [number, string][] =>
  [...m]
    .filter(([, p]) => p.n !== 0n)
    .map(([d, p]) => [d, fracStr(p)] as [number, string])
    .sort((x, y) => x[0] - y[0]);

const FILE = `
weapon Pistol { ranged +3 }
weapon Cane { melee finesse +1 }
weapon Hatchet { melee +2 }
character Vale { player strength 2 finesse 4 agility 3 alertness 4 armor 1 health 12 wields Pistol }
character Ada { player strength 1 finesse 3 agility 4 alertness 3 health 3 damage-edge 2 wields Cane }
character Brute { strength 4 finesse 1 agility 2 alertness 2 armor 2 toughness-edge -3 attack-edge -1 wields Hatchet }
character Wisp { strength 1 finesse 1 agility 5 alertness 2 health 2 defense-edge 2 }
`;

describe('Arcana exact report (aces odds --exact)', () => {
  const enc = encounterOf(
    ar(`${FILE}encounter Alley {\n  side heroes { Vale; Ada }\n  side foes { Brute x2 group; Wisp }\n}\n`),
  ).model;

  it("AR-A1 AR-A5 AR-A6 AR-D1 AR-D4 AR-T5: every pair's P(hit), E[damage], P(Taken Out) and damage split equal a brute-force count over the 52 cards", () => {
    const pairs = opposedPairs(enc.sides);
    assert.deepEqual(
      pairs.map(([a, t]) => `${a.name}>${t.name}`),
      ['Vale>Brute', 'Vale>Wisp', 'Ada>Brute', 'Ada>Wisp', 'Brute>Vale', 'Brute>Ada', 'Wisp>Vale', 'Wisp>Ada'],
    );
    const cards = flipCards(enc);
    assert.equal(cards.length, 52);
    for (const [a, t] of pairs) {
      const got = attackOddsIn(attackSpec(a, t), cards);
      const want = bruteForce(a, t, cards);
      const at = `${a.name} → ${t.name}`;
      assert.equal(fracStr(got.pHit), fracStr(want.pHit), at);
      assert.equal(fracStr(got.mean), fracStr(want.mean), at);
      assert.equal(fracStr(got.pOut), fracStr(want.pOut), at);
      assert.deepEqual(strs(got.damage), strs(want.damage), at);
      // the hover's numbers (exact.ts), no cheat, full deck: the same
      const hover = attackOddsFor(a, t);
      assert.deepEqual(
        [fracStr(hover.pHit), fracStr(hover.mean), fracStr(hover.pOut)],
        [fracStr(got.pHit), fracStr(got.mean), fracStr(got.pOut)],
        at,
      );
    }
  });

  it('AR-F1 AR-T5: with a homebrew deck (repeated cards) the flips are its own cards, again equal to brute force', () => {
    const hb = encounterOf(
      ar(
        `${FILE}deck Tiny { homebrew cards 2♣ 2♦ 7♥ 9♠ 9♣ K♥ A♠ }\nencounter Alley {\n  deck Tiny\n  side heroes { Vale; Ada }\n  side foes { Brute; Wisp }\n}\n`,
      ),
    );
    const cards = flipCards(hb.model);
    assert.equal(cards.length, 7);
    for (const [a, t] of opposedPairs(hb.model.sides)) {
      const got = attackOddsIn(attackSpec(a, t), cards);
      const want = bruteForce(a, t, cards);
      assert.deepEqual(
        [fracStr(got.pHit), fracStr(got.mean), fracStr(got.pOut), strs(got.damage)],
        [fracStr(want.pHit), fracStr(want.mean), fracStr(want.pOut), strs(want.damage)],
        `${a.name} → ${t.name}`,
      );
    }
    assert.match(exactReport(hb.model).notes!.join(' '), /the 7 cards of deck Tiny/);
  });

  it("AR-A1 AR-D1: the seam gives the report; its JSON carries the spec's exact fractions for Bruno on Silas (443/663, 3092/663)", () => {
    const report = AR_ENGINE.exactReport!(encounterOf(check(exampleFile())));
    assert.ok(
      report.lines.some((l) => l.startsWith('Bruno Kask (') && l.includes('→ Silas Crane')),
      report.lines.join('\n'),
    );
    const json = report.json as { pairs: { attacker: string; target: string; pHit: string; mean: string }[] };
    const e = json.pairs.find((p) => p.attacker === 'Bruno Kask' && p.target === 'Silas Crane')!;
    assert.deepEqual([e.pHit, e.mean], ['443/663', '3092/663']);
  });

  it('`aces odds --exact` prints the Arcana report instead of "no exact report yet"', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/aces.js', 'odds', '-n', '100', '-t', '1', '--exact', 'samples/arcana/cellar-rite.aces'],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /no exact report/);
    assert.match(r.stdout, /exact odds of one attack per pair of stat blocks/);
    assert.match(
      r.stdout,
      /Cult Enforcer \(Hatchet, melee \+2\) → Ada Finch .*\n {2}P\(hit\) 66\.8% \(443\/663\) · E\[damage\] 5\.33 \(3535\/663\)/,
    );
  });
});
