// Tactical grid hovers (TG-O2, EditorContributions.hover): an NPC's difficulty
// as banes and the chance to hit it at each modifier; a sheet's Attack and
// Defense and, for each enemy of the encounters it is placed in, the starting
// distance, whether it is adjacent or in its attack reach (TG-L5: 1 if `melee`),
// the line of sight (TG-L2/TG-L3), the tactics met and the exact chances each
// way (one d20, TG-O1) — each figure the engine's own pair (engine/report.ts
// `pairFrom`, what `aces odds --exact` prints: issue 34 item 9); then Charge (TG-X4) and
// Line Up (TG-X5) if its turn came now, from the simulator's own plans
// (engine/opening-tactics.ts).

import type { HoverQuery } from '../../../model/system.js';
import type { Range } from '../../../grammar/ast.js';
import type { TGModel } from '../check.js';
import { isNpc, sheet, type Character, type Encounter } from '../model.js';
import { axialQ, parseSquare } from '../engine/grid.js';
import { difficultyHover, mean, type Frac } from '../engine/odds.js';
import { TGSim } from '../engine/sim.js';
import { pairFrom, pairHits, type PairOdds } from '../engine/report.js';
import { openingTactics, type OpeningTactics } from '../engine/opening-tactics.js';

/** The fight at its start (placements, facings as TG-V9 picks them), one simulator per checked encounter. */
const starts = new WeakMap<Encounter, TGSim>();
function atStart(enc: Encounter): TGSim | undefined {
  try {
    let sim = starts.get(enc);
    if (!sim) starts.set(enc, (sim = new TGSim(enc)));
    sim.sink = null;
    sim.begin(enc.seed);
    return sim;
  } catch {
    return undefined; // a placement the checker already reports (off the map, on an obstacle)
  }
}

/** The engine's figures of `a` attacking `t` as the fight starts (TG-O1, TG-X2, X3, X6, TG-L5), as `--exact` has them. */
function pairOf(sim: TGSim | undefined, a: string, t: string): PairOdds | undefined {
  const ua = sim?.units.find((u) => u.name === a),
    ut = sim?.units.find((u) => u.name === t);
  return sim && ua && ut ? pairFrom(sim, ua, ut) : undefined;
}

const opened = new WeakMap<Encounter, Map<string, OpeningTactics>>();
/** Charge and Line Up on each enemy shown, if `who`'s turn came now (TG-X4, TG-X5; engine/opening-tactics.ts). */
function openingLines(sim: TGSim | undefined, who: string, foes: readonly string[]): string | undefined {
  const u = sim?.units.find((x) => x.name === who);
  if (!sim || !u) return undefined;
  // a checked encounter never changes: its answers are kept with it (a hover asks again on every mouse move)
  let known = opened.get(sim.enc);
  if (!known) opened.set(sim.enc, (known = new Map()));
  let o = known.get(who);
  if (!o) known.set(who, (o = openingTactics(sim, u)));
  const rows = o.foes
    .filter((f) => foes.includes(f.name))
    .map((f) => `- ${f.name}: Charge ${f.charge.text} · Line Up ${f.lineUp.text}`);
  if (!rows.length) return undefined;
  return `If ${who}'s turn came now, as placed (speed ${o.speed}, range ${o.range} this turn, TG-N12) — Charge (TG-X4) and Line Up (TG-X5), from the simulator's own plans (TG-V5):\n\n${rows.join('\n')}`;
}

/** Whether range `inner` lies inside `outer` (a placement's reference inside its line). */
function contains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** 1 − f: the other side of one roll. */
/** What a difficulty means (TG-O2): the banes of a failure against it and the chance to hit it at each modifier. */
export function difficultyText(h: ReturnType<typeof difficultyHover>): string {
  return `costs ${h.banes} stress (${h.critBanes} on a critical failure, TG-R4). Chance to hit it with one d20 (TG-O2):\n\n| modifier | ${h.hit.map((x) => `+${x.mod}`).join(' | ')} |\n|---|${h.hit.map(() => '---:').join('|')}|\n| P(success) | ${h.hit.map((x) => pct(x.p)).join(' | ')} |`;
}
export const not = (f: Frac): Frac => ({ n: f.d - f.n, d: f.d });
export const pct = (f: Frac): string => `${((100 * Number(f.n)) / Number(f.d)).toFixed(1)}%`;
const num = (f: Frac): string => (Number(f.n) / Number(f.d)).toFixed(2);

function distance(enc: Encounter, a: string, b: string): number | undefined {
  const p = parseSquare(a),
    q = parseSquare(b);
  if (!p || !q) return undefined;
  if (enc.map.grid !== 'hex') return Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]));
  const dq = axialQ(p[0], p[1]) - axialQ(q[0], q[1]),
    dr = p[1] - q[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function tgHover(q: HoverQuery): string | undefined {
  if (q.kind !== 'character') return undefined;
  const model = q.model as TGModel;
  const def = model.characters.find((d) => d.value.name === q.name && d.file === q.file);
  if (!def) return undefined;
  const c = def.value;
  const lines: string[] = [];
  const firstRules = model.encounters[0]?.encounter.rules;
  if (isNpc(c)) {
    const d = c.difficulty!;
    const h = firstRules ? difficultyHover(d, firstRules) : undefined;
    lines.push(`**${c.name}** — NPC, difficulty ${d}${c.health !== null ? `, health ${c.health}` : ''} (TG-P1)`);
    if (h) lines.push(`A failed roll against it ${difficultyText(h)}`);
  } else {
    const s = sheet(c, firstRules);
    lines.push(
      `**${c.name}** — sheet: Attack +${s.attack} · Defense +${s.defense} · speed ${s.speed} · range ${s.range}${c.melee ? ' (melee: attacks reach 1, TG-L5)' : ''} · stress ${s.stress} (TG-N1…N9)`,
    );
  }
  let shown = 0;
  for (const info of model.encounters) {
    if (q.encounter !== undefined && info.name !== q.encounter) continue;
    const enc = info.encounter;
    // the placement under the cursor (copies share their line: the first of them), else the first of this character
    const placed =
      q.ref?.role === 'placement' && q.ref.file === info.file
        ? info.combatants.find((k) => contains(k.range, q.ref!.range))
        : undefined;
    const byName = (p: { name: string; character: Character }) =>
      placed ? p.name === placed.id : p.character.name === c.name;
    const mine = enc.sides.find((sd) => sd.placements.some(byName));
    const me = mine?.placements.find(byName);
    if (!mine || !me) continue;
    const rows: string[] = [];
    const sim = atStart(enc);
    const shownFoes: string[] = [];
    for (const side of enc.sides) {
      if (side === mine) continue;
      for (const foe of side.placements) {
        if (shown++ >= 8) break;
        // each way, the pair `aces odds --exact` figures: reach (melee 1), sight, tactics met, one roll
        const there = pairOf(sim, me.name, foe.name),
          back = pairOf(sim, foe.name, me.name);
        const dist = there?.distance ?? distance(enc, me.at, foe.at);
        const los = there === undefined ? '?' : there.los ? 'clear' : 'blocked';
        const inReach = there === undefined ? '' : dist === 1 ? ' · adjacent' : there.inReach ? ' · in range' : '';
        const tactics = there === undefined ? '?' : there.tactics.length ? there.tactics.join(', ') : '—';
        const figures = (p: PairOdds | undefined, harm: boolean): string =>
          p === undefined ? '?' : `${pct(pairHits(p))}${harm ? ` · ${num(mean(p.harm))}` : ''}`;
        const mineCell = figures(there, !isNpc(c)),
          theirs = figures(back, isNpc(c));
        shownFoes.push(foe.name);
        rows.push(
          `| ${foe.name} (${foe.at}) | ${dist ?? '?'}${inReach} | ${los} | ${tactics} | ${mineCell} | ${theirs} |`,
        );
      }
    }
    if (rows.length) {
      lines.push(
        `*${info.name}* — from ${me.at}, one roll each way with the tactics met from where each stands (TG-X1), no tags or Help — the figures of \`aces odds --exact\` (TG-O1):\n\n| enemy | distance | sight (TG-L2) | tactics met from here (TG-X) | ${c.name} hits · E[harm] | it hits ${c.name}${isNpc(c) ? ' · E[harm]' : ''} |\n|---|---:|---|---|---|---|\n${rows.join('\n')}`,
      );
      const opening = openingLines(sim, me.name, shownFoes);
      if (opening) lines.push(opening);
    }
  }
  return lines.join('\n\n');
}
