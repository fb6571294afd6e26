// The context every Halcyon Aces check function is handed: the shared kit
// (model/check-kit.ts: one, many, group, enumValue, report, …), the model the
// checks fill, each block built once (memo: a character is built the first
// time anything places it, and its diagnostics reported then), name lookup
// with the HA-A4 hint, and the closed-list reader for perks, talents, options.

import { BlockChecker, quoteName } from '../../../model/check-kit.js';
import type { NameRef, RawBlock } from '../../../model/read.js';
import { didYouMean, suggest } from '../../../model/suggest.js';
import type { CheckedWorkspace, DeckSpec, StatBlock, Technique, Weapon } from '../model.js';
import type { BlockKind } from '../schema.js';

export class HaCheck extends BlockChecker<BlockKind> {
  /** What the checks build, in the order they built it. */
  readonly model: CheckedWorkspace = { encounters: [], blocks: [], weapons: [], techniques: [], decks: [] };
  readonly weapons = new Map<RawBlock, Weapon>();
  readonly techniques = new Map<RawBlock, Technique>();
  readonly decks = new Map<RawBlock, DeckSpec>();
  readonly blocks = new Map<RawBlock, StatBlock>();
  /** GM priority rules' diagnostics already given (check/tactics.ts: a character's rules are met once per combatant). */
  readonly tacticsReported = new Set<string>();

  /** The block built once: the first call builds it (and reports what it breaks), later calls reuse it. */
  memo<T>(built: Map<RawBlock, T>, raw: RawBlock, build: () => T): T {
    const done = built.get(raw);
    if (done) return done;
    const value = build();
    built.set(raw, value);
    return value;
  }

  /** The block of `kind` that `ref` names, else one diagnostic (a technique in `wields`: HA-A4). */
  resolve(raw: RawBlock, kind: BlockKind, ref: NameRef, extra: string[] = []): RawBlock | undefined {
    const scope = this.scopeOf(ref.file ?? raw.file);
    const found = scope.lookup(kind, ref.text);
    if (found) return found;
    if (kind === 'weapon' && scope.lookup('technique', ref.text)) {
      // a technique in `wields`: say what it is, not "declare a weapon of that name"
      this.diags.push({
        file: raw.file,
        range: ref.range,
        severity: 'error',
        code: 'HA-A4',
        fix: 'wields-technique',
        message: `'${ref.text}' is a technique, not a weapon: a character wields weapons and uses techniques (HA-A4). List it under \`techniques ${quoteName(ref.text)}\`.`,
      });
      return undefined;
    }
    this.unknownName(raw, kind, ref, [...scope.names(kind), ...extra]);
    return undefined;
  }

  /** The words of a list attribute that are among `values`; each other word is an error (`elsewhere`: the list it belongs in). */
  enumList<T extends string>(
    raw: RawBlock,
    name: string,
    values: readonly T[],
    elsewhere?: { values: readonly string[]; attr: string },
  ): T[] {
    const out: T[] = [];
    for (const v of this.many(raw, name)) {
      if ((values as readonly string[]).includes(v.text)) {
        if (!out.includes(v.text as T)) out.push(v.text as T);
        continue;
      }
      if (elsewhere?.values.includes(v.text)) {
        this.report(
          raw.file,
          v.range,
          'error',
          'bad-value',
          `'${v.text}' is a ${elsewhere.attr.replace(/s$/, '')}, not a ${name.replace(/s$/, '')}: write it under \`${elsewhere.attr}\`.`,
        );
        continue;
      }
      const sugg = suggest(v.text, values);
      this.report(
        raw.file,
        v.range,
        'error',
        'bad-value',
        `Unknown ${name.replace(/s$/, '')} '${v.text}'. Known: ${values.join(', ')}.${didYouMean(sugg)}`,
        sugg,
      );
    }
    return out;
  }
}
