// What every system's checker does the same way: read a block's attributes
// (the last of a repeated one counts, with a warning; flags of one group
// conflict), check a word against a closed list with a did-you-mean, and say
// that a referenced name is unknown. A system's model builder extends
// BlockChecker and adds its own rules; the messages stay the same across
// systems, so a GM reads one language whatever the game.

import type { Range } from '../grammar/ast.js';
import type { Diagnostic, Severity } from './diagnostics.js';
import type { AttrValue, NameRef, RawBlock } from './read.js';
import { didYouMean, suggest } from './suggest.js';
import type { Scope } from './system.js';

/** How a name is written in a suggested edit: bare when it is a plain word, quoted otherwise. */
export function quoteName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) ? name : JSON.stringify(name);
}

/** `Kind`: the system's block kinds, so a lookup names a kind the schema has. */
export abstract class BlockChecker<Kind extends string = string> {
  constructor(
    protected readonly diags: Diagnostic[],
    protected readonly scopeOf: (file: string) => Scope,
  ) {}

  protected report(file: string, range: Range, severity: Severity, code: string, message: string, suggestions?: string[]): void {
    this.diags.push({ file, range, severity, code, message, ...(suggestions?.length ? { suggestions } : {}) });
  }

  /** The attribute's last value; each earlier copy of a single-valued attribute is warned about. */
  protected one(raw: RawBlock, name: string): AttrValue | undefined {
    const all = raw.attrs.filter((a) => a.spec.name === name);
    if (all.length > 1 && !all[0].spec.repeatable && all[0].spec.arg !== 'flag') {
      for (const extra of all.slice(0, -1))
        this.report(raw.file, extra.range, 'warning', 'bad-value', `'${name}' is given more than once in ${raw.name}; the last one counts. Remove this one.`);
    }
    return all[all.length - 1];
  }

  protected has(raw: RawBlock, name: string): boolean {
    return raw.attrs.some((a) => a.spec.name === name);
  }

  /** Every name of every copy of a list attribute, in order. */
  protected many(raw: RawBlock, name: string): NameRef[] {
    return raw.attrs.filter((a) => a.spec.name === name).flatMap((a) => a.names);
  }

  /** The flag given of a group (`melee`/`ranged`…); two different ones are a conflict (`what`: why one). */
  protected group(raw: RawBlock, group: string, what = ''): AttrValue | undefined {
    const all = raw.attrs.filter((a) => a.spec.group === group);
    const distinct = [...new Set(all.map((a) => a.spec.name))];
    if (distinct.length > 1) {
      this.report(raw.file, all[all.length - 1].keyRange, 'error', 'bad-value', `${raw.name} says both ${distinct.map((d) => `'${d}'`).join(' and ')}; ${what}keep one.`);
    }
    return all[all.length - 1];
  }

  /** A word of `values`; otherwise an error (`code`, default `bad-value`) with a did-you-mean. */
  protected enumValue<T extends string>(raw: RawBlock, attr: AttrValue | undefined, values: readonly T[], code = 'bad-value'): T | undefined {
    const v = attr?.names[0];
    if (!v) return undefined;
    if ((values as readonly string[]).includes(v.text)) return v.text as T;
    const sugg = suggest(v.text, values);
    const rule = code === 'bad-value' ? '' : ` (${code})`;
    this.report(raw.file, v.range, 'error', code, `'${v.text}' is not a valid ${attr!.spec.name}${rule}: expected ${values.join(', ')}.${didYouMean(sugg)}`, sugg);
    return undefined;
  }

  /** `unknown-name` on a reference no scope has: did-you-mean from `candidates`, else how to declare it. */
  protected unknownName(raw: RawBlock, kind: Kind, ref: NameRef, candidates: Iterable<string>): void {
    const sugg = suggest(ref.text, [...candidates]);
    this.report(
      raw.file,
      ref.range,
      'error',
      'unknown-name',
      `No ${kind} named '${ref.text}' in this file or the files it uses.${didYouMean(sugg)}${
        sugg.length ? '' : ` Declare it with \`${kind} ${quoteName(ref.text)} { … }\`, or \`use\` the file that has it.`
      }`,
      sugg,
    );
  }

  /**
   * The block of `kind` named by `ref`: first among `local` (an encounter's own blocks), then as seen from the
   * file that wrote the reference; otherwise `unknown-name`, suggesting local, visible and `extra` names.
   */
  protected lookup(raw: RawBlock, kind: Kind, ref: NameRef, extra: Iterable<string> = [], local?: ReadonlyMap<string, RawBlock>): RawBlock | undefined {
    const here = local?.get(ref.text);
    if (here) return here;
    const scope = this.scopeOf(ref.file ?? raw.file);
    const found = scope.lookup(kind, ref.text);
    if (found) return found;
    this.unknownName(raw, kind, ref, new Set([...(local?.keys() ?? []), ...scope.names(kind), ...extra]));
    return undefined;
  }
}
