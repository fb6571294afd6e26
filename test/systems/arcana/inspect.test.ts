// Issue 12 item 8, "hands are visible": in a stepped Arcana fight the hover on a
// character (FightWatch.inspect) shows its current hand and the exact chance its
// next attack hits without and with a cheat (AR-C6), each fraction checked here
// by brute force over the physical cards; and the log names every cheat's aspect
// and the card it replaced.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { REGISTRY, checkFiles } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { CombatSession } from '../../../model/session.js';
import { cardName, cardValue } from '../../../engine/cards.js';
import type { SystemEngine } from '../../../model/system.js';
import type { ArEncounter } from '../../../systems/arcana/check.js';
import { attackBase, damageBonus, defenseBase, type Character } from '../../../systems/arcana/model.js';

function raid(): ArEncounter {
  const file = resolve('samples/arcana/salt-street-raid.aces');
  const r = checkFiles([file], diskHost(process.cwd()));
  return r.encountersByFile.get(file)![0] as ArEncounter;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const reduced = (n: number, d: number): string => (n === 0 ? '0' : `${n / gcd(n, d)}/${d / gcd(n, d)}`);

/**
 * P(hit) of `a` attacking `t` (Health `health`) by enumerating ordered physical cards from the 52 less `hand`:
 * (aim card,) attack flip, defense flip. With `cheat`, AR-C6: the lowest hand card that improves the outcome
 * (miss → hit → Taken Out) stands in for the attack flip (an aimed attack keeps the better of it and the aim card).
 */
function bruteHit(a: Character, t: Character, health: number, hand: readonly number[], cheat: boolean): string {
  const deck = Array.from({ length: 52 }, (_, i) => i).filter((c) => !hand.includes(c));
  const aim = a.wields.kind === 'ranged';
  const hv = hand.map(cardValue).sort((x, y) => x - y);
  const cls = (av: number, dv: number): number => {
    const att = attackBase(a) + av,
      def = defenseBase(t) + dv;
    if (att <= def) return 0;
    return Math.max(1, att - def + damageBonus(a) - t.toughness) >= health ? 2 : 1;
  };
  let hits = 0,
    all = 0;
  const one = (aimV: number, f: number, d: number): void => {
    let av = Math.max(aimV, cardValue(f));
    const dv = cardValue(d);
    if (cheat) {
      const now = cls(av, dv);
      for (const h of hv)
        if (cls(Math.max(h, aimV), dv) > now) {
          av = Math.max(h, aimV);
          break;
        }
    }
    all++;
    if (cls(av, dv) > 0) hits++;
  };
  for (const f of deck) {
    for (const d of deck) {
      if (d === f) continue;
      if (!aim) {
        one(0, f, d);
        continue;
      }
      for (const x of deck) if (x !== f && x !== d) one(cardValue(x), f, d);
    }
  }
  return reduced(hits, all);
}

describe('Arcana: the hover on a character in a stepped fight (issue 12 item 8)', function () {
  this.timeout(120000);

  it('AR-C6 AR-H1 AR-H2: shows the hand held now and the exact chance the next attack hits without and with a cheat (brute force over the cards)', async () => {
    const enc = raid();
    const engine = (await REGISTRY.byId('arcana')!.loadEngine()) as SystemEngine<ArEncounter>;
    const chars = new Map(enc.model.sides.flatMap((s) => s.placements.map((p) => [p.name, p.character] as const)));
    const s = new CombatSession(engine, enc, 13);
    s.start();
    let checked = 0,
      withCheat = 0;
    for (let step = 0; step < 8 && !s.done; step++) {
      for (const c of s.snapshot()!.combatants) {
        const md = s.inspect(c.name)!;
        assert.ok(md.startsWith(`**${c.name}**`), md);
        const held = c.details[0].replace(/^hand |^Hand of Fate \(the GM's\) /, '');
        assert.ok(md.includes(held), `${c.name}: the hand ${held} in\n${md}`);
        const m = /Next attack, on (.+) \(Health (\d+);/.exec(md);
        if (!m || c.out) continue;
        const hand =
          held === '(empty)'
            ? []
            : held.split(' ').map((n) => Array.from({ length: 52 }, (_, i) => i).find((i) => cardName(i) === n)!);
        const a = chars.get(c.name)!,
          t = chars.get(m[1])!;
        const plain = /hits without a cheat: \*\*([\d/]+)\*\*/.exec(md)![1];
        assert.equal(plain, bruteHit(a, t, Number(m[2]), hand, false), `${c.name} → ${m[1]} without a cheat`);
        const cheat = /hits with a cheat from this hand[^*]*\*\*([\d/]+)\*\*/.exec(md);
        if (cheat) {
          assert.equal(
            cheat[1],
            bruteHit(a, t, Number(m[2]), hand, true),
            `${c.name} → ${m[1]} with a cheat from ${held}`,
          );
          withCheat++;
        }
        checked++;
      }
      s.nextTurn();
    }
    assert.ok(checked >= 10 && withCheat >= 5, `${checked} hovers, ${withCheat} with a cheat`);
  });

  it('AR-C1 AR-C2: every cheat in the log names the aspect invoked, the card played and the card it replaced', async () => {
    const enc = raid();
    const engine = await REGISTRY.byId('arcana')!.loadEngine();
    let n = 0;
    for (const seed of [1, 2, 3, 13, 42, 99]) {
      for (const e of engine.events(enc, seed) as Iterable<{
        type: string;
        aspect?: { name: string };
        card?: number;
        replaces?: number;
      }>) {
        if (e.type !== 'cheat') continue;
        const line = engine.render(e)!;
        assert.ok(line.includes(e.aspect!.name), line);
        assert.ok(line.includes(`${cardName(e.card!)} replaces`), line);
        assert.ok(line.includes(cardName(e.replaces!)), line);
        n++;
      }
    }
    assert.ok(n > 10, `${n} cheats`);
  });
});
