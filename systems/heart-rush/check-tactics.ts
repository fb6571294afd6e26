// The Heart Rush checker's share of a GM's priority rules (issue 33): which `tactics { … }` block each combatant
// follows (its placement's, else its character's or the base's it extends, else its side's), who owns it (for the
// log's "rule 2 of side wolves"), and what only Heart Rush knows of a rule: a weapon name that names nothing (an
// error with a did-you-mean), and an action a combatant can never take (a warning, code `tactics-rule`): a maneuver
// it does not make (HR-M1), a weapon it does not carry (HR-A5), Help with no ally (HR-A6), a move under `support`
// or `hold`. The reader (model/priority.ts) has already reported unknown words.

import type { Range } from '../../grammar/ast.js';
import type { PriorityRule, Tactics } from '../../model/priority-run.js';
import type { RawBlock } from '../../model/read.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import type { Character, Tactic } from './model.js';
import { RULE_MANEUVERS, RULE_MOVES } from './tactics-words.js';

export type { TacticsReport } from '../../model/priority.js';
import type { TacticsReport } from '../../model/priority.js';

/** A combatant's rules as the engine takes them: the block (with its owner set) and whether it is its own. */
export interface CombatantRules {
  readonly rules: Tactics;
  readonly own: boolean;
  /** The file the block is written in (the rules' ranges are in it). */
  readonly file: string;
}

/** The one `tactics { … }` block of a character or a side (a second one is an error), with its owner set. */
export function blockTactics(raw: RawBlock, owner: string, report: TacticsReport): Tactics | undefined {
  const blocks = raw.children.filter((c) => c.kind === 'tactics' && c.tactics);
  for (const extra of blocks.slice(1))
    report(
      extra.file,
      extra.kindRange,
      'error',
      `${raw.kind === 'side' ? `Side ${raw.name}` : raw.name} already has a tactics block on line ${blocks[0].range.start.line + 1}: one per ${raw.kind}. Move these rules into it, in the order they should be tried.`,
    );
  const t = blocks[0]?.tactics;
  return t ? { ...t, owner } : undefined;
}

/** Whether a rule takes an action (when, always, never), and so can name one this combatant never takes. */
const acts = (r: PriorityRule): boolean => r.action !== undefined && r.form !== 'target';

/** Rules whose weapon name names nothing (an error already): no warning about them as well. */
export type NamesChecked = Map<PriorityRule, boolean>;

/**
 * Errors for a rule naming a weapon (`ready Greatswrd`) or aiming at a `"Name"` that no file in scope declares, once
 * per rule; `weapons` and `characters` the names visible from the block's file.
 */
export function checkRuleNames(
  t: Tactics,
  file: string,
  weapons: readonly string[],
  characters: readonly string[],
  report: TacticsReport,
  seen: Map<PriorityRule, boolean>,
): void {
  for (const r of t.rules) {
    // a `"Name"` selector names a character (its copies answer to it: "Goblin 2" is a Goblin)
    const sel = r.selector ?? r.action?.at;
    if (sel?.by === 'name' && !seen.has(r)) {
      const base = sel.name.replace(/ \d+$/, '').toLowerCase();
      if (!characters.some((c) => c.toLowerCase() === base || c.toLowerCase() === sel.name.toLowerCase())) {
        seen.set(r, false);
        const sugg = suggest(sel.name, characters);
        report(
          file,
          r.range ?? zero,
          'error',
          `Rule ${r.n} aims at "${sel.name}", and no character of that name is declared in this file or the files it uses.${didYouMean(sugg)}${sugg.length ? '' : ' Name a character (its copies answer to its name), or aim by `lowest hp`, `nearest`, a state.'}`,
          sugg,
        );
      }
    }
    const name = r.action?.name;
    if (!acts(r) || r.action!.word !== 'ready' || name === undefined || seen.has(r)) continue;
    const known = weapons.some((w) => w.toLowerCase() === name.toLowerCase());
    seen.set(r, known);
    if (known) continue;
    const sugg = suggest(name, weapons);
    report(
      file,
      r.nameRange ?? r.range ?? zero,
      'error',
      `Rule ${r.n} readies '${name}', and no weapon of that name is declared in this file or the files it uses (HR-A5).${didYouMean(sugg)}${sugg.length ? '' : ' Declare it with `weapon Name { melee d8 }`, or name a weapon the combatant wields.'}`,
      sugg,
    );
  }
}

const zero: Range = { start: { line: 0, character: 0, offset: 0 }, end: { line: 0, character: 0, offset: 0 } };

/**
 * Warnings for the rules of `t` this combatant (its character `c`, preset `preset`, `allies` others on its side)
 * can never follow; each rule warned about once per character (`seen` keys).
 */
export function checkRuleActions(
  rules: CombatantRules,
  c: Character,
  preset: Tactic,
  allies: number,
  report: TacticsReport,
  seen: Set<string>,
  names: NamesChecked,
): void {
  for (const r of rules.rules.rules) {
    if (!acts(r) || names.get(r) === false) continue;
    const a = r.action!;
    let why: string | undefined;
    if ((RULE_MANEUVERS as readonly string[]).includes(a.word) && a.word !== c.maneuver)
      why =
        c.maneuver === 'none'
          ? `${c.name} makes no maneuver (HR-M1): give it \`maneuver ${a.word}\`, or drop this rule.`
          : `${c.name}'s maneuver is ${c.maneuver}, so it never tries to ${a.word} (HR-M1): give it \`maneuver ${a.word}\`, or name ${c.maneuver} here.`;
    else if (a.word === 'ready' && c.weapons.length < 2)
      why = `${c.name} carries one weapon, so it never readies another (HR-A5): give it a second in \`wields\`, or drop this rule.`;
    else if (
      a.word === 'ready' &&
      a.name !== undefined &&
      !c.weapons.some((w) => w.name.toLowerCase() === a.name!.toLowerCase())
    )
      why = `${c.name} does not carry ${a.name} (it wields ${c.weapons.map((w) => w.name).join(', ')}), so it never readies it (HR-A5): add it to \`wields\`, or name one of those.`;
    else if (a.word === 'help' && allies === 0)
      why = `${c.name} has no ally on its side, so it never Helps (HR-A6): drop this rule.`;
    else if (a.word === 'help' && preset === 'hold')
      why = `${c.name} plays \`hold\`: it takes no action-phase steps and never Helps. Name another preset, or drop this rule.`;
    else if ((RULE_MOVES as readonly string[]).includes(a.word) && (preset === 'support' || preset === 'hold'))
      why = `${c.name} plays \`${preset}\`, whose moves no rule chooses (${preset === 'hold' ? 'it never moves' : 'it keeps next to an ally'}): name another preset (\`otherwise default\`), or drop this rule.`;
    if (!why) continue;
    const key = `${rules.file}:${r.line}:${c.name}:${why}`;
    if (seen.has(key)) continue;
    seen.add(key);
    report(
      rules.file,
      r.range ?? zero,
      'warning',
      `Rule ${r.n} (\`${r.text}\`) can never decide for ${c.name}: ${why}`,
    );
  }
}
