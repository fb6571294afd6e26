// The exact odds of one attack between every attacker and target of an
// encounter as placed (TACTICAL-GRID.md "Exact odds", TG-O1): what `aces odds
// --exact` prints. Each pair is the fight's opening position: the facings
// TG-V9 picks where none is written, the tactics the attacker meets from
// where it stands (Backstab, Corner, High Ground: TG-X2, X3, X6; Charge and
// Line Up are facts of a turn, not a square), no tag, drive or Help, and,
// beside it, the chance of success with its best tag. Every figure counts the
// 20 faces (odds.ts), the same numbers the placement hovers show (TG-O2).

import type { ExactReport } from '../../../model/system.js';
import { PVP_BASE, type Encounter } from '../model.js';
import {
  attackHarm,
  atLeast,
  failureStress,
  frac,
  fracAdd,
  fracStr,
  mean,
  pSuccess,
  rollSplit,
  type Dist,
  type Frac,
} from './odds.js';
import { CRIT, CRIT_FAIL, FAIL, SUCCESS, type RollRules } from './rolls.js';
import { TACTIC_NAMES, TGSim } from './sim.js';
import { harmLeft, P_TACTICS, type Unit } from './unit.js';

/** One attacker → target pair's exact figures. */
export interface PairOdds {
  attacker: string;
  target: string;
  distance: number;
  /** In this turn's reach (TG-L5, the rules' range included) and line of sight (TG-L2/L3), from where it stands. */
  inReach: boolean;
  los: boolean;
  /** Who rolls: the attacker (offense, TG-A2/A5), the target (defense, TG-A3), or nobody (a clash, TG-A4). */
  roll: 'offense' | 'defense' | 'clash';
  /** The roller's modifier and the number it must reach (clash: the attacker's and the target's difficulty). */
  modifier: number;
  difficulty: number;
  /** Tactics the attacker meets from its square (TG-X2, X3, X6), and how many of them count. */
  tactics: string[];
  tacticsCounted: number;
  /** The roll's outcome split (clash: absent). */
  split?: { criticalSuccess: Frac; success: Frac; failure: Frac; criticalFailure: Frac };
  /** The target's harm from this one attack: value → chance. */
  harm: Dist;
  /** The roller's stress from its failure's banes (TG-R4): offense, the attacker's; defense, the target's (already its harm). */
  rollerStress?: Dist;
  /** The target goes OUT from this one attack (TG-D1, TG-D2). */
  pOut: Frac;
  /** P(success) with the roller's best tag (TG-R3), when it has one. */
  bestTag?: { name: string; stars: number; pSuccess: Frac };
}

function split(mod: number, difficulty: number, r: RollRules): PairOdds['split'] {
  const s = rollSplit(mod, difficulty, r);
  const at = (o: number): Frac => frac(s.counts[o] ?? 0, s.total);
  return { criticalSuccess: at(CRIT), success: at(SUCCESS), failure: at(FAIL), criticalFailure: at(CRIT_FAIL) };
}

const certain = (v: number): Dist => {
  const counts = new Array<number>(v + 1).fill(0);
  counts[v] = 1;
  return { counts, total: 1 };
};

/**
 * The report lists at most this many pairs: placed copies make it grow with the square of the combatants (100 a
 * side would be 20,000 pairs), and the first pairs in placement order already show every stat block's numbers.
 */
export const MAX_REPORT_PAIRS = 400;

/** Every ordered pair of combatants on different sides, in placement order, with its exact figures (the first `max`). */
export function pairOdds(enc: Encounter, max = Infinity): PairOdds[] {
  const sim = openingSim(enc);
  const out: PairOdds[] = [];
  for (const a of sim.units) {
    for (const t of sim.units) {
      if (a.side === t.side) continue;
      if (out.length >= max) return out;
      out.push(pairFrom(sim, a, t));
    }
  }
  return out;
}

/** A simulator at the fight's start: placements and TG-V9's facings (what every pair is figured from). */
export function openingSim(enc: Encounter): TGSim {
  const sim = new TGSim(enc);
  sim.sink = null;
  sim.begin(enc.seed);
  return sim;
}

/**
 * One attacker → target pair's exact figures in `sim` as the fight starts (`openingSim`): what `aces odds --exact`
 * prints and the placement hover shows (TG-O2), so the two never differ.
 */
export function pairFrom(sim: TGSim, a: Unit, t: Unit): PairOdds {
  const r = sim.enc.rules;
  const b = sim.board;
  const tagFor = (u: Unit, kind: 'offensive' | 'defensive') => {
    const g = sim.bestTag(u, kind);
    return g ? { name: g.name, stars: sim.tagValue(g, kind) } : undefined;
  };
  const distance = b.dist(a.cell, t.cell);
  // TG-N12 at the opening, before adjacency or Hinder: the rules' range, at least 1; melee reaches 1 (TG-L5)
  const reach = a.melee ? 1 : Math.max(1, a.range0 + r.range);
  const los = sim.los(a.cell, t.cell);
  const met = sim.conditions(a, t, a.cell, false, false);
  const tactics = TACTIC_NAMES.filter((_, bit) => met & (1 << bit));
  const base = { attacker: a.name, target: t.name, distance, inReach: distance <= reach && los, los, tactics };
  const left = harmLeft(t);
  if (!a.npc) {
    // TG-A2 / TG-A5: the attacker rolls offense; its pool pays for as many met tactics as it holds (TG-X1)
    const mod = a.attack0;
    const diff = t.npc ? t.difficulty : PVP_BASE + t.defense0;
    const counted = Math.min(tactics.length, a.pools[P_TACTICS]);
    const harm = attackHarm(mod, diff, counted, r);
    const tag = tagFor(a, 'offensive');
    return {
      ...base,
      roll: 'offense',
      modifier: mod,
      difficulty: diff,
      tacticsCounted: counted,
      split: split(mod, diff, r),
      harm,
      rollerStress: failureStress(mod, diff, r),
      pOut: atLeast(harm, left),
      ...(tag ? { bestTag: { ...tag, pSuccess: pSuccess(mod + tag.stars, diff, r) } } : {}),
    };
  }
  if (!t.npc) {
    // TG-A3: the target rolls defense against the attacker's difficulty + 1 per tactic met; its failure's banes are its harm
    const mod = t.defense0;
    const diff = a.difficulty + tactics.length;
    const harm = failureStress(mod, diff, r);
    const tag = tagFor(t, 'defensive');
    return {
      ...base,
      roll: 'defense',
      modifier: mod,
      difficulty: diff,
      tacticsCounted: tactics.length,
      split: split(mod, diff, r),
      harm,
      pOut: atLeast(harm, left),
      ...(tag ? { bestTag: { ...tag, pSuccess: pSuccess(mod + tag.stars, diff, r) } } : {}),
    };
  }
  // TG-A4: a clash, no roll: the higher number deals 1, a tie nothing
  const mine = a.difficulty + tactics.length;
  const harm = certain(mine > t.difficulty ? 1 : 0);
  return {
    ...base,
    roll: 'clash',
    modifier: mine,
    difficulty: t.difficulty,
    tacticsCounted: tactics.length,
    harm,
    pOut: atLeast(harm, left),
  };
}

/** Whether the attack lands (TG-O1): the attacker's success (offense), the target's failure (defense), a clash won. */
export function pairHits(p: PairOdds): Frac {
  if (p.roll === 'clash') return frac(p.modifier > p.difficulty ? 1 : 0, 1);
  const s = p.split!;
  const [x, y] = p.roll === 'offense' ? [s.criticalSuccess, s.success] : [s.failure, s.criticalFailure];
  return fracAdd(x, y);
}

const pct = (f: Frac): string => `${((100 * Number(f.n)) / Number(f.d)).toFixed(1)}%`;
const distText = (d: Dist): string =>
  d.counts.flatMap((c, v) => (c ? [`${v}: ${fracStr(frac(c, d.total))}`] : [])).join(', ');

export function exactReport(enc: Encounter): ExactReport {
  const pairs = pairOdds(enc, MAX_REPORT_PAIRS);
  // ordered pairs on different sides: every combatant times the others not on its side
  const total = enc.sides.reduce((n, sd) => n + sd.placements.length, 0);
  const all = enc.sides.reduce((n, sd) => n + sd.placements.length * (total - sd.placements.length), 0);
  const lines: string[] = [];
  for (const p of pairs) {
    const where = `dist ${p.distance}${p.inReach ? ', in reach' : p.los ? '' : ', no sight'}${p.tactics.length ? `; ${p.tactics.join(', ')}${p.tacticsCounted < p.tactics.length ? ` (${p.tacticsCounted} paid)` : ''}` : ''}`;
    lines.push(`${p.attacker} → ${p.target} (${where})`);
    if (p.roll === 'clash') {
      lines.push(
        `  clash ${p.modifier} vs ${p.difficulty}: ${p.modifier > p.difficulty ? `${p.target} takes 1` : p.modifier < p.difficulty ? `${p.attacker} takes 1` : 'nobody is hurt'} (certain)`,
      );
      continue;
    }
    const s = p.split!;
    const who = p.roll === 'offense' ? p.attacker : p.target;
    lines.push(
      `  ${who} rolls ${p.roll} +${p.modifier} vs ${p.difficulty}: critical ${fracStr(s.criticalSuccess)}, success ${fracStr(s.success)}, failure ${fracStr(s.failure)}, critical failure ${fracStr(s.criticalFailure)}${p.bestTag ? `; with "${p.bestTag.name}" +${p.bestTag.stars}: success ${pct(p.bestTag.pSuccess)}` : ''}`,
    );
    lines.push(
      `  ${p.target}'s harm ${distText(p.harm)} (mean ${fracStr(mean(p.harm))}); OUT ${pct(p.pOut)}${p.rollerStress ? `; ${p.attacker}'s stress ${distText(p.rollerStress)}` : ''}`,
    );
  }
  const fracs = (d: Dist): Record<string, string> =>
    Object.fromEntries(d.counts.flatMap((c, v) => (c ? [[String(v), fracStr(frac(c, d.total))]] : [])));
  const json = pairs.map((p) => ({
    attacker: p.attacker,
    target: p.target,
    distance: p.distance,
    inReach: p.inReach,
    los: p.los,
    roll: p.roll,
    modifier: p.modifier,
    difficulty: p.difficulty,
    tactics: p.tactics,
    tacticsCounted: p.tacticsCounted,
    ...(p.split ? { split: Object.fromEntries(Object.entries(p.split).map(([k, v]) => [k, fracStr(v)])) } : {}),
    harm: fracs(p.harm),
    meanHarm: fracStr(mean(p.harm)),
    pOut: fracStr(p.pOut),
    ...(p.rollerStress ? { rollerStress: fracs(p.rollerStress) } : {}),
    ...(p.bestTag
      ? { bestTag: { name: p.bestTag.name, stars: p.bestTag.stars, pSuccess: fracStr(p.bestTag.pSuccess) } }
      : {}),
  }));
  const notes = [
    "One attack each, as placed: d20 + modifier against the difficulty (TG-R1, TG-R2), no tag, drive or Help; the tactics met from where the attacker stands add to the damage of a sheet (as many as its pool pays, TG-X1) or to an NPC's difficulty (TG-A3, TG-A4). Harm is the target's: health for an NPC, stress for a sheet (TG-D4); a failure's banes are the roller's stress (TG-R4). Exact by counting the 20 faces (TG-O1).",
  ];
  if (all > pairs.length)
    notes.push(
      `Only the first ${pairs.length} of ${all} pairs, in placement order (at most ${MAX_REPORT_PAIRS}): copies of a stat block repeat its numbers.`,
    );
  return { title: 'exact odds of one attack per attacker and target, as placed (TG-O1)', lines, notes, json };
}
