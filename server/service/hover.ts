// Hovers: exact odds tables for weapons and techniques, derived numbers for
// combatants, reach across zones, fall damage, check odds for stats, schema
// docs for keywords, and the rule behind a diagnostic.

import type { Hover, Position as LspPosition } from 'vscode-languageserver-types';
import type { Range, Term } from '../../grammar/ast.js';
import { EXTENDS_DOC, SYSTEM_DOC, USE_DOC, type AttributeSpec } from '../../model/schema.js';
import { STAT_NAMES } from '../../systems/halcyon-aces/schema.js';
import { REGISTRY } from '../../systems/index.js';
import { zoneMapLines } from '../../systems/halcyon-aces/engine/zone-map.js';
import type { Band, Combatant, DeckSpec, Encounter, Stat, StatBlock, Technique, Weapon } from '../../systems/halcyon-aces/model.js';
import { UNARMED } from '../../systems/halcyon-aces/check.js';
import { checkOdds, strikeOdds, strikeOddsByNumber, techniqueOdds, type AttackOdds } from '../../systems/halcyon-aces/engine/odds.js';
import { cardName } from '../../systems/halcyon-aces/engine/cards.js';
import { deckKey, deckPhrase, oddsDeck } from '../../systems/halcyon-aces/engine/deck-odds.js';
import { reachOf, UNREACHABLE } from '../../systems/halcyon-aces/engine/reach.js';
import type { WorkspaceState, Def, Ref, FileEntry, Appearance } from './analysis.js';
import { explainCode } from './rules.js';
import { toRange } from './lsp.js';
import { classify, locate, type TermRole } from './syntax.js';

const SUIT: Record<Stat, string> = { heart: '♥', body: '♣', mind: '♦', spirit: '♠' };
/** How many encounters and foes a hover lists before "and N more". */
const MAX_ENCOUNTERS = 4;
const MAX_FOES = 8;

export function hover(ws: WorkspaceState, uri: string, pos: LspPosition): Hover | null {
  const e = ws.entry(uri);
  if (!e?.file.parse) return null;
  const offset = e.lines.offsetAt(pos);
  const parts: string[] = [];
  let range: Range | undefined;

  // The rule behind any diagnostic under the cursor.
  const seen = new Set<string>();
  for (const d of e.diagnostics) {
    if (d.range.start.offset <= offset && offset <= d.range.end.offset && !seen.has(d.code)) {
      seen.add(d.code);
      const text = explainCode(d.code);
      if (text) parts.push(`**${d.code}** — ${text}`);
      range ??= d.range;
    }
  }

  const sym = ws.symbolAt(uri, offset);
  const schema = e.system.schema;
  const loc = locate(e.file.parse.file, offset, schema);
  let body: string | undefined;
  if (sym) {
    body = symbolHover(ws, e, sym);
    range = sym.def?.nameRange ?? sym.ref?.range ?? range;
  } else if (loc.statement && loc.term) {
    const roles = classify(loc.statement, loc.context, schema);
    body = termHover(ws, e, loc.term, roles[loc.termIndex], loc.context, loc.frames.map((f) => f.statement));
    if (body) range = loc.term.range;
  }
  if (body) parts.push(body);
  if (!parts.length) return null;
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') }, range: range && toRange(range) };
}

// ---------------------------------------------------------------------------
// Symbols

function symbolHover(ws: WorkspaceState, e: FileEntry, sym: { def?: Def; ref?: Ref; target?: Def }): string | undefined {
  const t = sym.target;
  const ref = sym.ref;
  if (ref && !t) {
    if (ref.kind === 'weapon' && ref.name.toLowerCase() === 'unarmed') {
      return weaponInHand(ws, e, ref, UNARMED);
    }
    return `*No ${ref.kind} named* \`${ref.name}\` *is visible here.*`;
  }
  if (!t) return undefined;
  // A system other than Halcyon Aces speaks through its editor contributions (derived numbers, exact odds).
  const owner = ws.entries.get(t.uri);
  if (owner && owner.system.id !== 'halcyon-aces') {
    const q = owner.system.editor?.hover && owner.model ? owner.system.editor.hover({ model: owner.model, kind: t.kind, name: t.name, file: t.uri, encounter: ref?.role === 'placement' ? ref.encounter?.name : undefined }) : undefined;
    return q ?? `**${t.kind} ${t.name}** — ${owner.system.schema.blocks[t.kind]?.doc ?? ''}`;
  }
  switch (t.kind) {
    case 'weapon': {
      const w = ws.entries.get(t.uri)?.weapons.get(t.name);
      if (!w) return undefined;
      if (ref && (ref.role === 'wields' || ref.role === 'offhand')) return weaponInHand(ws, e, ref, w);
      return weaponDefHover(ws, t, w);
    }
    case 'technique': {
      const tq = ws.entries.get(t.uri)?.techniques.get(t.name);
      if (!tq) return undefined;
      const users = ref?.role === 'techniques' ? statBlockOf(ws, ref.holder.file, ref.holder.name) : undefined;
      return techniqueHover(ws, t, tq, users);
    }
    case 'character': {
      const b = ws.entries.get(t.uri)?.characters.get(t.name);
      if (!b) return undefined;
      const only = ref?.role === 'placement' ? ref.encounter : undefined;
      return combatantHover(ws, t, b, only ? (a) => a.uri === ref!.uri && a.encounter.range?.start.offset === only.nameRange.start.offset : undefined);
    }
    case 'zone':
      return zoneHover(ws, t);
    case 'deck': {
      const d = ws.entries.get(t.uri)?.decks.get(t.name);
      const enc = t.encounter ? encounterOf(ws, t.uri, t.encounter.nameRange.start.offset) : undefined;
      const spec = d ?? enc?.combatants.find((c) => c.deck.name === t.name)?.deck;
      if (!spec) return `**deck ${t.name}**`;
      const top = spec.cards.slice(0, 8).map(cardName).join(' ');
      return [
        `**deck ${t.name}** — ${spec.kind}${spec.only ? ', only the listed cards' : ''} (HA-C3)`,
        spec.kind === 'standard'
          ? 'The 52 cards, shuffled at the start of combat.'
          : `${spec.cards.length} listed card${spec.cards.length === 1 ? '' : 's'}${spec.kind === 'stacked' ? ', drawn first in this order' : ''}: ${top}${spec.cards.length > 8 ? ' …' : ''}${spec.kind === 'stacked' && !spec.only ? ' — then the rest of a standard deck, shuffled.' : ''}`,
      ].join('\n\n');
    }
    case 'encounter': {
      const enc = encounterOf(ws, t.uri, t.nameRange.start.offset);
      return enc ? encounterHover(enc) : undefined;
    }
    case 'side': {
      const enc = t.encounter && encounterOf(ws, t.uri, t.encounter.nameRange.start.offset);
      if (!enc) return undefined;
      const members = enc.combatants.filter((c) => c.side === t.name);
      return `**side ${t.name}** — ${members.length} combatant${members.length === 1 ? '' : 's'}\n\n${members
        .map((c) => `- ${c.id} at ${c.zone} — Vitality ${c.block.vitality}, Guard ${c.block.guard}, ${c.block.weapon.name}`)
        .join('\n')}`;
    }
  }
  return undefined;
}

function encounterOf(ws: WorkspaceState, uri: string, nameOffset: number): Encounter | undefined {
  return ws.entries.get(uri)?.encounters.find((x) => x.range?.start.offset === nameOffset);
}

function statBlockOf(ws: WorkspaceState, uri: string, name: string): StatBlock | undefined {
  return ws.entries.get(uri)?.characters.get(name);
}

// ---------------------------------------------------------------------------
// Weapons

function weaponSummary(w: Weapon): string {
  const props = w.properties.filter((p) => p !== 'thrown' || w.kind !== 'thrown');
  return `${w.improvised ? `improvised${w.improvised === 'heavy' ? ' heavy' : ''} ` : ''}${w.kind}, draws ${cap(w.stat)} ${SUIT[w.stat]}, ${signed(w.bonus)} damage, reaches ${cap(w.reach)}${props.length ? ` · ${props.join(', ')}` : ''}`;
}

function weaponDefHover(ws: WorkspaceState, t: Def, w: Weapon): string {
  const lines = [`**weapon ${w.name}** — ${weaponSummary(w)}`];
  const wielders: StatBlock[] = [];
  for (const e of ws.all()) {
    for (const b of e.characters.values()) if (b.weapon.name === w.name && b.weapon.file === t.uri || (b.offhand?.name === w.name && b.offhand.file === t.uri)) wielders.push(b);
  }
  if (wielders.length) {
    lines.push(`Wielded by ${wielders.slice(0, 8).map((b) => b.name).join(', ')}${wielders.length > 8 ? ` and ${wielders.length - 8} more` : ''}.`);
    const first = wielders.find((b) => ws.appearancesOf(b.file ?? '', b.name).length);
    if (first) {
      lines.push(`In ${first.name}'s hands:`);
      lines.push(strikeTables(ws, first, first.offhand?.name === w.name && first.weapon.name !== w.name ? first.offhand : first.weapon, first.offhand?.name === w.name && first.weapon.name !== w.name));
    }
  }
  return lines.join('\n\n');
}

/** A weapon a combatant wields: its odds against every foe of every encounter it appears in. */
function weaponInHand(ws: WorkspaceState, e: FileEntry, ref: Ref, fallback: Weapon): string {
  const b = statBlockOf(ws, e.uri, ref.holder.name);
  if (!b) return `**${fallback.name}** — ${weaponSummary(fallback)}`;
  const isOff = (ref.role === 'offhand' || ref.index === 1) && !!b.offhand;
  const w = isOff ? b.offhand! : ref.role === 'wields' && ref.index === 0 ? b.weapon : fallback;
  return `**${w.name}** in ${b.name}'s ${isOff ? 'off-hand' : 'hand'} — ${weaponSummary(w)}\n\n${strikeTables(ws, b, w, isOff)}`;
}

function pct(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

function cell(o: AttackOdds): string {
  return `${pct(o.pHit)} · ${pct(o.pCrit)} · ${o.expectedDamage.toFixed(1)}`;
}

interface Foe {
  label: string;
  guard: number;
  resolve: number;
  zone: string;
  band: string;
}

/** Foes of a character in the encounters it appears in (grouped, deduplicated by stat block). */
function foesOf(ws: WorkspaceState, b: StatBlock, filter?: (a: Appearance) => boolean): { apps: Appearance[]; groups: { enc: Encounter; me: Combatant; foes: Foe[]; more: number }[]; more: number } {
  let apps = ws.appearancesOf(b.file ?? '', b.name);
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
      seen.set(k, { label: c.id === c.block.name ? c.id : `${c.block.name}`, guard: c.block.guard, resolve: c.block.resolve, zone: c.zone, band: bandBetween(a.encounter, me.zone, c.zone) });
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

function strikeTables(ws: WorkspaceState, b: StatBlock, w: Weapon, offhand: boolean): string {
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
      if (b.offhand && w === b.weapon) r.splice(2, 0, cell(strikeOdds(b, b.offhand, target, { strikeNumber: 2, offhand: true, deck })));
      if (scatter) r.push(cell(strikeOdds(b, w, target, { strikeNumber: 1, deck, scatter: true })));
    }
    cache.set(key, r);
    return r;
  };
  const dual = !offhand && !!b.offhand && w === b.weapon;
  const second = offhand ? `2nd (off-hand, no penalty)` : w.properties.includes('quick') || w.properties.includes('combo') ? '2nd (±0, Quick/Combo)' : '2nd (−2)';
  const head = offhand
    ? `| foe (zone, range) | Guard | 1st (${b.weapon.name}) | ${second} | 3rd (−4) |\n|---|---:|---|---|---|`
    : `| foe (zone, range) | Guard | 1st | ${second} |${dual ? ` 2nd (off-hand ${b.offhand!.name}) |` : ''} 3rd (−4) |${scatter ? ' 1st as Scatter (−1) |' : ''}\n|---|---:|---|---|${dual ? '---|' : ''}---|${scatter ? '---|' : ''}`;
  const out: string[] = [];
  const decks = new Set<string>();
  for (const g of groups) {
    const spec = g.me.deck;
    decks.add(deckPhrase(spec));
    out.push(`*${g.enc.name}* — ${g.me.id} at ${g.me.zone}, ${w.name} reaches ${cap(w.reach)}, draws from ${deckPhrase(spec)}:`);
    out.push(head);
    for (const f of g.foes) out.push(`| ${f.label} (${f.zone}, ${f.band}) | ${f.guard} | ${row(f.guard, spec).join(' | ')} |`);
    if (g.more) out.push(`| … ${g.more} more | | | | |`);
  }
  if (more) out.push(`*…and ${more} more encounter${more === 1 ? '' : 's'}.*`);
  out.push(`Each cell: P(hit) · P(crit) · E[damage], exact, from ${decks.size === 1 ? [...decks][0] : 'the deck named above each table'}, shuffled (HA-C3, HA-S1–S6).`);
  if (scatter) out.push(`Scatter (HA-W3) is a mode: one draw against every enemy in the target's zone at −1 bonus damage. The simulator uses it when the zone holds 2 or more enemies, else a single shot at full bonus (the 1st/2nd/3rd columns).`);
  return out.join('\n');
}

// ---------------------------------------------------------------------------
// Techniques

function techniqueHover(ws: WorkspaceState, t: Def, tq: Technique, user: StatBlock | undefined): string {
  const lines = [
    `**technique ${tq.name}** — costs ${tq.cost} action${tq.cost === 1 ? '' : 's'} (HA-A4), draws ${cap(tq.stat)} ${SUIT[tq.stat]} against ${cap(tq.against)}, ${tq.targets} target${tq.targets === 'single' ? '' : 's'}${tq.targets === 'dual' ? ' (HA-M1)' : tq.targets === 'sweep' ? ' (HA-M2)' : ''}, reaches ${cap(tq.reach)}, ${signed(tq.bonus)} damage`,
  ];
  let who = user;
  if (!who) {
    for (const e of ws.all()) {
      for (const b of e.characters.values()) {
        if (b.techniques.some((x) => x.name === tq.name && x.file === t.uri) && ws.appearancesOf(b.file ?? '', b.name).length) {
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
      lines.push(`Used by ${who.name} (${cap(tq.stat)} ${who.stats[tq.stat]}, draws ${who.draws[tq.stat]}; damage adds ${who.weapon.name}'s ${signed(who.weapon.bonus)}):`);
      const def = tq.against === 'guard' ? 'Guard' : 'Resolve';
      const cache = new Map<string, string>();
      for (const g of groups) {
        lines.push(`*${g.enc.name}* — draws from ${deckPhrase(g.me.deck)} (HA-C3):\n\n| foe (zone, range) | ${def} | P(hit) · P(crit) · E[damage] |\n|---|---:|---|\n${g.foes
          .map((f) => {
            const v = tq.against === 'guard' ? f.guard : f.resolve;
            const key = `${v}\0${deckKey(g.me.deck)}`;
            let c = cache.get(key);
            if (c === undefined) cache.set(key, (c = cell(techniqueOdds(who!, tq, { guard: f.guard, resolve: f.resolve }, { deck: oddsDeck(g.me.deck) }))));
            return `| ${f.label} (${f.zone}, ${f.band}) | ${v} | ${c} |`;
          })
          .join('\n')}`);
      }
      if (more) lines.push(`*…and ${more} more encounters.*`);
    }
  }
  return lines.join('\n\n');
}

// ---------------------------------------------------------------------------
// Combatants

function combatantHover(ws: WorkspaceState, t: Def, b: StatBlock, filter?: (a: Appearance) => boolean): string {
  const lines: string[] = [];
  lines.push(`**${b.name}** — ${b.player ? 'player character' : 'character'}, Vitality ${b.vitality}`);
  if (b.base) {
    const from = b.base.file !== t.uri ? ` (${decodeURIComponent(b.base.file.slice(b.base.file.lastIndexOf('/') + 1))})` : '';
    lines.push(`Extends **${b.base.name}**${from}: ${
      b.inherited?.length ? `inherits ${b.inherited.map((a) => `\`${a}\``).join(', ')}` : 'inherits nothing (every attribute is written here)'
    }.`);
  }
  const guard = b.guardDeclared
    ? `${b.guard} (declared; the rules give 5 + Body ${b.stats.body} + armor ${b.armor} = ${b.rulesGuard}, HA-N2)`
    : `${b.guard} (5 + Body ${b.stats.body} + armor ${b.armor}, HA-N2)`;
  const resolve = b.resolveAssumed ? `${b.resolve} — *assumed*: 5 + Spirit ${b.stats.spirit} (ruling HA-N3)` : `${b.resolve} (declared)`;
  lines.push(`| | |\n|---|---|\n| Guard | ${guard} |\n| Resolve | ${resolve} |\n| Draws (HA-K1) | ${STAT_NAMES.map((s) => `${SUIT[s]} ${cap(s)} ${b.stats[s]} → ${b.draws[s]}`).join(' · ')} |\n| Initiative | ${
    b.initiativeModifier ? `${signed(b.initiativeModifier)} (Heavy weapon, HA-I3)` : '+0'
  }${b.perks.includes('quick-draw') ? ', Quick Draw: best of 2 cards (HA-I4)' : ''} |\n| Weapon | ${b.weapon.name} (${weaponSummary(b.weapon)})${b.offhand ? `; off-hand ${b.offhand.name}` : ''} |${
    b.techniques.length ? `\n| Techniques | ${b.techniques.map((x) => `${x.name} (${x.cost})`).join(', ')} |` : ''
  }\n| Tactics | ${b.tactic} |`);
  let apps = ws.appearancesOf(t.uri, b.name);
  if (filter) apps = apps.filter(filter);
  for (const a of apps.slice(0, MAX_ENCOUNTERS)) lines.push(reachTable(a, b));
  if (apps.length > MAX_ENCOUNTERS) lines.push(`*…and ${apps.length - MAX_ENCOUNTERS} more encounters.*`);
  return lines.join('\n\n');
}


/**
 * Who can reach the combatant from where, and whom it reaches, from the starting zones (HA-Z2/HA-Z3),
 * moving along adjacency and one-way drops (HA-F2): engine/reach.ts, the simulator's own computation.
 */
function reachTable(a: Appearance, b: StatBlock): string {
  const enc = a.encounter;
  const me = a.combatants[0];
  const reach = reachOf(enc.zones, enc.combatants.map((c) => c.zone));
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const c of enc.combatants) {
    if (c.side === me.side) continue;
    const k = `${c.block.name}\0${c.zone}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const d = reach.rangeBetween(me.zone, c.zone);
    const band = d === 0 ? 'Engaged' : d === 1 ? 'Near' : d >= UNREACHABLE ? 'no path' : `Far (${d} zones)`;
    const strides = (from: string, to: string, w: Weapon): string => {
      const need = reach.strides(from, to, w.reach);
      if (need >= UNREACHABLE) return '✗ never';
      if (need === 0) return `✓ ${w.name}`;
      return `after ${need} Stride${need === 1 ? '' : 's'} (${w.name})`;
    };
    rows.push(`| ${c.block.name} | ${c.zone} | ${band} | ${strides(c.zone, me.zone, c.block.weapon)} | ${strides(me.zone, c.zone, b.weapon)} |`);
    if (rows.length >= MAX_FOES) break;
  }
  const copies = a.combatants.length > 1 ? ` (×${a.combatants.length})` : '';
  return `*${enc.name}* — side ${me.side}, starts at ${me.zone}${copies}\n\n| foe | zone | range | reaches ${b.name} | ${b.name} reaches it |\n|---|---|---|---|---|\n${rows.join('\n')}`;
}

// ---------------------------------------------------------------------------
// Zones and encounters

function zoneHover(ws: WorkspaceState, t: Def): string {
  const enc = t.encounter && encounterOf(ws, t.uri, t.encounter.nameRange.start.offset);
  const z = enc?.zones.find((x) => x.name === t.name);
  if (!enc || !z) return `**zone ${t.name}**`;
  const lines = [`**zone ${z.name}** in *${enc.name}* (HA-Z1)${z.height ? ` — ${z.height} ft high` : ''}`];
  lines.push(`Adjacent (Near): ${z.adjacent.length ? z.adjacent.join(', ') : 'none'}.`);
  const zi = enc.zones.indexOf(z);
  const far = enc.zones.filter((_, j) => enc.distance[zi][j] >= 2 && enc.distance[zi][j] < Infinity).map((x) => x.name);
  if (far.length) lines.push(`Far: ${far.join(', ')}.`);
  const none = enc.zones.filter((_, j) => enc.distance[zi][j] === Infinity).map((x) => x.name);
  if (none.length) lines.push(`No path to: ${none.join(', ')} (out of range, HA-Z2).`);
  for (const d of z.drops) {
    const dmg = Math.floor(d.feet / 10);
    const landed = d.soft ? Math.floor(dmg / 2) : dmg;
    const dc = 8 + Math.floor(d.feet / 10);
    lines.push(`Drop to **${d.to}**, ${d.feet} ft${d.soft ? ', soft' : ''}: ${landed} damage${d.soft ? ` (${dmg} halved by the soft landing)` : ''}; a Body check DC ${dc} halves it again (HA-F1/HA-F2).`);
    const here = enc.combatants.filter((c) => c.zone === z.name);
    if (here.length && landed > 0) {
      lines.push(here.slice(0, MAX_FOES).map((c) => `- ${c.id}: P(halve) ${pct(checkOdds(c.block.stats.body, 'body', dc).pSuccess)}`).join('\n'));
    }
  }
  const who = enc.combatants.filter((c) => c.zone === z.name).map((c) => c.id);
  if (who.length) lines.push(`Starting here: ${who.join(', ')}.`);
  return lines.join('\n\n');
}

function encounterHover(enc: Encounter): string {
  const opts = [enc.options.linkStrikes && 'link-strikes', enc.options.teamUltimates && 'team-ultimates'].filter(Boolean);
  return [
    `**encounter ${enc.name}** — seed ${enc.seed}, round cap ${enc.rounds}${opts.length ? `, options ${opts.join(', ')}` : ''}`,
    enc.sides.map((s) => `- **${s}**: ${enc.combatants.filter((c) => c.side === s).map((c) => `${c.id} (${c.zone})`).join(', ') || '(nobody)'}`).join('\n'),
    `Zones (— adjacent, ⇣ one-way drop), where everyone starts:\n\n\`\`\`\n${zoneMapLines(enc.zones, startingZones(enc)).join('\n')}\n\`\`\``,
  ].join('\n\n');
}

function startingZones(enc: Encounter): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const c of enc.combatants) m.set(c.zone, [...(m.get(c.zone) ?? []), c.id]);
  return m;
}

// ---------------------------------------------------------------------------
// Keywords, stats, cards

const DC_BANDS: [string, number][] = [
  ['Routine', 5],
  ['Moderate', 7],
  ['Hard', 10],
  ['Very Hard', 13],
  ['Nearly Impossible', 16],
];

function statChecks(name: string, stat: Stat, value: number): string {
  const cells = DC_BANDS.map(([, dc]) => pct(checkOdds(value, stat, dc).pSuccess));
  return `| ${name} | ${cells.join(' | ')} |`;
}

const BAND_HEAD = `| | ${DC_BANDS.map(([n, dc]) => `${n} (DC ${dc})`).join(' | ')} |\n|---|${DC_BANDS.map(() => '---:').join('|')}|`;

function termHover(
  ws: WorkspaceState,
  e: FileEntry,
  term: Term,
  role: TermRole | undefined,
  context: string,
  frames: { terms: Term[] }[],
): string | undefined {
  if (term.kind === 'card' && e.system.id === 'halcyon-aces') {
    const stat = STAT_NAMES[term.suit];
    return `**${cardName(term.suit * 13 + term.value - 2)}** — value ${term.value} (HA-C1), suit ${SUIT[stat]} = ${cap(stat)} (HA-C2): adds the ${cap(stat)} stat when played for a ${cap(stat)} check (Resonance, HA-K2).`;
  }
  if (!role) return undefined;
  const holderName = frames.length ? frames[frames.length - 1].terms[1] : undefined;
  const holder = holderName && (holderName.kind === 'word' ? holderName.text : holderName.kind === 'string' ? holderName.value : undefined);
  switch (role.role) {
    case 'kind':
      return `**${role.kind}** — ${e.system.schema.blocks[role.kind].doc}`;
    case 'system':
      return SYSTEM_DOC;
    case 'system-id': {
      const id = term.kind === 'word' ? term.text : term.kind === 'string' ? term.value : '';
      const s = REGISTRY.byId(id);
      return s
        ? `**${s.name}** (\`system ${s.id}\`) — ${s.summary}`
        : `*No rule system* \`${id}\`. Known: ${REGISTRY.systems.map((x) => `\`${x.id}\``).join(', ')}.`;
    }
    case 'use':
    case 'path':
      return USE_DOC;
    case 'extends':
      return `**extends** — ${EXTENDS_DOC}`;
    case 'placement-key':
      return role.key.doc;
    case 'placement-arg':
      return attrDoc(role.key, term.kind === 'word' ? term.text : undefined);
    case 'copies':
      return '`xN`: places N copies of the stat block, named "Name 1", "Name 2"…';
    case 'key':
    case 'arg': {
      const a = role.attr;
      const doc = attrDoc(a, role.role === 'arg' && term.kind === 'word' ? term.text : undefined);
      if (context === 'character' && (STAT_NAMES as readonly string[]).includes(a.name) && holder) {
        const b = statBlockOf(ws, e.uri, holder);
        if (b) {
          const s = a.name as Stat;
          return `${doc}\n\n${b.name}: ${cap(s)} ${b.stats[s]}, draws ${b.draws[s]}. Check odds (HA-K3):\n\n${BAND_HEAD}\n${statChecks(b.name, s, b.stats[s])}`;
        }
      }
      if (context === 'character' && (a.name === 'armor' || a.name === 'guard' || a.name === 'resolve') && holder) {
        const b = statBlockOf(ws, e.uri, holder);
        if (b) return `${doc}\n\n${b.name}: Guard ${b.guard}${b.guardDeclared ? ` (rules: ${b.rulesGuard})` : ''}, Resolve ${b.resolve}${b.resolveAssumed ? ' *(assumed)*' : ''}.`;
      }
      if (context === 'technique' && a.name === 'stat' && role.role === 'arg' && term.kind === 'word' && (STAT_NAMES as readonly string[]).includes(term.text) && holder) {
        const s = term.text as Stat;
        const users: StatBlock[] = [];
        for (const f of ws.all()) for (const b of f.characters.values()) if (b.techniques.some((x) => x.name === holder)) users.push(b);
        if (users.length) return `${doc}\n\nCheck odds of the characters who know ${holder} (HA-K3):\n\n${BAND_HEAD}\n${users.slice(0, MAX_FOES).map((b) => statChecks(`${b.name} (${b.stats[s]})`, s, b.stats[s])).join('\n')}`;
      }
      return doc;
    }
    default:
      return undefined;
  }
}

function attrDoc(a: AttributeSpec, value?: string): string {
  const head = `**${a.name}**${a.rule ? ` (${a.rule})` : ''} — ${a.doc}`;
  if (value && a.values?.includes(value)) {
    const extra = a.valueDocs?.[value] ?? VALUE_DOC[value];
    return extra ? `**${value}** — ${extra}\n\n${head}` : head;
  }
  return head;
}

/** Docs of enum values that the schema documents only as a list. */
export const VALUE_DOC: Record<string, string> = {
  default: 'Strikes the enemy with the lowest Vitality it can reach, else closes in.',
  'focus-weakest': 'Picks the weakest enemy anywhere and goes after it.',
  nearest: 'Goes after the nearest enemy.',
  defensive: 'Prefers Active Guard (HA-A5) when threatened.',
  support: 'Assists (HA-A7) and stabilizes (HA-B4) allies before attacking.',
  kite: 'Keeps its distance and attacks from its weapon\'s farthest band.',
  'quick-draw': 'Draw 2 cards for initiative, keep the better (HA-I4).',
  brawler: '+2 EV with unarmed or improvised attacks (HA-W5).',
  'link-strikes': 'Link Strikes between two allies (HA-L1).',
  'team-ultimates': 'One Team Ultimate per combat with 3+ player characters (HA-U1).',
  guard: 'Compared against the target\'s Guard (HA-N2).',
  resolve: 'Compared against the target\'s Resolve (HA-N3).',
  single: 'One target.',
  dual: 'One draw against two targets (HA-M1).',
  sweep: 'One draw against every enemy in a zone (HA-M2).',
  engaged: 'Same zone (HA-Z2).',
  near: 'One zone away (HA-Z2).',
  far: 'Two or more zones away (HA-Z2).',
};

function cap(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}
