// Halcyon Aces hovers on weapons and techniques: the exact odds of each strike
// (HA-S1–S6) or technique against every foe of every encounter its wielder
// appears in, from the deck that wielder draws (HA-C3), computed by
// engine/odds.ts and engine/deck-odds.ts.

import type { ReferenceAt, WorkspaceView } from '../../../model/system.js';
import type { Combatant, DeckSpec, Encounter, StatBlock, Technique, Weapon } from '../model.js';
import { strikeOdds, strikeOddsByNumber, techniqueOdds } from '../engine/odds.js';
import { deckKey, deckPhrase, oddsDeck } from '../engine/deck-odds.js';
import { allDefs, appearancesOf, defsOf, type Appearance } from './workspace.js';
import { cap, cell, MAX_ENCOUNTERS, MAX_FOES, signed, SUIT, weaponSummary } from './text.js';

/** A weapon's definition: what it is, who wields it, and the first placed wielder's strike tables. */
export function weaponDefHover(ws: WorkspaceView, file: string, w: Weapon): string {
  const lines = [`**weapon ${w.name}** — ${weaponSummary(w)}`];
  const wielders: StatBlock[] = [];
  for (const d of allDefs(ws)) {
    for (const b of d.characters.values())
      if (
        (b.weapon.name === w.name && b.weapon.file === file) ||
        (b.offhand?.name === w.name && b.offhand.file === file)
      )
        wielders.push(b);
  }
  if (wielders.length) {
    lines.push(
      `Wielded by ${wielders
        .slice(0, 8)
        .map((b) => b.name)
        .join(', ')}${wielders.length > 8 ? ` and ${wielders.length - 8} more` : ''}.`,
    );
    const first = wielders.find((b) => appearancesOf(ws, b.file ?? '', b.name).length);
    if (first) {
      lines.push(`In ${first.name}'s hands:`);
      lines.push(
        strikeTables(
          ws,
          first,
          first.offhand?.name === w.name && first.weapon.name !== w.name ? first.offhand : first.weapon,
          first.offhand?.name === w.name && first.weapon.name !== w.name,
        ),
      );
    }
  }
  return lines.join('\n\n');
}

/** A weapon a combatant wields: its odds against every foe of every encounter it appears in. */
export function weaponInHand(ws: WorkspaceView, ref: ReferenceAt, fallback: Weapon): string {
  const b = defsOf(ws, ref.file).characters.get(ref.holder.name);
  if (!b) return `**${fallback.name}** — ${weaponSummary(fallback)}`;
  const isOff = (ref.role === 'offhand' || ref.index === 1) && !!b.offhand;
  const w = isOff ? b.offhand! : ref.role === 'wields' && ref.index === 0 ? b.weapon : fallback;
  return `**${w.name}** in ${b.name}'s ${isOff ? 'off-hand' : 'hand'} — ${weaponSummary(w)}\n\n${strikeTables(ws, b, w, isOff)}`;
}

interface Foe {
  label: string;
  guard: number;
  resolve: number;
  zone: string;
  band: string;
}

/** Foes of a character in the encounters it appears in (grouped, deduplicated by stat block). */
function foesOf(
  ws: WorkspaceView,
  b: StatBlock,
  filter?: (a: Appearance) => boolean,
): { apps: Appearance[]; groups: { enc: Encounter; me: Combatant; foes: Foe[]; more: number }[]; more: number } {
  let apps = appearancesOf(ws, b.file ?? '', b.name);
  if (filter) apps = apps.filter(filter);
  const groups = apps.slice(0, MAX_ENCOUNTERS).map((a) => {
    const me = a.combatants[0];
    const seen = new Map<string, Foe>();
    for (const c of a.encounter.combatants) {
      if (c.side === me.side) continue;
      const k = `${c.block.file}\0${c.block.name}\0${c.zone}`;
      const prev = seen.get(k);
      if (prev) {
        prev.label = `${c.block.name} ×${Number(prev.label.match(/×(\d+)$/)?.[1] ?? 1) + 1}`;
        continue;
      }
      seen.set(k, {
        label: c.id === c.block.name ? c.id : `${c.block.name}`,
        guard: c.block.guard,
        resolve: c.block.resolve,
        zone: c.zone,
        band: bandBetween(a.encounter, me.zone, c.zone),
      });
    }
    const foes = [...seen.values()];
    return { enc: a.encounter, me, foes: foes.slice(0, MAX_FOES), more: Math.max(0, foes.length - MAX_FOES) };
  });
  return { apps, groups, more: Math.max(0, apps.length - MAX_ENCOUNTERS) };
}

function bandBetween(enc: Encounter, from: string, to: string): string {
  const i = enc.zones.findIndex((z) => z.name === from);
  const j = enc.zones.findIndex((z) => z.name === to);
  if (i < 0 || j < 0) return '?';
  const d = enc.distance[i][j];
  return d === 0 ? 'Engaged' : d === 1 ? 'Near' : d === Infinity ? 'no path' : `Far (${d})`;
}

function strikeTables(ws: WorkspaceView, b: StatBlock, w: Weapon, offhand: boolean): string {
  const { groups, more, apps } = foesOf(ws, b);
  if (!apps.length) return `*${b.name} is not placed in any encounter yet: no foes to compute odds against.*`;
  // HA-W3: a Scatter weapon has two modes; the simulator fires Scatter at a zone holding 2+ enemies and a
  // single shot at full bonus otherwise, so both are shown and the footnote says which the fight uses.
  const scatter = !offhand && w.properties.includes('scatter');
  const cache = new Map<string, string[]>();
  const row = (guard: number, spec: DeckSpec | undefined): string[] => {
    const key = `${guard}\0${deckKey(spec)}`;
    let r = cache.get(key);
    if (r) return r;
    const target = { guard, resolve: 0 };
    const deck = oddsDeck(spec);
    if (offhand) {
      const main = strikeOdds(b, b.weapon, target, { strikeNumber: 1, deck, scatter: false });
      const off = strikeOdds(b, w, target, { strikeNumber: 2, offhand: true, deck });
      const third = strikeOdds(b, w, target, { strikeNumber: 3, offhand: true, deck });
      r = [cell(main), cell(off), cell(third)];
    } else {
      const [s1, s2, s3] = strikeOddsByNumber(b, w, target, { deck, scatter: false });
      r = [cell(s1), cell(s2), cell(s3)];
      if (b.offhand && w === b.weapon)
        r.splice(2, 0, cell(strikeOdds(b, b.offhand, target, { strikeNumber: 2, offhand: true, deck })));
      if (scatter) r.push(cell(strikeOdds(b, w, target, { strikeNumber: 1, deck, scatter: true })));
    }
    cache.set(key, r);
    return r;
  };
  const dual = !offhand && !!b.offhand && w === b.weapon;
  const second = offhand
    ? `2nd (off-hand, no penalty)`
    : w.properties.includes('quick') || w.properties.includes('combo')
      ? '2nd (±0, Quick/Combo)'
      : '2nd (−2)';
  const head = offhand
    ? `| foe (zone, range) | Guard | 1st (${b.weapon.name}) | ${second} | 3rd (−4) |\n|---|---:|---|---|---|`
    : `| foe (zone, range) | Guard | 1st | ${second} |${dual ? ` 2nd (off-hand ${b.offhand!.name}) |` : ''} 3rd (−4) |${scatter ? ' 1st as Scatter (−1) |' : ''}\n|---|---:|---|---|${dual ? '---|' : ''}---|${scatter ? '---|' : ''}`;
  const out: string[] = [];
  const decks = new Set<string>();
  for (const g of groups) {
    const spec = g.me.deck;
    decks.add(deckPhrase(spec));
    out.push(
      `*${g.enc.name}* — ${g.me.id} at ${g.me.zone}, ${w.name} reaches ${cap(w.reach)}, draws from ${deckPhrase(spec)}:`,
    );
    out.push(head);
    for (const f of g.foes)
      out.push(`| ${f.label} (${f.zone}, ${f.band}) | ${f.guard} | ${row(f.guard, spec).join(' | ')} |`);
    if (g.more) out.push(`| … ${g.more} more | | | | |`);
  }
  if (more) out.push(`*…and ${more} more encounter${more === 1 ? '' : 's'}.*`);
  out.push(
    `Each cell: P(hit) · P(crit) · E[damage], exact, from ${decks.size === 1 ? [...decks][0] : 'the deck named above each table'}, shuffled (HA-C3, HA-S1–S6).`,
  );
  if (scatter)
    out.push(
      `Scatter (HA-W3) is a mode: one draw against every enemy in the target's zone at −1 bonus damage. The simulator uses it when the zone holds 2 or more enemies, else a single shot at full bonus (the 1st/2nd/3rd columns).`,
    );
  return out.join('\n');
}

/** A technique: what it costs and draws, and its odds in the hands of a user placed in an encounter. */
export function techniqueHover(ws: WorkspaceView, file: string, tq: Technique, user: StatBlock | undefined): string {
  const lines = [
    `**technique ${tq.name}** — costs ${tq.cost} action${tq.cost === 1 ? '' : 's'} (HA-A4), draws ${cap(tq.stat)} ${SUIT[tq.stat]} against ${cap(tq.against)}, ${tq.targets} target${tq.targets === 'single' ? '' : 's'}${tq.targets === 'dual' ? ' (HA-M1)' : tq.targets === 'sweep' ? ' (HA-M2)' : ''}, reaches ${cap(tq.reach)}, ${signed(tq.bonus)} damage`,
  ];
  let who = user;
  if (!who) {
    for (const d of allDefs(ws)) {
      for (const b of d.characters.values()) {
        if (
          b.techniques.some((x) => x.name === tq.name && x.file === file) &&
          appearancesOf(ws, b.file ?? '', b.name).length
        ) {
          who = b;
          break;
        }
      }
      if (who) break;
    }
  }
  if (who) {
    const { groups, more, apps } = foesOf(ws, who);
    if (apps.length) {
      lines.push(
        `Used by ${who.name} (${cap(tq.stat)} ${who.stats[tq.stat]}, draws ${who.draws[tq.stat]}; damage adds ${who.weapon.name}'s ${signed(who.weapon.bonus)}):`,
      );
      const def = tq.against === 'guard' ? 'Guard' : 'Resolve';
      const cache = new Map<string, string>();
      for (const g of groups) {
        lines.push(
          `*${g.enc.name}* — draws from ${deckPhrase(g.me.deck)} (HA-C3):\n\n| foe (zone, range) | ${def} | P(hit) · P(crit) · E[damage] |\n|---|---:|---|\n${g.foes
            .map((f) => {
              const v = tq.against === 'guard' ? f.guard : f.resolve;
              const key = `${v}\0${deckKey(g.me.deck)}`;
              let c = cache.get(key);
              if (c === undefined)
                cache.set(
                  key,
                  (c = cell(
                    techniqueOdds(who!, tq, { guard: f.guard, resolve: f.resolve }, { deck: oddsDeck(g.me.deck) }),
                  )),
                );
              return `| ${f.label} (${f.zone}, ${f.band}) | ${v} | ${c} |`;
            })
            .join('\n')}`,
        );
      }
      if (more) lines.push(`*…and ${more} more encounters.*`);
    }
  }
  return lines.join('\n\n');
}
