// Each system's FightWatch (the step-through view) checked against the facts the
// events themselves state: what it tracks between round ends must agree with the
// engine's own numbers when the next event shows them (a hit's "before", a round
// end's line, a Taken Out character's hand). Samples × seeds.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { REGISTRY, checkFiles } from '../../systems/index.js';
import { diskHost } from '../../cli/files.js';
import type { CombatantState, EncounterInfo, FightWatch, SystemEngine } from '../../model/system.js';

function samples(id: string): EncounterInfo[] {
  const dir = 'samples';
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.aces'))
    .map((f) => resolve(dir, f))
    .sort();
  const r = checkFiles(files, diskHost(process.cwd()));
  return files
    .filter((f) => r.systemOf(f)?.id === id && !r.diagnostics.some((d) => d.file === f && d.severity === 'error'))
    .flatMap((f) => r.encountersByFile.get(f) ?? []);
}

const SEEDS = [1, 2, 3, 7, 42, 99];

/** Runs every sample fight of a system, calling `before(e, watch)` ahead of applying each event. */
async function each(
  id: string,
  before: (e: never, w: FightWatch, c: (name: string) => CombatantState) => void,
): Promise<number> {
  const engine = (await REGISTRY.byId(id)!.loadEngine()) as SystemEngine;
  let n = 0;
  for (const enc of samples(id)) {
    for (const seed of SEEDS) {
      const w = engine.watch!(enc);
      const c = (name: string): CombatantState => w.snapshot().combatants.find((x) => x.name === name)!;
      for (const e of engine.events(enc, seed)) {
        before(e as never, w, c);
        w.apply(e);
        n++;
      }
    }
  }
  return n;
}

const meter = (c: CombatantState, label: string): number => c.meters.find((m) => m.label === label)!.value;

describe('systems: the step-through view (watch) agrees with the engine', function () {
  this.timeout(120000);

  it('halcyon-aces: Vitality, deck and fatigue followed card by card agree with every round end (HA-C4, HA-C5, HA-C6, HA-S3, HA-A9, HA-B1)', async () => {
    let checked = 0;
    await each(
      'halcyon-aces',
      (
        e: {
          type: string;
          vitality?: { id: string; vitality: number; state: string; deck?: number; fatigue?: number }[];
        },
        _w,
        c,
      ) => {
        if (e.type !== 'round-end') return;
        for (const v of e.vitality!) {
          const s = c(v.id);
          assert.equal(meter(s, 'Vitality'), v.vitality, `${v.id} Vitality`);
          assert.equal(meter(s, 'deck'), v.deck, `${v.id} deck`);
          assert.ok(
            s.details.includes(`fatigue ${v.fatigue}`),
            `${v.id}: ${s.details.join('; ')} vs fatigue ${v.fatigue}`,
          );
          assert.equal(s.statuses.includes('Broken'), v.state === 'broken');
          assert.equal(s.statuses.includes('Defeated'), v.state === 'defeated');
          checked++;
        }
      },
    );
    assert.ok(checked > 100, `${checked} round-end checks`);
  });

  it('heart-rush: HP, squares, heart die, statuses and prone agree with every round end; a hit starts from the HP the view shows (HR-H1, HR-H2, HR-H7, HR-M4)', async () => {
    let checked = 0,
      squares = 0,
      drift = 0;
    await each(
      'heart-rush',
      (
        e: {
          type: string;
          line?: { who: string; hp: number; notes: string; at?: readonly [number, number] }[];
          hit?: { hpBefore: number } | null;
          hitOn?: string | null;
        },
        _w,
        c,
      ) => {
        if (e.type === 'attack' && e.hit && e.hitOn)
          assert.equal(meter(c(e.hitOn), 'HP'), e.hit.hpBefore, `${e.hitOn} before the hit`);
        if (e.type !== 'round-end') return;
        for (const l of e.line!) {
          const s = c(l.who);
          assert.equal(meter(s, 'HP'), l.hp, `${l.who} HP`);
          if (l.at) {
            squares++;
            if (s.where !== `${l.at[0]},${l.at[1]}`) drift++;
          }
          const notes = l.notes ? l.notes.split(', ') : [];
          const heart = notes.find((n) => n.startsWith('heart d'));
          if (heart) assert.ok(s.details.includes(heart), `${l.who}: ${heart}`);
          const want = notes.filter((n) => !n.startsWith('heart d')).sort();
          assert.deepEqual([...s.statuses].sort(), want, `${l.who} statuses`);
          checked++;
        }
      },
    );
    assert.ok(checked > 100, `${checked} round-end checks`);
    assert.equal(drift, 0, `${drift} of ${squares} squares differ from the round end's`);
  });

  it('arcana: a cheat plays a card of the hand the view shows; Taken Out discards exactly that hand; a hit starts from the Health shown (AR-C1, AR-H3, AR-H4, AR-H5, AR-D4)', async () => {
    let cheats = 0,
      outs = 0;
    await each(
      'arcana',
      (
        e: {
          type: string;
          who: string;
          flipFor?: string;
          card?: number;
          hand?: number[] | number;
          target?: string;
          before?: number;
          hit?: boolean;
        },
        w,
        c,
      ) => {
        const hand = (name: string) =>
          c(name).details.find((d) => d.startsWith('hand ') || d.startsWith('Hand of Fate')) ?? '';
        if (e.type === 'cheat') {
          const name =
            e.who === 'The GM'
              ? w.snapshot().combatants.find((x) => x.details.some((d) => d.startsWith('Hand of Fate')))!.name
              : e.who;
          assert.match(hand(name), new RegExp(` ${cardRe(e.card!)}( |$)`), `${e.who} cheats with a card it holds`);
          cheats++;
        }
        if (e.type === 'taken-out' && Array.isArray(e.hand) && e.hand.length) {
          assert.equal(hand(e.who), `hand ${e.hand.map(cardName).join(' ')}`);
          outs++;
        }
        if (e.type === 'hit' && e.hit) assert.equal(meter(c(e.target!), 'Health'), e.before);
      },
    );
    assert.ok(cheats > 10 && outs > 0, `${cheats} cheats, ${outs} hands`);
  });

  it('tactical-grid: stress and health move only as harm and stress say, from the value the view shows (TG-D1, TG-D2, TG-D4)', async () => {
    let checked = 0;
    await each('tactical-grid', (e: { type: string; who: string; from: number }, _w, c) => {
      if (e.type !== 'harm' && e.type !== 'stress') return;
      const s = c(e.who);
      assert.equal(s.meters[0].value, e.from, `${e.who} ${e.type} from ${e.from}`);
      checked++;
    });
    assert.ok(checked > 50, `${checked} checks`);
  });
});

import { cardName } from '../../engine/cards.js';
const cardRe = (c: number): string => cardName(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
