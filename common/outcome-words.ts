// How an outcome is written wherever a GM reads it: the CLI's tables, the tune target, the odds lens, the odds
// and sweep views and the Heart Rush log. One spelling in one place, shared by the engines, the server and the
// client (this file imports nothing).
//
// A side is named by the GM (`side goblins { … }`), most often a plural ("goblins", "raiders", "heroes"), but
// also a collective or a name ("party", "the Warlord"). English makes the verb agree: "goblins win", "party
// wins". A name ending in s is read as a plural, unless it ends in "ss", "us", "is" or "os" ("boss",
// "chorus", "Osiris"), and so is one whose last word is a plural without an s ("the dead", "townsfolk",
// "hill men"). A guess, not grammar: a lone "Atlas" reads "Atlas win". Nothing depends on it but the
// wording, and a tune's target takes either form.

/** Plurals without an s a GM may name a side by, as its last word ("the dead", "townsfolk", "hill men"). */
const PLURAL_WORDS =
  /^(?:[a-z]*folk|(?:wo|[a-z]+s|hench|watch)?men|people|children|dead|undead|living|damned|fallen|faithful|wicked)$/i;

/** Whether a side's name reads as a plural noun ("goblins", "wolves", "dead") rather than one ("party", "boss"). */
export function isPluralName(side: string): boolean {
  const word = lastWord(side.trim());
  return /[^suio]s$/i.test(word) || PLURAL_WORDS.test(word);
}

/** The letters at the end of `name`, found from the end (a regex would try every start: a 100 kB name took seconds). */
function lastWord(name: string): string {
  let i = name.length;
  while (i > 0 && /[a-z]/i.test(name[i - 1])) i--;
  return name.slice(i);
}

/** "goblins win", "party wins". */
export function winsPhrase(side: string): string {
  return `${side} ${isPluralName(side) ? 'win' : 'wins'}`;
}

/**
 * The side a written outcome names, for a tune's target: "goblins win", "goblins wins" and "goblins" all
 * name the side goblins (a GM need not guess which form the tool prints). undefined: no side of `sides`.
 */
export function sideNamed(outcome: string, sides: readonly string[]): string | undefined {
  const o = outcome.trim();
  return sides.find((s) => o === s || o === `${s} win` || o === `${s} wins`);
}

/** What a verdict says, as engine/tally.ts's Verdict carries it (issue 34 item 4). */
export interface VerdictWords {
  label: string;
  playerSide: string;
  win: { p: number };
  /** At least one player character taken out of the fight. */
  anyDefeated: { p: number };
  meaning: string;
  meanRounds: number;
  callouts: readonly string[];
}

const pct1 = (p: number): string => `${(100 * p).toFixed(1)}%`;

/**
 * The verdict in one line, for the CLI and the odds view: "hard (a grind: 18.0 rounds on average) — party wins
 * 49.8%; a player character unconscious or dead in 17.0% of fights; 18.0 rounds on average".
 */
export function verdictText(v: VerdictWords): string {
  const meaning = v.meaning.replace(/ \(.*$/, '');
  return `${v.label}${v.callouts.length ? ` (${v.callouts.join('; ')})` : ''} — ${winsPhrase(v.playerSide)} ${pct1(v.win.p)}; a player character ${meaning} in ${pct1(v.anyDefeated.p)} of fights; ${v.meanRounds.toFixed(1)} rounds on average`;
}

/** The verdict for a lens or an inlay: "hard · PC down 17% · 18.0 rounds · a grind". */
export function verdictShort(v: VerdictWords): string {
  const flags = v.callouts.map((c) => c.replace(/:.*$/, '').replace(/ of fights$/, ''));
  return [v.label, `PC down ${Math.round(100 * v.anyDefeated.p)}%`, `${v.meanRounds.toFixed(1)} rounds`, ...flags].join(
    ' · ',
  );
}
