// The Arcana checker's half of a GM's priority rules (issue 33): which `tactics { … }` block each combatant
// follows, who owns it, and what the rules name. model/priority.ts has already read the lines against the
// vocabulary (tactics-words.ts) and reported unknown words; here:
//   - a combatant follows its placement's block (`Deckhand x3 tactics { … }`), else its character's (a character
//     that `extends` keeps its base's block unless it writes its own), else its side's; `otherwise PRESET` is its
//     preset, over the `tactics PRESET` attribute;
//   - two blocks in one character or side are an error (the second one is ignored);
//   - `maneuver "Name"` that names no maneuver is an error with a did-you-mean; a maneuver the combatant does not
//     know is a warning (that rule never fires for it), as is a self or unopposed scene maneuver aimed `at` someone
//     or at `it` (it has no opponent, AR-M4), and `nearest`/`farthest` (no map: they tell nobody apart, AR-T6);
//   - a `"Name"` selector that names no combatant of the encounter is an error with a did-you-mean; naming only
//     the combatant's own side is a warning (never a target, AR-T6).
// Every combatant can cheat (AR-C1): a hand empties and refills (a successful maneuver draws a card, AR-M5, and
// everyone knows Press the Advantage, AR-M6), so `cheat` and `cheat-defense` are never warned about.

import { didYouMean, suggest } from '../../model/suggest.js';
import type { PriorityRule, Selector, Tactics } from '../../model/priority.js';
import type { RawBlock } from '../../model/read.js';
import type { Scope } from '../../model/system.js';
import type { TacticsReport } from '../../model/priority.js';
import { PRESS_THE_ADVANTAGE, type Character } from './model.js';

type Report = TacticsReport;

/** A combatant's rules and whether they are its own character's (the log cites another owner by name). */
export interface RulesFor {
  readonly tactics: Tactics;
  /** Written in the combatant's own character block: the log says "rule 2: …", else "rule 2 of side cult: …". */
  readonly own: boolean;
  /** The file the block is written in (its names resolve there). */
  readonly file: string;
}

/** The selectors a rule aims with (its action's `at`, or a `target` rule's). */
function selectorsOf(r: PriorityRule): Selector[] {
  const s: Selector[] = [];
  if (r.action?.at) s.push(r.action.at);
  if (r.selector) s.push(r.selector);
  return s;
}

/** The maneuvers a rule's names can name: every one in scope, and Press the Advantage (AR-M6). */
function maneuverNames(scope: Scope): string[] {
  return [...scope.names('maneuver'), PRESS_THE_ADVANTAGE.name];
}

export class ArTacticsChecker {
  /** The blocks already checked on their own (names, selectors): each is reported once. */
  private readonly checked = new Set<Tactics>();
  /** Warnings already given for (rules, character): a side's block is checked against each stat block once. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly report: Report,
    private readonly scopeOf: (file: string) => Scope,
  ) {}

  /** The one `tactics` block among a character's or a side's children; a second is an error. */
  block(raw: RawBlock): RawBlock | undefined {
    const blocks = raw.children.filter((c) => c.kind === 'tactics' && c.tactics);
    for (const extra of blocks.slice(1))
      this.report(
        extra.file,
        extra.kindRange,
        'error',
        `${raw.kind === 'side' ? `Side '${raw.name}'` : raw.name} already has a tactics block (line ${blocks[0].range.start.line + 1}); this one is ignored. Write every rule in one block: the first rule that holds decides.`,
      );
    return blocks[0];
  }

  /**
   * A character's rules: its own block, else (`extends`) its base's, as far up as one is written. `own` is
   * false for an inherited block, which the log cites by its owner's name.
   */
  character(raw: RawBlock): RulesFor | undefined {
    const seen = new Set<RawBlock>();
    let cur: RawBlock | undefined = raw;
    while (cur && !seen.has(cur)) {
      seen.add(cur);
      const b = this.block(cur);
      if (b?.tactics) {
        b.tactics.owner = cur.name;
        this.names(b.tactics, b.file);
        return { tactics: b.tactics, own: cur === raw, file: b.file };
      }
      cur = cur.base ? this.scopeOf(cur.file).lookup('character', cur.base.text) : undefined;
    }
    return undefined;
  }

  /** A side's rules, owned by `side NAME`. */
  side(raw: RawBlock): RulesFor | undefined {
    const b = this.block(raw);
    if (!b?.tactics) return undefined;
    b.tactics.owner = `side ${raw.name}`;
    this.names(b.tactics, b.file);
    return { tactics: b.tactics, own: false, file: b.file };
  }

  /** A placement's rules (`Deckhand x3 tactics { … }`), owned by the placement's name. */
  placement(t: Tactics, name: string, file: string): RulesFor {
    t.owner = name;
    this.names(t, file);
    return { tactics: t, own: false, file };
  }

  /** What a block names, checked once: maneuvers that exist (did-you-mean), selectors that tell foes apart. */
  private names(t: Tactics, file: string): void {
    if (this.checked.has(t)) return;
    this.checked.add(t);
    const scope = this.scopeOf(file);
    for (const r of t.rules) {
      const a = r.action;
      if (a?.word === 'maneuver' && a.name !== undefined) {
        const known = maneuverNames(scope);
        if (!known.some((n) => n.toLowerCase() === a.name!.toLowerCase())) {
          const sugg = suggest(a.name, known);
          this.report(
            file,
            r.nameRange ?? r.range!,
            'error',
            `Rule ${r.n} names the maneuver '${a.name}', which is declared nowhere in this file or the files it uses.${didYouMean(sugg)}${sugg.length ? '' : ` Declare it with \`maneuver ${JSON.stringify(a.name)} { … }\`, or write \`maneuver\` alone for any maneuver.`}`,
            sugg,
          );
        }
      }
      for (const s of selectorsOf(r))
        if (s.by === 'nearest' || s.by === 'farthest')
          this.report(
            file,
            r.range!,
            'warning',
            `Rule ${r.n} aims at the ${s.by} foe, but an Arcana fight has no map (AR-T6): every foe is as near as any other, so it picks the one the tactic would. Aim by \`lowest health\`, \`highest attack\`, a state or a "Name".`,
          );
    }
  }

  /**
   * What only the combatant settles: a maneuver it does not know, an unaimed maneuver aimed `at` someone.
   * Once per rules block and stat block (a side's block is checked against each of its members' characters).
   */
  forCharacter(rules: RulesFor, c: Character): void {
    const key = `${rules.tactics.line}\0${rules.file}\0${rules.tactics.owner ?? ''}\0${c.name}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    const whose = rules.own || rules.tactics.owner === c.name ? '' : ` (the rules of ${rules.tactics.owner})`;
    for (const r of rules.tactics.rules) {
      const a = r.action;
      if (a?.word !== 'maneuver' || a.name === undefined) continue;
      const lower = a.name.toLowerCase();
      const m = [...c.maneuvers, PRESS_THE_ADVANTAGE].find((x) => x.name.toLowerCase() === lower);
      if (!m) {
        // a name that names nothing is the error above; a real maneuver this character lacks is this warning
        if (!maneuverNames(this.scopeOf(rules.file)).some((n) => n.toLowerCase() === lower)) continue;
        this.report(
          rules.file,
          r.nameRange ?? r.range!,
          'warning',
          `Rule ${r.n}${whose} can never fire for ${c.name}: it does not know ${a.name} (AR-M1). Add it to ${c.name}'s \`maneuvers\`, or name one it knows (${[...c.maneuvers, PRESS_THE_ADVANTAGE].map((x) => x.name).join(', ')}).`,
        );
        continue;
      }
      const unaimed = m.target === 'self' || (m.target === 'scene' && m.against === null);
      if (unaimed && (a.it || a.at) && r.form !== 'never')
        this.report(
          rules.file,
          r.range!,
          'warning',
          `Rule ${r.n}${whose} can never fire for ${c.name}: ${m.name} goes on ${m.target === 'self' ? 'itself' : 'the scene'} unopposed (AR-M4), so it is aimed at nobody and \`${a.it ? 'it' : 'at …'}\` finds no one. Remove \`${a.it ? 'it' : 'at …'}\`.`,
        );
    }
  }

  /**
   * A `"Name"` selector in the rules a combatant follows in encounter `enc`: it must name a combatant there or a
   * character (an error with a did-you-mean when it names neither), one in this encounter (else a warning: the
   * rule never fires here), and a foe of the combatant (else never a target: a warning).
   */
  forEncounter(rules: RulesFor, enc: string, who: string, foes: readonly string[], all: readonly string[]): void {
    for (const r of rules.tactics.rules)
      for (const s of selectorsOf(r)) {
        if (s.by !== 'name') continue;
        const range = s.range ?? r.range!;
        const here = all.some((n) => sameCombatant(n, s.name));
        // the block and rule in this encounter: said once, whoever follows it
        const once = `${rules.file}\0${rules.tactics.line}\0${r.n}\0${enc}`;
        if (!here) {
          if (this.warned.has(once)) continue;
          this.warned.add(once);
          const characters = this.scopeOf(rules.file).names('character');
          if (characters.some((n) => n.toLowerCase() === s.name.toLowerCase())) {
            this.report(
              rules.file,
              range,
              'warning',
              `Rule ${r.n} aims at "${s.name}", who is not in '${enc}': the rule never fires there.`,
            );
            continue;
          }
          const names = [...new Set([...all.flatMap((n) => [n, n.replace(/ \d+$/, '')]), ...characters])];
          const sugg = suggest(s.name, names);
          this.report(
            rules.file,
            range,
            'error',
            `Rule ${r.n} aims at "${s.name}", who is neither a character nor in '${enc}'.${didYouMean(sugg)}${sugg.length ? '' : ` Its combatants: ${all.join(', ')}.`}`,
            sugg,
          );
        } else if (!foes.some((n) => sameCombatant(n, s.name))) {
          if (this.warned.has(`${once}\0own side`)) continue;
          this.warned.add(`${once}\0own side`);
          this.report(
            rules.file,
            range,
            'warning',
            `Rule ${r.n} aims ${who} at "${s.name}", who fights on its own side: never its target (AR-T6), so this rule never fires for ${who}.`,
          );
        }
      }
  }
}

/** A `"Name"` selector's match, as the engine's (model/priority-run.ts): the name, or the name before a copy number. */
function sameCombatant(combatant: string, name: string): boolean {
  const n = combatant.toLowerCase();
  const want = name.toLowerCase();
  return n === want || (n.startsWith(want + ' ') && /^\d+$/.test(n.slice(want.length + 1)));
}
