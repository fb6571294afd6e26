// Halcyon Aces's exact report (`aces odds --exact`, also `--strikes`): the
// exact odds of each combatant's main-weapon Strikes 1–3 against each foe, from
// the deck it fights with (HA-C3), a row per Scatter mode (HA-W3). No sampling.

import type { ExactReport } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import { strikeOddsByNumber } from './odds.js';
import { deckKey, deckPhrase, oddsDeck } from './deck-odds.js';

const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));

export interface StrikeRow {
  attacker: string;
  weapon: string;
  target: string;
  guard: number;
  /** The deck the attacker draws from (HA-C3). */
  deck: string;
  /** HA-W3: 'single' (full bonus), or 'scatter' (one draw against every enemy in the zone, −1 damage). */
  mode: 'single' | 'scatter';
  strikes: { pHit: number; pCrit: number; expectedDamage: number }[];
}

/**
 * Exact odds (engine/odds, no sampling) of each combatant's main-weapon Strikes 1–3 against each foe, from
 * the deck it fights with (HA-C3). A Scatter weapon gets a row per mode (HA-W3).
 */
export function strikeTable(e: Encounter): StrikeRow[] {
  const rows: StrikeRow[] = [];
  const seen = new Set<string>();
  for (const a of e.combatants) {
    for (const t of e.combatants) {
      if (t.side === a.side) continue;
      const key = `${a.block.name}\0${deckKey(a.deck)}→${t.block.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const modes: StrikeRow['mode'][] = a.block.weapon.properties.includes('scatter')
        ? ['single', 'scatter']
        : ['single'];
      for (const mode of modes) {
        const odds = strikeOddsByNumber(a.block, a.block.weapon, t.block, {
          deck: oddsDeck(a.deck),
          scatter: mode === 'scatter',
        });
        rows.push({
          attacker: a.block.name,
          weapon: a.block.weapon.name,
          target: t.block.name,
          guard: t.block.guard,
          deck: deckPhrase(a.deck),
          mode,
          strikes: odds.map((x) => ({ pHit: x.pHit, pCrit: x.pCrit, expectedDamage: x.expectedDamage })),
        });
      }
    }
  }
  return rows;
}

export function haExactReport(e: Encounter): ExactReport {
  const rows = strikeTable(e);
  const lines: string[] = [];
  const notes: string[] = [];
  const label = (r: StrikeRow) =>
    `${r.attacker} (${r.weapon}${r.mode === 'scatter' ? ', Scatter −1' : ''}) → ${r.target} [Guard ${r.guard}]`;
  const w = Math.max(...rows.map((r) => label(r).length)) + 2;
  const decks = [...new Set(rows.map((r) => `${r.attacker}: ${r.deck}`))].filter(
    (d) => !d.endsWith(': a standard 52-card deck'),
  );
  for (const r of rows) {
    const cells = r.strikes.map((x) => `${pct(x.pHit)} / ${pct(x.pCrit)} / ${x.expectedDamage.toFixed(2)}`);
    lines.push(`${pad(label(r), w)}${cells.map((c) => pad(c, 24)).join('')}`);
  }
  const standard = rows.some((r) => r.deck === 'a standard 52-card deck');
  notes.push(
    decks.length
      ? `decks (HA-C3): ${decks.join('; ')}${standard ? '; everyone else a standard 52-card deck' : ''}`
      : 'every attacker draws from a standard 52-card deck (HA-C3)',
  );
  if (rows.some((r) => r.mode === 'scatter')) {
    notes.push(
      'Scatter (HA-W3) is a mode: one draw against every enemy in the zone at −1 damage; the simulator uses it when the zone holds 2+ enemies, else a single shot at full bonus.',
    );
  }
  return {
    title:
      "exact Strike odds from each attacker's own deck (P(hit) / P(crit) / expected damage, Strikes 1, 2, 3 of a turn)",
    lines,
    notes,
    json: rows,
    alias: 'strikes',
  };
}
