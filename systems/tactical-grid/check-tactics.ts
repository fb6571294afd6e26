// The grid's GM priority rules checked per combatant (issue 33): which block a combatant follows (its placement's,
// else its character's, else its side's), whose it is (`owner`, for the log), and what only this game knows of a
// rule — a tag or a combatant it names that does not exist (errors, with a did-you-mean), an action this combatant
// can never take (warnings: a tag rule without tags, an effect without an effects pool, `act`/`wait` alone on a
// side). The words themselves were read by model/priority.ts against schema.ts TG_TACTICS.

import type { Range } from '../../grammar/ast.js';
import type { Tactics, PriorityRule, Selector } from '../../model/priority-run.js';
import type { RawBlock } from '../../model/read.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import { sheet, type Character } from './model.js';

export type { TacticsReport } from '../../model/priority.js';
import type { TacticsReport } from '../../model/priority.js';

/** The action words that are effects of a success (TG-E1): legal only with an effects pool. */
const EFFECTS = new Set(['stun', 'hinder speed', 'hinder range', 'weaken', 'move', 'splash', 'no effect']);
/** The action words of the actor decision (TG-V2): legal only with another member on the side. */
const ACTOR = new Set(['act', 'wait']);
/** The tag decision's words (TG-R3): legal only with a tag. */
const TAGS = new Set(['tag', 'no tag']);

/**
 * The one `tactics { … }` block of a character or a side (issue 33), with its owner; a second one in the same
 * block is an error (the first counts).
 */
export function blockTactics(raw: RawBlock, owner: string, report: TacticsReport): Tactics | undefined {
  const all = raw.children.filter((c) => c.kind === 'tactics' && c.tactics);
  for (const extra of all.slice(1))
    report(
      extra.file,
      extra.kindRange,
      'error',
      `${raw.kind === 'side' ? `Side '${raw.name}'` : raw.name} has more than one \`tactics { … }\` block; the first counts. Merge their rules into one block.`,
    );
  const t = all[0]?.tactics;
  return t ? { ...t, owner } : undefined;
}

/** One combatant's view of a rule block, for the per-combatant checks. */
export interface Follower {
  readonly name: string;
  readonly character: Character;
  /** Members of its side, itself included. */
  readonly sideSize: number;
}

function rangeOf(r: PriorityRule, fallback: Range): Range {
  return r.range ?? fallback;
}

/**
 * The checks of one rule block against the combatants that follow it (every copy of a placement, every member of a
 * side): a tag name none of them has and a `"Name"` no combatant of the encounter answers to are errors; an action
 * one of them can never take is a warning naming it.
 */
export function checkFollowers(
  t: Tactics,
  followers: readonly Follower[],
  everyone: readonly string[],
  file: string,
  fallback: Range,
  report: TacticsReport,
): void {
  const seen = new Set<string>();
  const warnOnce = (r: PriorityRule, message: string): void => {
    if (seen.has(message)) return;
    seen.add(message);
    report(file, rangeOf(r, fallback), 'warning', message);
  };
  const selectors = (r: PriorityRule): Selector[] =>
    [r.selector, r.action?.at].filter((s): s is Selector => s !== undefined);
  for (const r of t.rules) {
    // a "Name" selector: a combatant of the encounter, or the name its copies share ("Goblin" for Goblin 1, 2)
    for (const s of selectors(r)) {
      if (s.by !== 'name') continue;
      const want = s.name.toLowerCase();
      const known = everyone.some((n) => {
        const l = n.toLowerCase();
        return l === want || (l.startsWith(want + ' ') && /^\d+$/.test(l.slice(want.length + 1)));
      });
      if (!known) {
        const bases = [...new Set(everyone.flatMap((n) => [n, n.replace(/ \d+$/, '')]))];
        const sugg = suggest(s.name, bases);
        report(
          file,
          rangeOf(r, fallback),
          'error',
          `Rule ${r.n} aims at "${s.name}", but no combatant of this encounter is called that.${didYouMean(sugg)}${sugg.length ? '' : ` Its combatants: ${everyone.map((n) => `"${n}"`).join(', ')}.`}`,
        );
      }
    }
    const a = r.action;
    if (!a) continue;
    // a named tag: one of the followers' tags
    if (a.word === 'tag' && a.name !== undefined && followers.some((f) => f.character.difficulty === null)) {
      const want = a.name.toLowerCase();
      const tagsOf = (f: Follower): string[] => f.character.tags.map((g) => g.name);
      const having = followers.filter((f) => tagsOf(f).some((n) => n.toLowerCase() === want));
      if (!having.length) {
        const all = [...new Set(followers.flatMap(tagsOf))];
        const sugg = suggest(a.name, all);
        // on the name itself (the did-you-mean's quick fix replaces it), else the rule
        report(
          file,
          r.nameRange ?? rangeOf(r, fallback),
          'error',
          `Rule ${r.n} names the tag "${a.name}", but ${followers.length === 1 ? `${followers[0].name} has no such tag` : 'none of the combatants that follow these rules has it'} (TG-R3).${didYouMean(sugg)}${sugg.length || !all.length ? '' : ` Tags: ${all.map((n) => `"${n}"`).join(', ')}.`}`,
          r.nameRange ? sugg : undefined,
        );
        continue;
      }
      for (const f of followers)
        if (!having.includes(f))
          warnOnce(
            r,
            `Rule ${r.n} can never decide for ${f.character.name}: it has no tag "${a.name}" (TG-R3), so the rule passes to the next one.`,
          );
      continue;
    }
    for (const f of followers) {
      const c = f.character;
      if (TAGS.has(a.word) && c.difficulty !== null)
        warnOnce(
          r,
          `Rule ${r.n} can never decide for ${c.name}: it is an NPC and never rolls, so it never chooses a tag (TG-P1, TG-R3).`,
        );
      else if (TAGS.has(a.word) && c.tags.length === 0)
        warnOnce(
          r,
          `Rule ${r.n} can never decide for ${c.name}: it has no tags, so it never chooses a tag for a roll (TG-R3). Give it a \`tag\`, or drop the rule.`,
        );
      else if (EFFECTS.has(a.word) && sheet(c).effects <= 0)
        warnOnce(
          r,
          `Rule ${r.n} can never decide for ${c.name}: its effects pool is 0, so it never chooses an effect (TG-E1, TG-N6). Raise its special stat (or \`effects\`), or drop the rule.`,
        );
      else if (ACTOR.has(a.word) && f.sideSize < 2)
        warnOnce(
          r,
          `Rule ${r.n} can never decide for ${f.name}: it is alone on its side, so it takes every side turn (TG-T2, TG-V2).`,
        );
    }
  }
}
