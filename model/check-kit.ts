// What every system's checker does the same way: read a block's attributes
// (the last of a repeated one counts, with a warning; flags of one group
// conflict), check a word against a closed list with a did-you-mean, and say
// that a referenced name is unknown. A system's model builder extends
// BlockChecker and adds its own rules, or hands it as the context to check
// functions registered per block kind (BlockChecks, below); the messages stay
// the same across systems, so a GM reads one language whatever the game.

import type { Range } from '../grammar/ast.js';
import type { Diagnostic, Severity } from './diagnostics.js';
import type { AttrValue, NameRef, RawBlock } from './read.js';
import { didYouMean, suggest } from './suggest.js';
import type { Scope, SystemFile } from './system.js';

/** How a name is written in a suggested edit: bare when it is a plain word, quoted otherwise. */
export function quoteName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) ? name : JSON.stringify(name);
}

/** `Kind`: the system's block kinds, so a lookup names a kind the schema has. */
export abstract class BlockChecker<Kind extends string = string> {
  constructor(
    readonly diags: Diagnostic[],
    readonly scopeOf: (file: string) => Scope,
  ) {}

  report(file: string, range: Range, severity: Severity, code: string, message: string, suggestions?: string[]): void {
    this.diags.push({ file, range, severity, code, message, ...(suggestions?.length ? { suggestions } : {}) });
  }

  /** The attribute's last value; each earlier copy of a single-valued attribute is warned about. */
  one(raw: RawBlock, name: string): AttrValue | undefined {
    const all = raw.attrs.filter((a) => a.spec.name === name);
    if (all.length > 1 && !all[0].spec.repeatable && all[0].spec.arg !== 'flag') {
      for (const extra of all.slice(0, -1))
        this.report(
          raw.file,
          extra.range,
          'warning',
          'bad-value',
          `'${name}' is given more than once in ${raw.name}; the last one counts. Remove this one.`,
        );
    }
    return all[all.length - 1];
  }

  has(raw: RawBlock, name: string): boolean {
    return raw.attrs.some((a) => a.spec.name === name);
  }

  /** Every name of every copy of a list attribute, in order. */
  many(raw: RawBlock, name: string): NameRef[] {
    return raw.attrs.filter((a) => a.spec.name === name).flatMap((a) => a.names);
  }

  /** The flag given of a group (`melee`/`ranged`…); two different ones are a conflict (`what`: why one). */
  group(raw: RawBlock, group: string, what = ''): AttrValue | undefined {
    const all = raw.attrs.filter((a) => a.spec.group === group);
    const distinct = [...new Set(all.map((a) => a.spec.name))];
    if (distinct.length > 1) {
      this.report(
        raw.file,
        all[all.length - 1].keyRange,
        'error',
        'bad-value',
        `${raw.name} says both ${distinct.map((d) => `'${d}'`).join(' and ')}; ${what}keep one.`,
      );
    }
    return all[all.length - 1];
  }

  /** A word of `values`; otherwise an error (`code`, default `bad-value`) with a did-you-mean. */
  enumValue<T extends string>(
    raw: RawBlock,
    attr: AttrValue | undefined,
    values: readonly T[],
    code = 'bad-value',
  ): T | undefined {
    const v = attr?.names[0];
    if (!v) return undefined;
    if ((values as readonly string[]).includes(v.text)) return v.text as T;
    const sugg = suggest(v.text, values);
    const rule = code === 'bad-value' ? '' : ` (${code})`;
    this.report(
      raw.file,
      v.range,
      'error',
      code,
      `'${v.text}' is not a valid ${attr!.spec.name}${rule}: expected ${values.join(', ')}.${didYouMean(sugg)}`,
      sugg,
    );
    return undefined;
  }

  /** `unknown-name` on a reference no scope has: did-you-mean from `candidates`, else how to declare it. */
  unknownName(raw: RawBlock, kind: Kind, ref: NameRef, candidates: Iterable<string>): void {
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
  lookup(
    raw: RawBlock,
    kind: Kind,
    ref: NameRef,
    extra: Iterable<string> = [],
    local?: ReadonlyMap<string, RawBlock>,
  ): RawBlock | undefined {
    const here = local?.get(ref.text);
    if (here) return here;
    const scope = this.scopeOf(ref.file ?? raw.file);
    const found = scope.lookup(kind, ref.text);
    if (found) return found;
    this.unknownName(raw, kind, ref, new Set([...(local?.keys() ?? []), ...scope.names(kind), ...extra]));
    return undefined;
  }

  /**
   * A block that may `extends` another (the schema marks its kind `extendable`), built by `build` from the
   * merged attributes. What the inherited attributes break is reported once, by the block that wrote them
   * (it is built on its own too), so those diagnostics are dropped here. `required`: the attributes an
   * unknown base would have given, not to be called missing as well. `base`/`inherited` for hovers.
   */
  buildInherited<T>(
    raw: RawBlock,
    kind: Kind,
    required: readonly string[],
    build: (merged: RawBlock) => T,
  ): { value: T; base?: { name: string; file: string }; inherited?: string[] } {
    if (!raw.base) return { value: build(raw) };
    const { merged, inheritedRanges, chain } = this.inherit(raw, kind, required);
    const start = this.diags.length;
    const value = build(merged);
    let keep = start;
    for (let i = start; i < this.diags.length; i++)
      if (!inheritedRanges.has(this.diags[i].range)) this.diags[keep++] = this.diags[i];
    this.diags.length = keep;
    if (chain.length < 2) return { value };
    const own = new Set(raw.attrs.map((a) => a.spec.name));
    return {
      value,
      base: { name: chain[1].name, file: chain[1].file },
      inherited: [...new Set(merged.attrs.filter((a) => !own.has(a.spec.name)).map((a) => a.spec.name))],
    };
  }

  /**
   * `character "Elite Thug" extends Thug { … }`: everything of Thug (and what Thug extends), with each
   * attribute the derived block writes replacing the inherited one whole (a `techniques` list too).
   * Inherited names resolve in the scope of the file that wrote them. A loop of `extends` is reported on
   * this block's `extends` name; the chain up to the loop is still merged, so the block stays usable.
   */
  private inherit(
    raw: RawBlock,
    kind: Kind,
    required: readonly string[],
  ): { merged: RawBlock; inheritedRanges: Set<Range>; chain: RawBlock[] } {
    const chain: RawBlock[] = [raw];
    let cur = raw;
    let unresolved = false;
    while (cur.base) {
      const baseRef = cur.base;
      const next = this.scopeOf(cur.file).lookup(kind, baseRef.text);
      if (!next) {
        if (cur === raw) {
          // reported here only: a deeper block reports its own unknown base
          const sugg = suggest(
            baseRef.text,
            this.scopeOf(raw.file)
              .names(kind)
              .filter((n) => n !== raw.name),
          );
          this.report(
            raw.file,
            baseRef.range,
            'error',
            'unknown-name',
            `No ${kind} named '${baseRef.text}' to extend in this file or the files it uses.${didYouMean(sugg)}${
              sugg.length
                ? ''
                : ` Declare it with \`${kind} ${quoteName(baseRef.text)} { … }\`, or \`use\` the file that has it.`
            }`,
            sugg,
          );
        }
        unresolved = true;
        break;
      }
      if (chain.includes(next)) {
        if (cur === raw || chain.indexOf(next) === 0) {
          const loop = [...chain.slice(chain.indexOf(next)), next].map((b) => quoteName(b.name)).join(' → ');
          this.report(
            raw.file,
            raw.base!.range,
            'error',
            'extends-cycle',
            `${quoteName(raw.name)} inherits from itself: ${loop}. A ${kind} extends a different block; remove one of these \`extends\`.`,
          );
        }
        break;
      }
      chain.push(next);
      cur = next;
    }
    const inheritedRanges = new Set<Range>();
    let attrs: AttrValue[] = [];
    const misspelt = new Set<string>();
    for (let i = chain.length - 1; i >= 0; i--) {
      const b = chain[i];
      const written = new Set(b.attrs.map((a) => a.spec.name));
      attrs = attrs.filter((a) => !written.has(a.spec.name));
      for (const a of b.attrs) {
        if (i === 0) {
          attrs.push(a);
          continue;
        }
        for (const r of [a.range, a.keyRange, ...a.names.map((n) => n.range), ...a.cards.map((c) => c.range)])
          inheritedRanges.add(r);
        attrs.push({ ...a, names: a.names.map((n) => ({ ...n, file: n.file ?? b.file })) });
      }
      for (const m of b.misspelt ?? []) misspelt.add(m);
    }
    // An unknown base is one mistake: do not also call what it would have given missing.
    if (unresolved) for (const s of required) misspelt.add(s);
    return { merged: { ...raw, attrs, misspelt }, inheritedRanges, chain };
  }
}

/**
 * Block kind → the functions that check a block of that kind (and add what they build to the system's
 * model), in the style of Langium's validation registry: a small table a reader scans to find every rule a
 * kind of block is held to, instead of a switch inside one big class.
 */
export type BlockChecks<Kind extends string, Cx> = {
  readonly [K in Kind]?: readonly ((raw: RawBlock, cx: Cx) => void)[];
};

/**
 * Runs the registered checks over every block of the files, in load order then file order (diagnostics keep
 * that order). A kind without checks is skipped — the reader has already reported a kind the schema does not
 * know — even one named like an object property (`constructor`).
 */
export function runBlockChecks<Kind extends string, Cx>(
  files: readonly SystemFile[],
  checks: BlockChecks<Kind, Cx>,
  cx: Cx,
): void {
  for (const f of files) {
    for (const b of f.read.blocks)
      for (const check of (Object.hasOwn(checks, b.kind) ? checks[b.kind as Kind] : undefined) ?? []) check(b, cx);
  }
}
