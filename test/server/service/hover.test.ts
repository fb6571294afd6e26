import assert from 'node:assert/strict';
import { hoverText, serviceWith } from '../cursor.js';
import { at, OTHERS, MAIN } from '../fixtures.js';
import { checkText } from '../../helpers.js';
import { strikeOdds, strikeOddsByNumber, techniqueOdds } from '../../../systems/halcyon-aces/engine/odds.js';

function pctCell(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

const model = checkText(MAIN, 'main.aces', OTHERS).model;
const kael = model.blocks.find((b) => b.name === 'Kael')!;
const thug = model.blocks.find((b) => b.name === 'Thug')!;

describe('server/service hover', () => {
  it('a wielded weapon shows exact 1st/2nd/3rd Strike odds against each foe of its encounters', () => {
    const h = hoverText(at('wields Longsword', 8), OTHERS);
    assert.match(h, /Longsword\*\* in Kael's hand/);
    assert.match(h, /\*Ambush\*/);
    const [s1, s2, s3] = strikeOddsByNumber(kael, kael.weapon, thug);
    const cell = (o: typeof s1) => `${pctCell(o.pHit)} · ${pctCell(o.pCrit)} · ${o.expectedDamage.toFixed(1)}`;
    assert.ok(h.includes(`| Thug ×2 (bar, Near) | 7 | ${cell(s1)} | ${cell(s2)} | ${cell(s3)} |`), h);
    assert.match(h, /2nd \(−2\)/);
    assert.match(h, /3rd \(−4\)/);
  });

  it('a Quick weapon has no 2nd-Strike penalty and dual Light weapons get an off-hand column (HA-S5, HA-S6)', () => {
    const h = hoverText(at('wields Dagger', 8), OTHERS);
    assert.match(h, /2nd \(±0, Quick\/Combo\)/);
    assert.match(h, /off-hand Dagger/);
    const off = strikeOdds(thug, thug.offhand!, kael, { strikeNumber: 2, offhand: true });
    assert.ok(h.includes(`${pctCell(off.pHit)} · ${pctCell(off.pCrit)} · ${off.expectedDamage.toFixed(1)}`));
    const offHover = hoverText(at('Dagger Dagger', 7), OTHERS);
    assert.match(offHover, /Dagger\*\* in Thug's off-hand/);
    assert.match(offHover, /2nd \(off-hand, no penalty\)/);
  });

  it('a combatant shows derived Guard and Resolve ("assumed"), draws, initiative and reach', () => {
    const h = hoverText(at('character Kael', 12), OTHERS);
    assert.match(h, /\| Guard \| 10 \(5 \+ Body 4 \+ armor 1, HA-N2\) \|/);
    assert.match(h, /\| Resolve \| 6 — \*assumed\*: 5 \+ Spirit 1/);
    assert.match(h, /♣ Body 4 → 4/);
    assert.match(h, /♥ Heart 2 → 2/);
    assert.match(h, /\| Initiative \| \+0 \|/);
    // Thug in bar is Near from floor: its Dagger (melee) needs 1 Stride; Kael's Longsword too.
    assert.match(h, /\| Thug \| bar \| Near \| after 1 Stride \(Dagger\) \| after 1 Stride \(Longsword\) \|/);
  });

  it('a placement shows the combatant in that encounter', () => {
    const h = hoverText(at('Thug x2', 1), OTHERS);
    assert.match(h, /\*\*Thug\*\* — character/);
    assert.match(h, /starts at bar \(×2\)/);
  });

  it('a technique shows cost, targets and odds against Resolve', () => {
    const h = hoverText(at('techniques "Soul Lance"', 14), OTHERS);
    assert.match(h, /costs 2 actions \(HA-A4\), draws Spirit ♠ against Resolve/);
    const tq = kael.techniques[0];
    const o = techniqueOdds(kael, tq, thug);
    assert.ok(
      h.includes(
        `| Thug ×2 (bar, Near) | 6 | ${pctCell(o.pHit)} · ${pctCell(o.pCrit)} · ${o.expectedDamage.toFixed(1)} |`,
      ),
      h,
    );
  });

  it("a stat shows the DC bands and the character's success chance", () => {
    const h = hoverText(at('body 4', 1), OTHERS);
    assert.match(h, /Routine \(DC 5\)/);
    assert.match(h, /Nearly Impossible \(DC 16\)/);
    assert.match(h, /\| Kael \| /);
  });

  it('a zone with a drop shows fall damage and the DC to halve it (HA-F1/F2)', () => {
    const h = hoverText(at('zone roof', 6), OTHERS);
    assert.match(h, /Drop to \*\*floor\*\*, 20 ft: 2 damage; a Body check DC 10 halves it/);
  });

  it('a keyword shows its schema documentation', () => {
    assert.match(hoverText(at('vitality 24', 2), OTHERS), /\*\*vitality\*\* \(HA-N4\) — Vitality/);
    assert.match(hoverText(at('encounter Ambush', 3), OTHERS), /\*\*encounter\*\* — A combat/);
    assert.match(hoverText(at('adjacent floor', 1), OTHERS), /Zones one Stride away/);
  });

  it("a diagnostic's range shows the rule behind it, with its id", () => {
    const h = hoverText('character X {\n  heart 2 body 2 mind 2 spirit 2 vitality 9\n  gua<|>rd 12\n}\n');
    assert.match(h, /\*\*HA-N2\*\* — Passive Guard is 5 \+ Body \+ armor/);
    const u = hoverText('character X {\n  heart 2 body 2 mind 2 spirit 2 vitality 9\n  wields Fo<|>o\n}\n');
    assert.match(u, /\*\*unknown-name\*\*/);
  });

  it('a card literal shows its value and suit', () => {
    assert.match(hoverText('deck D { stacked  cards K<|>♠ 2H }\n'), /value 13 \(HA-C1\), suit ♠ = Spirit/);
  });

  it('nothing to say → null', () => {
    const { ls, uri } = serviceWith('# just a comment\n');
    assert.equal(ls.hover(uri, { line: 0, character: 3 }), null);
  });
});

describe('server/service hover: the deck and the mode behind the odds (HA-C3, HA-W3)', () => {
  const LUCKY = `weapon Mace { melee +2 }
weapon Shotgun { firearm +1 scatter }
deck Lucky { homebrew cards A♣ K♣ Q♣ 9♦ 7♥ 5♠ 3♣ 2♦ }
character Kael {
  heart 2  body 3  mind 2  spirit 1
  vitality 20
  wields Mace
  deck Lucky
}
character Gunner {
  heart 1  body 2  mind 3  spirit 1
  vitality 12
  wields Shotgun
}
character Thug {
  heart 1  body 2  mind 1  spirit 1
  vitality 10
}
encounter Alley {
  side heroes {
    Kael
    Gunner
  }
  side thugs { Thug x2 }
}
`;
  const pctCell = (p: number) =>
    p === 0 ? '0%' : p === 1 ? '100%' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`;
  const tallyCell = (t: { total: bigint; hit: bigint; crit: bigint; damageSum: bigint }) =>
    `${pctCell(Number(t.hit) / Number(t.total))} · ${pctCell(Number(t.crit) / Number(t.total))} · ${(Number(t.damageSum) / Number(t.total)).toFixed(1)}`;

  it('HA-C3 a homebrew deck: the hover names it and every cell equals brute force over its 8 cards', async () => {
    const { bruteSubsets, cards: cardsOf } = await import('../../systems/halcyon-aces/engine/odds-fixtures.js');
    const { strikeProfile } = await import('../../../systems/halcyon-aces/engine/strike-math.js');
    const h = hoverText(LUCKY.replace('wields Mace', 'wields Ma<|>ce'));
    assert.match(h, /draws from homebrew deck 'Lucky' \(8 cards\)/);
    assert.match(h, /exact, from homebrew deck 'Lucky' \(8 cards\), shuffled \(HA-C3/);
    const m = checkText(LUCKY, 'main.aces').model;
    const kael = m.blocks.find((b) => b.name === 'Kael')!;
    const thug = m.blocks.find((b) => b.name === 'Thug')!;
    const deck = cardsOf('A♣ K♣ Q♣ 9♦ 7♥ 5♠ 3♣ 2♦');
    const cells = ([1, 2, 3] as const).map((n) =>
      tallyCell(bruteSubsets(deck, strikeProfile(kael, kael.weapon, thug, { strikeNumber: n }))),
    );
    assert.ok(h.includes(`| Thug ×2 (field, Engaged) | ${thug.guard} | ${cells.join(' | ')} |`), h);
    // and not the standard deck's numbers
    const std = strikeOddsByNumber(kael, kael.weapon, thug).map(
      (o) => `${pctCell(o.pHit)} · ${pctCell(o.pCrit)} · ${o.expectedDamage.toFixed(1)}`,
    );
    assert.notDeepEqual(cells, std);
  });

  it('HA-W3 a Scatter weapon shows both modes: single shots at full bonus and Scatter at −1, and says when the fight uses which', () => {
    const h = hoverText(LUCKY.replace('wields Shotgun', 'wields Shot<|>gun'));
    const m = checkText(LUCKY, 'main.aces').model;
    const gunner = m.blocks.find((b) => b.name === 'Gunner')!;
    const thug = m.blocks.find((b) => b.name === 'Thug')!;
    const c = (o: ReturnType<typeof strikeOdds>) =>
      `${pctCell(o.pHit)} · ${pctCell(o.pCrit)} · ${o.expectedDamage.toFixed(1)}`;
    const single = strikeOddsByNumber(gunner, gunner.weapon, thug, { scatter: false }).map(c);
    const scatter = c(strikeOdds(gunner, gunner.weapon, thug, { strikeNumber: 1, scatter: true }));
    assert.match(h, /\| 1st as Scatter \(−1\) \|/);
    assert.ok(h.includes(`| ${thug.guard} | ${single.join(' | ')} | ${scatter} |`), h);
    assert.notEqual(single[0], scatter);
    assert.match(h, /uses it when the zone holds 2 or more enemies, else a single shot at full bonus/);
  });
});

describe('server/service hover: reach follows one-way drops (HA-Z2, HA-F2)', () => {
  it('a foe below a loft never reaches the archer on it; the archer is one drop away from the foe', () => {
    const text = `weapon Bow { ranged +1 }
weapon Club { melee +1 }
character Ilse { heart 2 body 2 mind 3 spirit 1 vitality 12 wields Club }
character Brute { heart 1 body 3 mind 1 spirit 1 vitality 14 wields Club }
encounter Loft {
  zone loft { height 20ft  drop floor 20ft }
  zone floor { }
  side archers {
    Ilse at loft
  }
  side brutes {
    Brute at floor
  }
}
`;
    const h = hoverText(text.replace('character Ilse', 'character Il<|>se'));
    assert.ok(h.includes('| Brute | floor | Near | ✗ never | after 1 Stride (Club) |'), h);
  });
});

describe("server/service hover: one game's words per file (issue 34 item 10)", () => {
  it('the shared keywords (system, use, extends) name only block kinds every system has', async () => {
    const { REGISTRY } = await import('../../../systems/index.js');
    const { EXTENDS_DOC, SYSTEM_DOC, USE_DOC } = await import('../../../model/schema.js');
    const kinds = REGISTRY.systems.map((x) => new Set(Object.keys(x.schema.blocks)));
    const all = new Set(kinds.flatMap((k) => [...k]));
    for (const doc of [SYSTEM_DOC, USE_DOC, EXTENDS_DOC]) {
      for (const word of doc.toLowerCase().match(/[a-z]+/g) ?? []) {
        const kind = word.replace(/s$/, '');
        if (!all.has(kind)) continue;
        for (const [i, k] of kinds.entries())
          assert.ok(k.has(kind), `"${word}" in a shared doc, but ${REGISTRY.systems[i].id} has no ${kind}: ${doc}`);
      }
    }
  });

  it('the `extends` hover in an Arcana file speaks of no Halcyon Aces technique', () => {
    const h = hoverText('system arcana\ncharacter Thug { health 8 }\ncharacter Boss ext<|>ends Thug { health 14 }\n');
    assert.match(h, /\*\*extends\*\*/);
    assert.doesNotMatch(h, /technique/i);
  });
});
