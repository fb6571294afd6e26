// The one split of a line into what the schema makes of it: where an attribute's arguments end (its arity), where
// the next attribute starts, and where a block's header starts after attributes written on the same line
// (`seed 3 zone a { adjacent b }`). The reader (model/read.ts) reads values and reports problems along this
// split; the language service (server/service/syntax.ts) gives each term its role along the same one, so an
// editor colours, completes and formats a line as the checker reads it. Pure functions of the terms and the
// schema; this file names no game.

import type { Statement, Term } from '../grammar/ast.js';
import { blockKinds, foreignWord, type AttributeSpec, type BlockSpec, type SystemSchema } from './schema.js';
import { didYouMean, suggest, withArticle } from './suggest.js';

export function isWord(t: Term | undefined, text?: string): t is Extract<Term, { kind: 'word' }> {
  return !!t && t.kind === 'word' && (text === undefined || t.text === text);
}

/** The name a term writes (a word or a quoted string), if it is one. */
export function nameText(t: Term | undefined): string | undefined {
  if (!t) return undefined;
  if (t.kind === 'word') return t.text;
  if (t.kind === 'string') return t.value;
  return undefined;
}

/** A quoted name or a capitalised word: where a placement keyword would come, it starts the next placement. */
export function startsPlacement(t: Term): boolean {
  return t.kind === 'string' || (t.kind === 'word' && /^[A-Z]/.test(t.text));
}

/** A term as written, for messages. */
export function termText(t: Term): string {
  switch (t.kind) {
    case 'word':
      return t.text;
    case 'string':
      return `"${t.value}"`;
    case 'number':
      return t.text;
    case 'dimension':
      return `${t.value}ft`;
    case 'card':
      return t.text;
    case 'copies':
      return `x${t.count}`;
    case 'punct':
      return t.text;
  }
}

/**
 * How many of `terms` from `from` on are arguments of attribute (or placement key) `a`, by its kind: its arity.
 * `isKey` says where a list stops (the next key; in a placement, the next placement too). Read in place: a copy of
 * the rest of the statement for each key made a line of 12,500 attributes (100,000 characters) take 3 s to
 * complete on and 1.5 s to format (quadratic).
 */
export function argumentCount(
  a: AttributeSpec,
  terms: readonly Term[],
  from: number,
  isKey: (t: Term | undefined) => boolean,
): number {
  let i = from;
  switch (a.arg) {
    case 'flag':
      break;
    case 'int':
      if (terms[i]?.kind === 'number') i++;
      break;
    case 'feet':
      if (terms[i]?.kind === 'dimension' || terms[i]?.kind === 'number') i++;
      break;
    case 'feet2':
      while (i < from + 2 && (terms[i]?.kind === 'dimension' || terms[i]?.kind === 'number')) i++;
      break;
    case 'ints':
      while (terms[i]?.kind === 'number') i++;
      break;
    case 'name':
    case 'enum':
      if (nameText(terms[i]) !== undefined && !isKey(terms[i])) i++;
      break;
    case 'names':
    case 'enums':
      while (
        i < terms.length &&
        (nameText(terms[i]) !== undefined || (a.copiesAsNames === true && terms[i].kind === 'copies')) &&
        !isKey(terms[i])
      )
        i++;
      break;
    case 'cards':
      while (i < terms.length && !isKey(terms[i])) {
        const c = terms[i],
          glued = terms[i + 1];
        // `1H`, `11C`: a number glued to a word is one malformed card, not two
        i += c.kind === 'number' && glued && glued.range.start.offset === c.range.end.offset ? 2 : 1;
      }
      break;
    case 'drop':
      if (nameText(terms[i]) !== undefined && !isKey(terms[i])) {
        i++;
        if (terms[i]?.kind === 'dimension') i++;
        if (isWord(terms[i], 'soft')) i++;
      }
      break;
  }
  return i - from;
}

/** Another system's word (the schema's `foreign` table) where `allowed` are this place's words: what to say. */
export function foreignHint(
  schema: SystemSchema,
  word: string,
  allowed: readonly string[],
): { message: string; to: string[] } | undefined {
  const fw = foreignWord(schema, word);
  if (!fw) return undefined;
  const to = fw.to && allowed.includes(fw.to) ? [fw.to] : [];
  return {
    message: `'${word}' is not ${withArticle(schema.foreign!.system)} word: ${fw.why} (${fw.rule}).${didYouMean(to)}`,
    to,
  };
}

/** One piece of a line of attributes: terms [at, end). */
export type AttributeSpan =
  /** `attr`'s key at `at`, its arguments after it. */
  | { kind: 'attribute'; at: number; end: number; attr: AttributeSpec }
  /** A bare number or word the block reads as `attr`'s argument (`spec.bareNumber`, `spec.bareWord`). */
  | { kind: 'bare'; at: number; end: number; attr: AttributeSpec }
  /** An unclosed string: already a syntax error, nothing more to say. */
  | { kind: 'unclosed'; at: number; end: number }
  /**
   * A word that is no attribute here, with what follows it that is read as its arguments: those of the one
   * attribute it is likely meant as (`meant`, from `suggestions`), then numbers, dice and names up to the next
   * key. `blockKind`: a block kind written without a body in an encounter (`zone a`); `foreign`: another system's
   * word.
   */
  | {
      kind: 'unknown';
      at: number;
      end: number;
      suggestions: string[];
      meant?: AttributeSpec;
      blockKind: boolean;
      foreign?: { message: string; to: string[] };
    };

/**
 * A line of a block's attributes split by the schema: each attribute's key and as many arguments as its kind takes,
 * so `heart 2 body 4` is two attributes; an unknown word and what it was likely meant to carry in one span.
 */
export function attributeSpans(terms: readonly Term[], spec: BlockSpec, schema: SystemSchema): AttributeSpan[] {
  const attrOf = (t: Term | undefined): AttributeSpec | undefined =>
    isWord(t) ? spec.attributes.find((a) => a.name === t.text) : undefined;
  const isKey = (t: Term | undefined): boolean => !!attrOf(t);
  const names = spec.attributes.map((x) => x.name);
  const out: AttributeSpan[] = [];
  let i = 0;
  while (i < terms.length) {
    const t = terms[i];
    if (t.kind === 'number' && spec.bareNumber) {
      out.push({ kind: 'bare', at: i, end: i + 1, attr: spec.attributes.find((x) => x.name === spec.bareNumber)! });
      i++;
      continue;
    }
    const a = attrOf(t);
    if (!a && isWord(t) && spec.bareWord?.pattern.test(t.text)) {
      out.push({ kind: 'bare', at: i, end: i + 1, attr: spec.attributes.find((x) => x.name === spec.bareWord!.attr)! });
      i++;
      continue;
    }
    if (!a && t.kind === 'string' && !t.closed) {
      out.push({ kind: 'unclosed', at: i, end: i + 1 });
      i++;
      continue;
    }
    if (a) {
      const end = i + 1 + argumentCount(a, terms, i + 1, isKey);
      out.push({ kind: 'attribute', at: i, end, attr: a });
      i = end;
      continue;
    }
    const word = termText(t);
    const blockKind = spec.kind === 'encounter' && isWord(t) && blockKinds(schema).includes(t.text);
    const foreign = isWord(t) && !blockKind ? foreignHint(schema, word, names) : undefined;
    const suggestions = foreign ? foreign.to : isWord(t) ? suggest(word, names) : [];
    const at = i;
    i++;
    // One mistake, one diagnostic: read the arguments of the attribute it was likely meant as (`hert d10`: d10 is
    // heart's die, not a second unknown attribute)
    const meant = suggestions.length === 1 ? spec.attributes.find((x) => x.name === suggestions[0]) : undefined;
    if (meant) i += argumentCount(meant, terms, i, isKey);
    // what is left of its arguments (`bonus 2` read as `die`; `wields Club` where no weapon exists): a number, a die,
    // a quoted or capitalised name; a lower-case word may be the next attribute, misspelt too
    while (
      i < terms.length &&
      !isKey(terms[i]) &&
      (terms[i].kind !== 'word' || (foreign !== undefined && !/^[a-z]/.test(termText(terms[i]))))
    )
      i++;
    out.push({
      kind: 'unknown',
      at,
      end: i,
      suggestions,
      blockKind,
      ...(meant ? { meant } : {}),
      ...(foreign ? { foreign } : {}),
    });
  }
  return out;
}

/**
 * Where the header of the block a statement opens starts: 0 when the statement starts with it (`zone a { … }`), or
 * the index of its kind after attributes of the enclosing block written on the same line (`seed 3 zone a { … }`
 * in an encounter: `seed` takes one number, so `zone` starts the header). undefined when the statement opens no
 * block, or no kind allowed in `parent` follows a run of its known attributes: text only a split makes clear.
 */
export function headerStart(st: Statement, parent: string, schema: SystemSchema): number | undefined {
  if (!st.block || !st.terms.length) return undefined;
  const isKind = (t: Term | undefined): boolean =>
    isWord(t) && Object.hasOwn(schema.blocks, t.text) && schema.blocks[t.text].parents.includes(parent);
  if (isKind(st.terms[0])) return 0;
  const spec = parent === 'file' ? undefined : schema.blocks[parent];
  if (!spec || spec.placements) return undefined;
  // a block without a name (`hp 20 tactics { … }`): its kind is the line's last word, whatever the attributes say
  // of it (`tactics` is also an attribute: the preset's word)
  const last = st.terms.length - 1;
  if (last > 0 && isKind(st.terms[last]) && schema.blocks[(st.terms[last] as { text: string }).text].unnamed)
    return last;
  for (const s of attributeSpans(st.terms, spec, schema)) {
    if (s.kind !== 'attribute' && s.kind !== 'bare') {
      // an unknown word of the line that is a kind allowed here ends the run: `seed 3 zone a {` read with `zone`
      // as the unknown word's argument would hide it
      return s.kind === 'unknown' && s.at > 0 && isKind(st.terms[s.at]) ? s.at : undefined;
    }
  }
  return undefined;
}
