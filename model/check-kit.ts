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
import { shortChain, shortName } from './message-text.js';
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
      `'${shortName(v.text)}' is not a valid ${attr!.spec.name}${rule}: expected ${values.join(', ')}.${didYouMean(sugg)}`,
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
      `No ${kind} named '${shortName(ref.text)}' in this file or the files it uses.${didYouMean(sugg)}${
        sugg.length
          ? ''
          : ` Declare it with \`${kind} ${quoteName(shortName(ref.text))} { … }\`, or \`use\` the file that has it.`
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
    const { merged, inheritedRanges, base } = this.inherit(raw, kind, required);
    const start = this.diags.length;
    const value = build(merged);
    let keep = start;
    for (let i = start; i < this.diags.length; i++)
      if (!inheritedRanges.has(this.diags[i].range)) this.diags[keep++] = this.diags[i];
    this.diags.length = keep;
    if (!base) return { value };
    const own = new Set(raw.attrs.map((a) => a.spec.name));
    return {
      value,
      base: { name: base.name, file: base.file },
      inherited: [...new Set(merged.attrs.filter((a) => !own.has(a.spec.name)).map((a) => a.spec.name))],
    };
  }

  /**
   * What each block resolved so far gives a block that extends it: its attributes merged over its bases' (the
   * plain walk's `attrs` for a chain starting at it, every name stamped with the file that wrote it), the misspelt
   * attribute names along the chain, and whether the chain ends at an unknown base. Kept per block, so a chain of
   * N blocks is merged in N steps, not N² (issue 35, item 5: 20,000 deep took 8 min 40 s); a block inside an
   * `extends` loop is not kept (its chain starts at itself).
   */
  private readonly ancestries = new Map<RawBlock, Ancestry>();
  /** Each member of an `extends` loop found: the loop's members in order, and its place among them. */
  private readonly loops = new Map<RawBlock, { loop: RawBlock[]; at: number }>();

  /**
   * `character "Elite Thug" extends Thug { … }`: everything of Thug (and what Thug extends), with each
   * attribute the derived block writes replacing the inherited one whole (a `techniques` list too).
   * Inherited names resolve in the scope of the file that wrote them. A loop of `extends` is reported on
   * this block's `extends` name; the chain up to the loop is still merged, so the block stays usable (a loop
   * of more than MAX_LOOP_MERGED blocks merges its first MAX_LOOP_MERGED). The walk up is a loop, not a
   * recursion, and stops at the first block whose ancestry is known (`ancestries`).
   */
  private inherit(raw: RawBlock, kind: Kind, required: readonly string[]): Inherited {
    const path: RawBlock[] = [raw];
    const onPath = new Map<RawBlock, number>([[raw, 0]]);
    let top: Ancestry | undefined;
    let unresolved = false;
    /** Where the walk came back to the path: the loop is path[loopAt..]. */
    let loopAt = -1;
    let base: RawBlock | undefined;
    const known = this.loops.get(raw);
    if (known) {
      // a member of a loop already found: its chain is the loop from itself round (at most MAX_LOOP_MERGED)
      const { loop, at } = known;
      for (let k = 1; k < Math.min(loop.length, MAX_LOOP_MERGED); k++) path.push(loop[(at + k) % loop.length]);
      base = path[1];
      this.reportLoop(raw, kind, loop, at);
      loopAt = 0;
    } else {
      let cur = raw;
      while (cur.base) {
        const baseRef = cur.base;
        const next = this.scopeOf(cur.file).lookup(kind, baseRef.text);
        if (!next) {
          if (cur === raw) this.unknownBase(raw, kind, baseRef);
          unresolved = true;
          break;
        }
        const at = onPath.get(next);
        if (cur === raw && at !== 0) base = next;
        if (at !== undefined) {
          loopAt = at;
          const loop = path.slice(at);
          loop.forEach((b, k) => this.loops.set(b, { loop, at: k }));
          if (at === 0) this.reportLoop(raw, kind, loop, 0);
          break;
        }
        const kept = this.ancestries.get(next);
        if (kept) {
          top = kept;
          break;
        }
        onPath.set(next, path.length);
        path.push(next);
        cur = next;
      }
    }
    // fold down from the top: each block's ancestry is its base's with its own attributes over them
    let anc: Ancestry = top ?? { attrs: [], misspelt: new Set(), unresolved };
    for (let i = path.length - 1; i >= 1; i--) {
      anc = mergeOver(anc, path[i]);
      // a block below the loop (or with no loop) has exactly this chain whoever asks: kept
      if (loopAt < 0 || i < loopAt) this.ancestries.set(path[i], anc);
    }
    const written = new Set(raw.attrs.map((a) => a.spec.name));
    const attrs = anc.attrs.filter((a) => !written.has(a.spec.name));
    const inheritedRanges = new Set<Range>();
    for (const a of attrs)
      for (const r of [a.range, a.keyRange, ...a.names.map((n) => n.range), ...a.cards.map((c) => c.range)])
        inheritedRanges.add(r);
    const misspelt = new Set(anc.misspelt);
    for (const m of raw.misspelt ?? []) misspelt.add(m);
    // An unknown base is one mistake: do not also call what it would have given missing.
    if (anc.unresolved || unresolved) for (const s of required) misspelt.add(s);
    return {
      merged: { ...raw, attrs: [...attrs, ...raw.attrs], misspelt },
      inheritedRanges,
      base,
    };
  }

  private unknownBase(raw: RawBlock, kind: Kind, baseRef: NameRef): void {
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
      `No ${kind} named '${shortName(baseRef.text)}' to extend in this file or the files it uses.${didYouMean(sugg)}${
        sugg.length
          ? ''
          : ` Declare it with \`${kind} ${quoteName(shortName(baseRef.text))} { … }\`, or \`use\` the file that has it.`
      }`,
      sugg,
    );
  }

  /** An `extends` loop through `raw` (`loop[at]`), reported on its `extends` name, the loop from raw round to raw. */
  private reportLoop(raw: RawBlock, kind: Kind, loop: readonly RawBlock[], at: number): void {
    const n = loop.length;
    // only the ends of a long loop are shown: not every member is turned into a name (a loop may be 20,000 long)
    const take = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => quoteName(loop[(at + from + k) % n].name));
    const names = n + 1 <= 8 ? take(0, n + 1) : [...take(0, 3), `… ${n - 5} more …`, ...take(n - 2, 3)];
    this.report(
      raw.file,
      raw.base!.range,
      'error',
      'extends-cycle',
      `${quoteName(shortName(raw.name))} inherits from itself: ${shortChain(names)}. A ${kind} extends a different block; remove one of these \`extends\`.`,
    );
  }
}

/** Blocks of an `extends` loop merged into each member (the loop is an error already; this keeps it linear). */
export const MAX_LOOP_MERGED = 8;

/** A block's attributes merged over its bases' (BlockChecker.ancestries). */
interface Ancestry {
  readonly attrs: AttrValue[];
  readonly misspelt: ReadonlySet<string>;
  readonly unresolved: boolean;
}

interface Inherited {
  merged: RawBlock;
  inheritedRanges: Set<Range>;
  /** The block `raw` extends, when it resolves (and is not raw itself). */
  base?: RawBlock;
}

/** `b`'s ancestry: `below` (its base's) with what b writes replacing each attribute whole, b's names stamped with b's file. */
function mergeOver(below: Ancestry, b: RawBlock): Ancestry {
  const written = new Set(b.attrs.map((a) => a.spec.name));
  const attrs = below.attrs.filter((a) => !written.has(a.spec.name));
  for (const a of b.attrs) attrs.push({ ...a, names: a.names.map((n) => ({ ...n, file: n.file ?? b.file })) });
  let misspelt = below.misspelt;
  if (b.misspelt?.size) {
    const m = new Set(misspelt);
    for (const x of b.misspelt) m.add(x);
    misspelt = m;
  }
  return { attrs, misspelt, unresolved: below.unresolved };
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
