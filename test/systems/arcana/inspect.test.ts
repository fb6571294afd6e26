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
import { cardName } from '../../../engine/cards.js';
import type { SystemEngine } from '../../../model/system.js';
import type { ArEncounter } from '../../../systems/arcana/check.js';
import { bruteHit, unknownAt } from './brute.js';

function raid(): ArEncounter {
  const file = resolve('samples/arcana/salt-street-raid.aces');
  const r = checkFiles([file], diskHost(process.cwd()));
  return r.encountersByFile.get(file)![0] as ArEncounter;
}

/** AR-O2, AR-C5: the opposition card face up after the lines revealed so far, read from the log alone; null: none. */
function faceUp(lines: readonly string[]): number | null {
  let card: number | null = null;
  const byName = (n: string): number => Array.from({ length: 52 }, (_, i) => i).find((i) => cardName(i) === n)!;
  for (const l of lines) {
    const r = /^— Round \d+ — opposition card (\S+)$/.exec(l);
    if (r) card = byName(r[1]);
    else if (/^— Round \d+ — no opposition card/.test(l) || /^End of round/.test(l)) card = null;
    const p = /: (\S+) replaces the opposition card \S+ for the rest of the round/.exec(l);
    if (p) card = byName(p[1]);
  }
  return card;
}

describe('Arcana: the hover on a character in a stepped fight (issue 12 item 8)', function () {
  this.timeout(120000);

  it('AR-C6 AR-H1 AR-H2 AR-O3 (issue 34 item 7): shows the hand held now and the exact chance the next attack hits without and with a cheat, on the face-up opposition card, over the cards nobody has seen (no discard, AR-F3): brute force over the simulator’s own draw pile and the other hands', async () => {
    const enc = raid();
    const engine = (await REGISTRY.byId('arcana')!.loadEngine()) as SystemEngine<ArEncounter>;
    const chars = new Map(enc.model.sides.flatMap((s) => s.placements.map((p) => [p.name, p.character] as const)));
    const s = new CombatSession(engine, enc, 13);
    s.start();
    let checked = 0,
      withCheat = 0,
      faced = 0;
    const opposition = new Set(enc.model.sides[1].placements.map((p) => p.name));
    for (let step = 0; step < 8 && !s.done; step++) {
      // issue 34 item 7: the cards the hover may flip are the ones nobody has seen: the simulator's draw pile and the other hands
      const unknown = unknownAt(enc.model, 13, s.lines.length);
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
        const card = faceUp(s.lines);
        const oppT = opposition.has(m[1]);
        const face = card === null ? null : { card, attack: false, defense: oppT }; // `opposition-card defense`
        const plain = /hits without a cheat: \*\*([\d/]+)\*\*/.exec(md)![1];
        assert.equal(
          plain,
          bruteHit(a, t, Number(m[2]), hand, false, face, unknown(c.name)),
          `${c.name} → ${m[1]} without a cheat`,
        );
        if (face?.defense) faced++;
        const cheat = /hits with a cheat from this hand[^*]*\*\*([\d/]+)\*\*/.exec(md);
        if (cheat) {
          assert.equal(
            cheat[1],
            bruteHit(a, t, Number(m[2]), hand, true, face, unknown(c.name)),
            `${c.name} → ${m[1]} with a cheat from ${held}`,
          );
          withCheat++;
        }
        checked++;
      }
      s.nextTurn();
    }
    assert.ok(
      checked >= 10 && withCheat >= 5 && faced >= 5,
      `${checked} hovers, ${withCheat} with a cheat, ${faced} on the opposition card`,
    );
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
