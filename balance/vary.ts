// `aces odds FILE --vary "Boss.vitality=40..70 step 5"` (issue 14, sweep): the
// same Monte Carlo batch for each value of one number of one block, in any
// system. Each value is written into the text (the file that declares the
// block, in memory) and checked again, so the checker's rules and derived
// numbers hold for it; every value runs the same combat seeds (common random
// numbers), so neighbouring values are compared on the same shuffles.

import type { FileHost } from '../model/workspace.js';
import type { EncounterInfo, RuleSystem } from '../model/system.js';
import { checkFiles } from '../systems/index.js';
import { didYouMean, suggest, withArticle } from '../model/suggest.js';
import type { AttributeSpec } from '../model/schema.js';
import { LineIndex } from '../grammar/index.js';

export interface VarySpec {
  block: string;
  attr: string;
  values: number[];
}

export const MAX_VARY_VALUES = 40;

/** The largest magnitude of a value varied (a range's ends, a list's values, a step). */
export const MAX_VARIED = 1_000_000_000;

/**
 * `Block.attr` or `"Block Name".attr`: groups 2 (a quoted name) or 1, and 3 (the attribute). Applied to trimmed
 * text, with no `^\s*`: that and the name's `[^."=]+` both took the leading spaces, so 10,000 of them took 0.15 s
 * and 100,000 many seconds (quadratic); the name is trimmed where it is read.
 */
const NUMBER_NAME = String.raw`^("([^"]+)"|[^."=]+)\.([A-Za-z][\w-]*)\s*`;

/** `Boss.vitality=40..70 step 5`, `"Dire Wolf".hp=20..40`, or a list `Thug.body=2,3,4`. */
export function parseVary(text: string, maxValues = MAX_VARY_VALUES): VarySpec | { error: string } {
  // `(\S.*)$` on trimmed text, not `(.+?)\s*$`: the lazy value tried `\s*$` over the rest of each run of spaces
  // inside it, so 'A.b=1' and 10,000 spaces and 'x' took 0.16 s, 100,000 spaces many seconds (quadratic)
  const m = new RegExp(`${NUMBER_NAME}=\\s*(\\S.*)$`).exec(text.trim());
  if (!m)
    return {
      error: `write --vary "Block.attribute=FROM..TO [step N]" (or a list FROM,B,C, or just "Block.attribute" for values around the one written), e.g. "Boss.vitality=40..70 step 5"`,
    };
  const block = m[2] ?? m[1].trim();
  const attr = m[3];
  const range = /^(-?\d+)\s*\.\.\s*(-?\d+)(?:\s+step\s+(\d+))?$/.exec(m[4]);
  let values: number[];
  // a number past a billion is no stat, and past 2^53 a float that `v + step` never moves (issue 35, item 13)
  const huge = (range ? range.slice(1) : m[4].split(',')).find(
    (x) => x !== undefined && Math.abs(Number(x)) > MAX_VARIED,
  );
  if (huge !== undefined)
    return {
      error: `${huge.trim()} is too large: the values varied are whole numbers from -${MAX_VARIED.toLocaleString('en-US')} to ${MAX_VARIED.toLocaleString('en-US')}`,
    };
  if (range) {
    const [from, to, step] = [Number(range[1]), Number(range[2]), Number(range[3] ?? 1)];
    if (step < 1) return { error: 'the step must be 1 or more' };
    if (Math.floor(Math.abs(to - from) / step) + 1 > maxValues)
      return { error: `at most ${maxValues} values; use a larger step` };
    values = [];
    for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
      values.push(v);
      if (values.length > maxValues) return { error: `at most ${maxValues} values; use a larger step` };
    }
  } else if (/^-?\d+(\s*,\s*-?\d+)*$/.test(m[4])) values = m[4].split(',').map((x) => Number(x.trim()));
  else return { error: `'${m[4]}' is not a range or a list of whole numbers: write 40..70 step 5, or 2,3,4` };
  if (values.length > maxValues) return { error: `at most ${maxValues} values; use a larger step` };
  return { block, attr, values };
}

export interface Variant {
  value: number;
  encounter?: EncounterInfo;
  system?: RuleSystem;
  /** Why this value cannot run (a rule it breaks). */
  error?: string;
  /**
   * A warning the checker gives at the number with this value written (issue 34 item 3): a homebrew value outside
   * the rules' range ("Body 10 is outside the rules' 1–6 (HA-N1): a homebrew value").
   */
  homebrew?: string;
  /** Where the number is written: the file and the characters replaced (`prefix`: written before the value, ` x`). */
  edit?: { file: string; from: number; to: number; prefix?: string };
}

/**
 * The encounter `name` of `file` (a path or key of `host`, as the checker names files) once for each value, the
 * attribute written into the text of the file that declares the block. Throws an Error with a user message when
 * the block or its number cannot be found.
 */
export function variants(file: string, encounterName: string, spec: VarySpec, host: FileHost): Variant[] {
  return spec.values.map(variantMaker(file, encounterName, spec, host).make);
}

/** One value at a time, for a caller that chooses the values as it goes (a tune): the number is found once. */
export interface VariantMaker {
  /** The number as written. */
  written: number;
  /** Where it is written, `file:line:col` as the host shows paths. */
  at: string;
  /** The encounter with `value` written in the number's place, checked again. */
  make(value: number): Variant;
}

/** A VariantMaker for `spec`'s number; throws an Error with a user message when it cannot be found (writtenNumber). */
export function variantMaker(
  file: string,
  encounterName: string,
  spec: { block: string; attr: string },
  host: FileHost,
): VariantMaker {
  // `party.size`: how many of a side's members fight (issue 34 item 5), written as the side cut to its first N
  const side = spec.attr === SIZE ? sideSite(file, spec.block, host, encounterName) : undefined;
  if (side) return sideSizeMaker(file, encounterName, side, host);
  // `Dock Rat.count`: the copies of a placement (`Dock Rat x3`, issue 34 item 5), else a block's attribute
  const {
    where,
    value: written,
    original,
    insert,
  } = spec.attr === COUNT
    ? countSite(file, spec.block, host, encounterName)
    : { ...writtenNumber(file, spec, host), insert: false };
  const edit = { file: where.path, from: where.from, to: where.to, ...(insert ? { prefix: ' x' } : {}) };
  const before = original.slice(0, where.from),
    after = original.slice(where.to);
  const at = new LineIndex(original).position(where.from);
  return {
    written,
    at: `${host.display?.(where.path) ?? where.path}:${at.line + 1}:${at.character + 1}`,
    make(value: number): Variant {
      const text = before + (insert ? ` x${value}` : String(value)) + after;
      const overlay: FileHost = { ...host, read: (p, used) => (p === where.path ? { text } : host.read(p, used)) };
      const r = checkFiles([file], overlay);
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length) return { value, error: `${errors[0].code}: ${errors[0].message}`, edit };
      const encounter = (r.encountersByFile.get(file) ?? []).find((e) => e.name === encounterName);
      if (!encounter) return { value, error: `no encounter "${encounterName}"`, edit };
      // a warning on the number itself: the value lies outside the rules' range
      const end = where.from + String(value).length;
      const warning = r.diagnostics.find(
        (d) =>
          d.severity === 'warning' &&
          d.file === where.path &&
          d.range.start.offset <= end &&
          d.range.end.offset >= where.from,
      );
      return {
        value,
        encounter,
        system: r.systemOf(file),
        edit,
        ...(warning ? { homebrew: `${warning.code}: ${warning.message}` } : {}),
      };
    },
  };
}

/**
 * The pseudo-attribute that varies a side's size: `party.size=1..4` fights the party with its first 1, 2, 3, 4
 * members as written (copies counted one by one), the rest left out (issue 34 item 5: "what if only three players
 * come?"). Larger than the side as written is refused: which combatant would join is the GM's to write.
 */
export const SIZE = 'size';

/** A side of an encounter of `file` and its members as written: each placement's range and copies. */
interface SideSite {
  side: string;
  /** Where the side's name is written (`file:line:col` as the host shows paths). */
  at: string;
  original: string;
  members: { from: number; to: number; copies: number; copiesRange?: { from: number; to: number } }[];
  total: number;
}

/**
 * The side named `side` in the encounter `encounterName` of `file` (else in its first encounter that has one), or
 * undefined when no encounter of the file has a side so named (then `.size` is an ordinary attribute).
 */
export function sideSite(file: string, side: string, host: FileHost, encounterName?: string): SideSite | undefined {
  const base = checkFiles([file], host);
  const f = base.files.get(file);
  if (f?.text === undefined) return undefined;
  const encounters = (f.read?.blocks ?? []).filter((b) => b.kind === 'encounter');
  const ordered = [
    ...encounters.filter((b) => b.name === encounterName),
    ...encounters.filter((b) => b.name !== encounterName),
  ];
  for (const enc of ordered) {
    const s = enc.children.find((c) => c.kind === 'side' && c.name === side);
    if (!s) continue;
    const pos = s.nameRange.start;
    const at = `${host.display?.(file) ?? file}:${pos.line + 1}:${pos.character + 1}`;
    const members = s.placements.map((p) => ({
      from: p.range.start.offset,
      to: p.range.end.offset,
      copies: p.copies,
      ...(p.copiesRange ? { copiesRange: { from: p.copiesRange.start.offset + 1, to: p.copiesRange.end.offset } } : {}),
    }));
    return { side, at, original: f.text, members, total: members.reduce((n, m) => n + m.copies, 0) };
  }
  return undefined;
}

/**
 * The text of `site`'s file with its side cut to its first `size` members: later placements removed (with a `;`
 * after them and a line left empty), the placement the cut falls in written with fewer copies.
 */
export function cutSide(site: Pick<SideSite, 'original' | 'members'>, size: number): string {
  let text = site.original;
  let keep = size;
  const edits: { from: number; to: number; text: string }[] = [];
  for (const m of site.members) {
    if (keep >= m.copies) {
      keep -= m.copies;
      continue;
    }
    if (keep > 0 && m.copiesRange) edits.push({ ...m.copiesRange, text: String(keep) });
    else if (keep === 0) edits.push({ from: m.from, to: m.to, text: '' });
    keep = 0;
  }
  for (const e of edits.reverse()) {
    let { from, to } = e;
    if (e.text === '') {
      // a `;` after the placement goes with it; so does a line it leaves empty
      const semi = /^[ \t]*;[ \t]*/.exec(text.slice(to, to + 200));
      if (semi) to += semi[0].length;
      else {
        // the last of a line's placements: the `;` before it goes instead (`{ P; Q }` → `{ P }`)
        const before = /[ \t]*;[ \t]*$/.exec(text.slice(Math.max(0, from - 200), from));
        if (before) from -= before[0].length;
      }
      const lineStart = text.lastIndexOf('\n', from - 1) + 1;
      const nl = text.indexOf('\n', to);
      const lineEnd = nl < 0 ? text.length : nl;
      if (!text.slice(lineStart, from).trim() && !text.slice(to, lineEnd).trim()) {
        from = lineStart;
        to = nl < 0 ? lineEnd : nl + 1;
      }
    }
    text = text.slice(0, from) + e.text + text.slice(to);
  }
  return text;
}

function sideSizeMaker(file: string, encounterName: string, site: SideSite, host: FileHost): VariantMaker {
  return {
    written: site.total,
    at: site.at,
    make(value: number): Variant {
      if (value < 1) return { value, error: `a side needs at least one member: sizes start at 1` };
      if (value > site.total)
        return {
          value,
          error: `side '${site.side}' has ${site.total} member${site.total === 1 ? '' : 's'} as written; write the others into the side to sweep above ${site.total}`,
        };
      const text = cutSide(site, value);
      const overlay: FileHost = { ...host, read: (p, used) => (p === file ? { text } : host.read(p, used)) };
      const r = checkFiles([file], overlay);
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length) return { value, error: `${errors[0].code}: ${errors[0].message}` };
      const encounter = (r.encountersByFile.get(file) ?? []).find((e) => e.name === encounterName);
      if (!encounter) return { value, error: `no encounter "${encounterName}"` };
      return { value, encounter, system: r.systemOf(file) };
    },
  };
}

/** The pseudo-attribute that varies a placement's copies: `"Dock Rat".count=1..6` (issue 34 item 5). */
export const COUNT = 'count';

/**
 * Where the copies of placement `block` are written in an encounter of `file` (the one named, else the first that
 * places it): its `xN`'s number, or, with none written (one copy), the end of the name, where ` xN` goes
 * (`insert`). Throws an Error with a user message when no encounter places `block`.
 */
export function countSite(
  file: string,
  block: string,
  host: FileHost,
  encounterName?: string,
): { where: { path: string; from: number; to: number }; value: number; original: string; insert: boolean } {
  const base = checkFiles([file], host);
  const f = base.files.get(file);
  const placed: string[] = [];
  const encounters = (f?.read?.blocks ?? []).filter((b) => b.kind === 'encounter');
  const ordered = [
    ...encounters.filter((b) => b.name === encounterName),
    ...encounters.filter((b) => b.name !== encounterName),
  ];
  for (const enc of ordered) {
    for (const side of enc.children) {
      for (const p of side.placements) {
        placed.push(p.name.text);
        if (p.name.text !== block || f?.text === undefined) continue;
        if (p.copiesRange) {
          // `x3`: the digits after the x
          const from = p.copiesRange.start.offset + 1;
          return {
            where: { path: file, from, to: p.copiesRange.end.offset },
            value: p.copies,
            original: f.text,
            insert: false,
          };
        }
        const end = p.name.range.end.offset;
        return { where: { path: file, from: end, to: end }, value: 1, original: f.text, insert: true };
      }
    }
  }
  throw new Error(
    `no encounter of ${host.display?.(file) ?? file} places '${block}', so it has no count to vary.${didYouMean(suggest(block, [...new Set(placed)]))}`,
  );
}

/**
 * Where `spec.block`'s number `spec.attr` is written for `file` (in it or a file it uses), the number written there
 * and that file's text. Throws an Error with a user message when the block or its number cannot be found.
 */
export function writtenNumber(
  file: string,
  spec: { block: string; attr: string },
  host: FileHost,
): {
  where: { path: string; from: number; to: number };
  value: number;
  original: string;
  /** The attribute's rules' range, where its schema says one. */
  usual?: { min: number; max: number };
} {
  const abs = file;
  const base = checkFiles([abs], host);
  let where: { path: string; from: number; to: number } | undefined;
  let usual: { min: number; max: number } | undefined;
  let found: { path: string; line: number; character: number; kind: string; written?: string } | undefined;
  const names: string[] = [];
  for (const f of base.files.values()) {
    for (const b of f.read?.blocks ?? []) {
      names.push(b.name);
      if (b.name !== spec.block) continue;
      found ??= {
        path: f.path,
        line: b.nameRange.start.line + 1,
        character: b.nameRange.start.character + 1,
        kind: b.kind,
      };
      const a = [...b.attrs].reverse().find((x) => x.spec.name === spec.attr);
      if (a && a.int === undefined && f.text !== undefined)
        found.written ??= f.text.slice(a.range.start.offset, a.range.end.offset);
      if (!a || a.int === undefined || f.text === undefined) continue;
      // the number is the last term of the attribute (`vitality 30`): replace just it
      const text = f.text.slice(a.keyRange.end.offset, a.range.end.offset).trimEnd();
      const num = /[+-]?\d+$/.exec(text);
      if (!num) continue;
      const from = a.keyRange.end.offset + num.index;
      usual = a.spec.usual;
      where = { path: f.path, from, to: from + num[0].length };
    }
  }
  if (!where) {
    if (!found)
      throw new Error(
        `no block named '${spec.block}' in ${host.display?.(abs) ?? file} or the files it uses.${didYouMean(suggest(spec.block, names))}`,
      );
    throw new Error(
      `${host.display?.(found.path) ?? found.path}:${found.line}:${found.character}: ${notVariable(spec, found, base.systemOf(found.path)?.schema.blocks[found.kind]?.attributes ?? [])}`,
    );
  }
  const original = base.files.get(where.path)!.text!;
  return { where, value: Number(original.slice(where.from, where.to)), original, ...(usual ? { usual } : {}) };
}

/** Why a block's attribute cannot be varied, and what can: only whole numbers are (a die, a distance or a word is not). */
function notVariable(
  spec: { block: string; attr: string },
  found: { kind: string; written?: string },
  attrs: readonly AttributeSpec[],
): string {
  const ints = attrs.filter((a) => a.arg === 'int').map((a) => a.name);
  const can = ints.length
    ? ` Whole numbers ${withArticle(found.kind)} has, which can be varied: ${ints.join(', ')}.`
    : ` ${cap(withArticle(found.kind))} has no whole-number attribute to vary.`;
  if (found.written !== undefined)
    return `${spec.block}'s '${found.written}' is not a whole number; only whole numbers can be varied.${can}`;
  if (!ints.includes(spec.attr))
    return `'${spec.attr}' is not a whole-number attribute of ${withArticle(found.kind)}.${didYouMean(suggest(spec.attr, ints))}${can}`;
  return `${spec.block} has no whole-number '${spec.attr}' written to vary; write one (e.g. \`${spec.attr} 10\`) in its block first.`;
}

const cap = (s: string): string => s[0].toUpperCase() + s.slice(1);

/**
 * The range a GM most likely means by "vary this number" with none given: half to twice a positive number (at least
 * 1, and at least two values above it), five either side of zero or a negative one. Values in it that break a rule
 * are the checker's to refuse: a sweep shows them as not run, a tune searches only the part that checks.
 */
/**
 * The range offered for a number written: rangeAround's, inside the rules' range of its attribute (`usual`) when the
 * number written lies inside it (Body 4: 2..6, not 2..8; issue 34 item 3); a number already homebrew keeps the
 * wider range.
 */
export function offeredRange(value: number, usual?: { min: number; max: number }): { from: number; to: number } {
  const r = rangeAround(value);
  if (!usual || value < usual.min || value > usual.max) return r;
  return { from: Math.max(r.from, usual.min), to: Math.min(r.to, usual.max) };
}

export function rangeAround(value: number): { from: number; to: number } {
  if (value <= 0) return { from: value - 5, to: value + 5 };
  const from = Math.max(1, Math.floor(value / 2));
  return { from, to: Math.max(value + 2, value * 2) };
}

/** Values a sweep runs for a number given without a range: within rangeAround's, at most SWEEP_AROUND, evenly stepped. */
export const SWEEP_AROUND = 9;

/** Just the number, `Boss.vitality` or `"Dire Wolf".hp`, with no range (undefined when `text` is not that). */
export function parseVaryNumber(text: string): { block: string; attr: string } | undefined {
  const m = new RegExp(`${NUMBER_NAME}$`).exec(text.trim());
  return m ? { block: m[2] ?? m[1].trim(), attr: m[3] } : undefined;
}

/**
 * `--vary` as a GM may write it: a range or a list (parseVary), or just the number, then the values around the one
 * written (rangeAround: its two ends for a tune, which bisects between them; up to SWEEP_AROUND evenly stepped
 * values for a sweep). `around` is the number written when the range was chosen here. Throws an Error with a user
 * message when the number is not written (writtenNumber).
 */
/** Why a side's size is not tuned: no file edit says "these members come, those not". */
export function sizeNotTuned(side: string): string {
  return `the size of side '${side}' can be swept (\`aces odds --vary "${side}.size=1..4"\`), not tuned: which members stay home is the GM's choice, not a number to write`;
}

export function resolveVary(
  text: string,
  file: string,
  host: FileHost,
  use: 'sweep' | 'tune',
  maxValues = MAX_VARY_VALUES,
): (VarySpec & { around?: number; usual?: { min: number; max: number } }) | { error: string } {
  const name = parseVaryNumber(text);
  if (!name) return parseVary(text, maxValues);
  const side = name.attr === SIZE ? sideSite(file, name.block, host) : undefined;
  if (side) {
    if (use === 'tune') return { error: sizeNotTuned(name.block) };
    // every size from one to the side as written
    return { ...name, values: Array.from({ length: Math.min(side.total, maxValues) }, (_, i) => i + 1) };
  }
  const { value, usual } =
    name.attr === COUNT ? { ...countSite(file, name.block, host), usual: undefined } : writtenNumber(file, name, host);
  const { from, to } = offeredRange(value, usual);
  // the rules' range, where it narrowed the one offered
  const within = usual && (from > rangeAround(value).from || to < rangeAround(value).to) ? { usual } : {};
  if (use === 'tune') return { ...name, values: [from, to], around: value, ...within };
  // evenly stepped through the number written, so the sweep shows it beside its neighbours
  const step = Math.max(1, Math.ceil((to - from) / (SWEEP_AROUND - 1)));
  const values: number[] = [];
  for (let v = value - step * Math.floor((value - from) / step); v <= to; v += step) values.push(v);
  return { ...name, values, around: value, ...within };
}
