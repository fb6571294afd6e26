// Arcana's words a GM brings from Halcyon Aces (schema `foreign`, model/read.ts), split from check.ts: the reader
// reports them as `unknown-keyword`; this says what the Arcana word or rule is instead (`vitality` → `health`,
// `zone`/`at` → AR-T6) and remembers what each stood for, so the checker neither reports the attribute it meant as
// missing nor the argument of a foreign `at floor` as a placement of its own: one mistake, one diagnostic.

import type { Diagnostic } from '../../model/diagnostics.js';
import type { RawBlock } from '../../model/read.js';
import { didYouMean } from '../../model/suggest.js';
import { FOREIGN_WORDS, SCHEMA, type ArBlockKind } from './schema.js';

export class ForeignWords {
  /** Placement names that are really the argument of a foreign `at`/`deck` (already reported): file → offsets. */
  readonly swallowed = new Map<string, Set<number>>();
  /** End offsets of foreign `at`/`deck` keys whose argument the reader took for a placement: file → offsets. */
  private readonly foreignEnds = new Map<string, number[]>();
  /** Arcana attributes a foreign word stood for (`vitality` → health), by file: its offset and the attribute. */
  private readonly meant = new Map<string, { at: number; to: string }[]>();

  constructor(private readonly diags: Diagnostic[]) {}

  /** A foreign word inside `raw` was taken for attribute `to` (already reported): not also missing. */
  meantIn(raw: RawBlock, to: string): boolean {
    return (this.meant.get(raw.file) ?? []).some(
      (m) => m.to === to && m.at >= raw.range.start.offset && m.at < raw.range.end.offset,
    );
  }

  /**
   * The reader reports Halcyon Aces words it does not know as `unknown-keyword` (with the word and where, as
   * data: Diagnostic.unknown); say what the Arcana
   * word or rule is instead (`vitality` → `health`, `zone`/`at` → AR-T6). `at floor`'s zone, which the
   * reader took for a word or a placement of its own, is dropped: one mistake, one diagnostic.
   */
  rewrite(files: ReadonlySet<string>): void {
    const ds = this.diags;
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i];
      if (d.code !== 'unknown-keyword' || !files.has(d.file)) continue;
      // what the reader did not know, as data (model/diagnostics.ts `unknown`), never read from the message
      const u = d.unknown;
      if (!u) continue;
      const word: string | undefined = u.word;
      const placement = u.where === 'placement';
      const allowed: readonly string[] =
        u.where === 'attribute'
          ? (SCHEMA[u.kind as ArBlockKind]?.attributes.map((a) => a.name) ?? [])
          : u.where === 'statement'
            ? Object.keys(SCHEMA)
            : [];
      const fw = word !== undefined && Object.hasOwn(FOREIGN_WORDS, word) ? FOREIGN_WORDS[word] : undefined;
      if (!fw || word === undefined) continue;
      const to = fw.to && allowed.includes(fw.to) ? [fw.to] : [];
      ds[i] = {
        ...d,
        message: `'${word}' is not an Arcana word: ${fw.why} (${fw.rule}).${didYouMean(to)}`,
        ...(to.length ? { suggestions: to } : { suggestions: undefined }),
      };
      if (!to.length) delete ds[i].suggestions;
      if (to.length) {
        let list = this.meant.get(d.file);
        if (!list) this.meant.set(d.file, (list = []));
        list.push({ at: d.range.start.offset, to: to[0] });
      }
      // the names after a foreign list word (`techniques Blast`) are its arguments, not more unknown words
      while (!placement) {
        const next = ds[i + 1];
        const w =
          next &&
          next.file === d.file &&
          next.code === 'unknown-keyword' &&
          next.range.start.line === d.range.start.line &&
          next.unknown?.where === 'attribute'
            ? next.unknown.word
            : undefined;
        if (w === undefined || !/^[A-Z"]|\s/.test(w) || next.suggestions?.length) break;
        ds.splice(i + 1, 1);
      }
      if (placement && (word === 'at' || word === 'deck')) {
        // its argument: a lower-case word the reader also called unexpected, or a capitalised one it took for a placement
        const next = ds[i + 1];
        if (
          next &&
          next.file === d.file &&
          next.range.start.line === d.range.end.line &&
          next.unknown?.where === 'placement'
        )
          ds.splice(i + 1, 1);
        else {
          let ends = this.foreignEnds.get(d.file);
          if (!ends) this.foreignEnds.set(d.file, (ends = []));
          ends.push(d.range.end.offset); // resolved against the placements by `swallow`
        }
      }
    }
  }

  /** Marks the placement name right after each foreign `at`/`deck` key as already reported. */
  swallow(blocks: readonly RawBlock[], file: string): void {
    const ends = this.foreignEnds.get(file);
    if (!ends?.length) return;
    const set = new Set<number>();
    this.swallowed.set(file, set);
    for (const enc of blocks) {
      if (enc.kind !== 'encounter') continue;
      for (const s of enc.children) {
        for (const p of s.placements) {
          const at = p.name.range.start.offset;
          if (ends.some((e) => at > e && at - e <= 8)) set.add(at);
        }
      }
    }
  }
}
