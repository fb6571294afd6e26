// Issue 34 item 7: the odds an Arcana hover shows are the ones the table has.
// The stepped fight's hover conditions on every card it knows (the hand and the
// face-up opposition card, AR-O3); every hover flips from the encounter's own
// Fate deck (AR-F1), homebrew included; the character (placement) hover shows
// the cheat with one unknown card (AR-C6) and who acts first (AR-I1…I3). Each
// figure is checked by brute force over the physical cards.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { REGISTRY, checkFiles } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { CombatSession } from '../../../model/session.js';
import { cardName, cardValue } from '../../../engine/cards.js';
import type { SystemEngine } from '../../../model/system.js';
import type { ArEncounter } from '../../../systems/arcana/check.js';
import { attackBase, damageBonus, defenseBase, type Character } from '../../../systems/arcana/model.js';
import { hoverText } from '../../server/cursor.js';
import { ar, BASE_DEFS, encounterOf } from './lang.js';
import { bruteHit, unknownAt } from './brute.js';

const byName = (n: string): number => Array.from({ length: 52 }, (_, i) => i).find((i) => cardName(i) === n)!;
const cardsOf = (s: string): number[] => s.split(/\s+/).map(byName);
const pct = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)}%`;

/** Sixteen distinct cards: the deal (3 + 3) and three initiative flips fit (AR-F4). */
const TINY = '2♣ 3♦ 5♠ 7♥ 8♣ 9♦ 10♠ J♥ Q♣ K♦ A♠ 4♥ 6♣ 10♦ 3♠ 9♥';
const TEXT = `system arcana\n${BASE_DEFS}deck Tiny { homebrew cards ${TINY} }\nencounter Fight {\n  deck Tiny\n  aspects "Fog"\n  side a { Hero }\n  side b { Thug x2 }\n}\n`;

/** AR-C6: P(hit) when the attacker may cheat with one card it does not know yet, over ordered distinct `cards`. */
function bruteUnknownCheat(a: Character, t: Character, cards: readonly number[]): [number, number] {
  const cls = (av: number, dv: number): number => {
    const att = attackBase(a) + av,
      def = defenseBase(t) + dv;
    if (att <= def) return 0;
    return Math.max(1, att - def + damageBonus(a) - t.toughness) >= t.health ? 2 : 1;
  };
  const aim = a.wields.kind === 'ranged';
  let hits = 0,
    all = 0;
  const idx = cards.map((_, i) => i);
  for (const f of idx)
    for (const d of idx)
      for (const x of idx) {
        if (d === f || x === f || x === d) continue;
        for (const m of aim ? idx : [-1]) {
          if (aim && (m === f || m === d || m === x)) continue;
          const aimV = aim ? cardValue(cards[m]) : 0;
          let av = Math.max(aimV, cardValue(cards[f]));
          const dv = cardValue(cards[d]);
          const alt = Math.max(aimV, cardValue(cards[x]));
          if (cls(alt, dv) > cls(av, dv)) av = alt;
          all++;
          if (cls(av, dv) > 0) hits++;
        }
      }
  return [hits, all];
}

/** AR-I1, AR-I3: P(A acts before B) over ordered distinct pairs of `cards`, ties to A when `aTies`. */
function bruteInitiative(alertA: number, alertB: number, aTies: boolean, cards: readonly number[]): [number, number] {
  let win = 0,
    all = 0;
  for (let i = 0; i < cards.length; i++)
    for (let j = 0; j < cards.length; j++) {
      if (i === j) continue;
      const x = alertA + cardValue(cards[i]),
        y = alertB + cardValue(cards[j]);
      all++;
      if (x > y || (x === y && aTies)) win++;
    }
  return [win, all];
}

describe('Arcana hovers show the odds the table has (issue 34 item 7)', function () {
  this.timeout(120000);

  it('AR-O3 AR-C6 AR-F3 AR-I1: the stepped hover\'s "hits without a cheat" counts the face-up opposition card and the initiative flips already discarded (Bruno on Deckhand 1: 23/43 = 53.5% over the 43 cards nobody has seen; 25/47 without the discards, 877/1128 = 77.7% without the opposition card)', async () => {
    const file = resolve('samples/arcana/salt-street-raid.aces');
    const enc = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0] as ArEncounter;
    const engine = (await REGISTRY.byId('arcana')!.loadEngine()) as SystemEngine<ArEncounter>;
    const s = new CombatSession(engine, enc, 13);
    s.start();
    const md = s.inspect('Bruno Kask')!;
    assert.match(md, /Next attack, on Deckhand 1/);
    assert.match(md, /Deckhand 1's defense flip is the opposition card Q♦, face up \(AR-O3\)/);
    assert.match(md, /hits without a cheat: \*\*23\/43\*\* \(53\.5%\)/);
    assert.match(
      md,
      /less the 4 cards in hand and the opposition card Q♦ and the 4 cards seen since the last reshuffle/,
    );
  });

  it('AR-I1 AR-I2 AR-I3: the stepped hover shows the chance of acting before each foe until the flips, then the score and place (brute force)', async () => {
    const file = resolve('samples/arcana/salt-street-raid.aces');
    const enc = checkFiles([file], diskHost(process.cwd())).encountersByFile.get(file)![0] as ArEncounter;
    const engine = (await REGISTRY.byId('arcana')!.loadEngine()) as SystemEngine<ArEncounter>;
    const s = new CombatSession(engine, enc, 13);
    // holders in file order: a character, or a group flipping once with its first member's Alertness (AR-I2)
    const holders: { label: string; alertness: number; players: boolean; names: string[] }[] = [];
    enc.model.sides.forEach((side, si) => {
      for (const p of side.placements) {
        const h = p.group === null ? undefined : holders.find((x) => x.label === p.group);
        if (h) h.names.push(p.name);
        else
          holders.push({
            label: p.group ?? p.name,
            alertness: p.character.alertness,
            players: si === 0,
            names: [p.name],
          });
      }
    });
    const full = Array.from({ length: 52 }, (_, i) => i);
    let rows = 0;
    for (const [ai, a] of holders.entries()) {
      const md = s.inspect(a.names[0])!;
      for (const [bi, b] of holders.entries()) {
        if (b.players === a.players) continue;
        // AR-I3: the higher Alertness, then the players' side, then file order
        const ties =
          a.alertness !== b.alertness ? a.alertness > b.alertness : a.players !== b.players ? a.players : ai < bi;
        const [n, d] = bruteInitiative(a.alertness, b.alertness, ties, full);
        const m = new RegExp(`- before ${b.label}: \\*\\*(\\d+)/(\\d+)\\*\\*`).exec(md);
        assert.ok(m, `${a.label} before ${b.label}\n${md}`);
        assert.equal(Number(m[1]) * d, n * Number(m[2]), `${a.label} before ${b.label}: ${m[1]}/${m[2]} vs ${n}/${d}`);
        rows++;
      }
    }
    assert.equal(rows, 8);
    s.start();
    assert.match(s.inspect('Bruno Kask')!, /Initiative: Bruno Kask 11, acts 2 of 4 \(AR-I1\)/);
    assert.match(s.inspect('Deckhand 3')!, /Initiative: Dock Rats 12, acts 1 of 4 \(AR-I1\)/);
  });

  it('AR-F1 AR-O3 AR-C6: a stepped fight on a homebrew deck that reshuffles: every "hits" figure flips from the cards nobody has seen — the discard pile out until it is shuffled back (AR-F3, AR-F4) — brute force over the simulator’s own draw pile and the other hands', async () => {
    const enc = encounterOf(ar(TEXT.replace('system arcana\n', '')));
    const engine = (await REGISTRY.byId('arcana')!.loadEngine()) as SystemEngine<ArEncounter>;
    const chars = new Map(enc.model.sides.flatMap((x) => x.placements.map((p) => [p.name, p.character] as const)));
    const opposition = new Set(enc.model.sides[1].placements.map((p) => p.name));
    const deck = cardsOf(TINY);
    let checked = 0,
      reshuffled = 0;
    for (const seed of [1, 2, 3]) {
      const s = new CombatSession(engine, enc, seed);
      s.start();
      for (let step = 0; step < 8 && !s.done; step++) {
        // the round's opposition card, from the log alone (AR-O2; a permanent cheat replaces it, AR-C5)
        let face: number | null = null;
        for (const l of s.lines) {
          const r = /^— Round \d+ — opposition card (\S+)$/.exec(l);
          if (r) face = byName(r[1]);
          if (/^End of round/.test(l)) face = null;
          const p = /: (\S+) replaces the opposition card \S+ for the rest of the round/.exec(l);
          if (p) face = byName(p[1]);
        }
        const unknown = unknownAt(enc.model, seed, s.lines.length);
        if (s.lines.some((l) => /shuffle/i.test(l))) reshuffled++;
        for (const c of s.snapshot()!.combatants) {
          if (c.out) continue;
          const md = s.inspect(c.name)!;
          const m = /Next attack, on (.+) \(Health (\d+);/.exec(md);
          if (!m) continue;
          assert.match(md, /the encounter's Fate deck \(16 cards\)/);
          const held = c.details[0].replace(/^hand |^Hand of Fate \(the GM's\) /, '');
          const hand = held === '(empty)' ? [] : held.split(' ').map(byName);
          const f = face === null ? null : { card: face, attack: false, defense: opposition.has(m[1]) };
          const [a, t] = [chars.get(c.name)!, chars.get(m[1])!];
          for (const x of unknown(c.name)) assert.ok(deck.includes(x), cardName(x));
          const plain = /hits without a cheat: \*\*([\d/]+)\*\*/.exec(md)![1].replace(/^0\/1$/, '0');
          assert.equal(plain, bruteHit(a, t, Number(m[2]), hand, false, f, unknown(c.name)), `seed ${seed} ${c.name}`);
          const cheat = /hits with a cheat from this hand[^*]*\*\*([\d/]+)\*\*/.exec(md);
          if (cheat)
            assert.equal(
              cheat[1].replace(/^0\/1$/, '0'),
              bruteHit(a, t, Number(m[2]), hand, true, f, unknown(c.name)),
              `seed ${seed} ${c.name}`,
            );
          checked++;
        }
        s.nextTurn();
      }
    }
    assert.ok(checked >= 6 && reshuffled > 0, `${checked} hovers checked, ${reshuffled} after a reshuffle`);
  });

  it("AR-F1 AR-C6 AR-I1 AR-I3: the character hover flips from the encounter's homebrew deck and shows the one-unknown-card cheat and who acts first (brute force)", () => {
    const h = hoverText(TEXT.replace('character Hero {', 'character He<|>ro {'));
    const enc = encounterOf(ar(TEXT.replace('system arcana\n', '')));
    const hero = enc.model.sides[0].placements[0].character;
    const thug = enc.model.sides[1].placements[0].character;
    const deck = cardsOf(TINY);
    assert.match(h, /the encounter's deck Tiny, 16 cards \(AR-F1\)/);
    const row = /\| Thug \| ([\d.]+%) \| [\d.]+ \| [\d.]+% \| ([\d.]+%) \|/.exec(h);
    assert.ok(row, h);
    const [pn, pd] = bruteHit(hero, thug, thug.health, [], false, null, deck).split('/').map(Number);
    assert.equal(row[1], pct(pn, pd ?? 1), 'P(hit) on the homebrew deck');
    assert.equal(row[2], pct(...bruteUnknownCheat(hero, thug, deck)), 'P(hit) cheating with one unknown card');
    // Hero (Alertness 3, the players' side) acts before each Thug (Alertness 2); ties go to the higher Alertness
    const ini = pct(...bruteInitiative(hero.alertness, thug.alertness, true, deck));
    assert.match(h, new RegExp(`\\| Thug 1 \\| ${ini.replace('.', '\\.')} \\|`), h);
    assert.match(h, new RegExp(`\\| Thug 2 \\| ${ini.replace('.', '\\.')} \\|`), h);
  });

  it("AR-F1 AR-M3: the maneuver hover flips from the encounter's homebrew deck (brute force)", () => {
    const text = TEXT.replace('wields Saber }\ncharacter Thug', 'wields Saber maneuvers Trip }\ncharacter Thug');
    const h = hoverText(text.replace('maneuver Trip {', 'maneuver Tr<|>ip {'));
    const enc = encounterOf(ar(text.replace('system arcana\n', '')));
    const [hero, thug] = [enc.model.sides[0].placements[0].character, enc.model.sides[1].placements[0].character];
    // AR-M3: Agility + flip strictly above the foe's Agility + its flip, over ordered distinct cards of the deck
    const deck = cardsOf(TINY);
    let n = 0,
      d = 0;
    for (let i = 0; i < deck.length; i++)
      for (let j = 0; j < deck.length; j++)
        if (i !== j) {
          d++;
          if (hero.agility + cardValue(deck[i]) > thug.agility + cardValue(deck[j])) n++;
        }
    const shown = /\| Fight \| Hero \| Thug \| ([\d.]+)% \|/.exec(h);
    assert.ok(shown, h);
    // one decimal of 123/240 = 51.25%: either rounding of the half is the figure
    assert.ok(Math.abs(Number(shown[1]) - (100 * n) / d) <= 0.05 + 1e-9, `${shown[1]}% vs ${n}/${d}`);
    assert.notEqual(shown[1], '52.9', 'the full deck would give 52.9%');
  });

  it('AR-C2 AR-S3: with no declared aspect the character hover says the cheat needs one', () => {
    const h = hoverText(TEXT.replace('  aspects "Fog"\n', '').replace('character Hero {', 'character He<|>ro {'));
    assert.match(h, /\| Thug \| [\d.]+% \| [\d.]+ \| [\d.]+% \| — \(no aspect, AR-C2\) \|/, h);
  });
});
