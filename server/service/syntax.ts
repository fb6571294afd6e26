// Syntax helpers shared by the features: which statement and term a position
// falls in, which block kind a statement opens, and what each term of a line
// means by the schema (the same split as model/read.ts, kept in step with it).

import type { Block, SourceFile, Statement, Term } from '../../grammar/ast.js';
import type { AttributeSpec, BlockSpec, SystemSchema } from '../../model/schema.js';

/** A block kind of the file's schema. */
type BlockKind = string;

export type TermRole =
  | { role: 'kind'; kind: BlockKind } // `weapon` in `weapon Longsword { … }`
  | { role: 'def'; kind: BlockKind } // the name after the kind
  | { role: 'extends' } // `extends` in `character "Elite Thug" extends Thug { … }`
  | { role: 'base' } // the name after `extends`
  | { role: 'use' } // the `use` keyword
  | { role: 'system' } // the `system` keyword
  | { role: 'system-id' } // `heart-rush` in `system heart-rush`
  | { role: 'path' } // the string after `use`
  | { role: 'key'; attr: AttributeSpec } // an attribute key
  | { role: 'arg'; attr: AttributeSpec; index: number } // one of its arguments
  | { role: 'placement-name' } // `Kael` in `Kael x2 at floor`
  | { role: 'placement-key'; key: AttributeSpec } // `at` in `Kael at floor`
  | { role: 'placement-arg'; key: AttributeSpec; index: number } // `floor`
  | { role: 'copies' }
  | { role: 'unknown' };

/** One level of nesting: the statement and, when it opens a known block, its kind. */
export interface Frame {
  statement: Statement;
  kind?: BlockKind;
}

export interface Located {
  /** Enclosing block statements, outermost first (not including `statement`). */
  frames: Frame[];
  /** The statement whose terms contain the offset (or end just before it on the same line). */
  statement?: Statement;
  term?: Term;
  termIndex: number;
  /** The kind of the innermost enclosing block, or 'file'. */
  context: BlockKind | 'file';
}

export function isWordTerm(t: Term | undefined, text?: string): t is Extract<Term, { kind: 'word' }> {
  return !!t && t.kind === 'word' && (text === undefined || t.text === text);
}

export function nameText(t: Term | undefined): string | undefined {
  if (!t) return undefined;
  if (t.kind === 'word') return t.text;
  if (t.kind === 'string') return t.value;
  return undefined;
}

/** The block kind a statement opens in `parent` (or undefined). */
export function blockKindOf(st: Statement, parent: BlockKind | 'file', schema: SystemSchema): BlockKind | undefined {
  const head = st.terms[0];
  if (!isWordTerm(head)) return undefined;
  const k = head.text;
  const spec = Object.hasOwn(schema.blocks, k) ? schema.blocks[k] : undefined;
  if (!spec) return undefined;
  if (!spec.parents.includes(parent)) return undefined;
  return k;
}

/** Where an offset falls in the tree. */
export function locate(file: SourceFile, offset: number, schema: SystemSchema, line?: number): Located {
  const frames: Frame[] = [];
  let context: BlockKind | 'file' = 'file';
  let statements = file.statements;
  for (;;) {
    let descended = false;
    for (const st of statements) {
      if (st.range.start.offset > offset) break;
      const b: Block | undefined = st.block;
      if (
        b &&
        b.range.start.offset < offset &&
        (offset < b.range.end.offset || (!b.closed && offset <= b.range.end.offset))
      ) {
        const kind = blockKindOf(st, context, schema);
        frames.push({ statement: st, kind });
        context = kind ?? context;
        statements = b.statements;
        descended = true;
        break;
      }
    }
    if (!descended) break;
  }
  // The statement on this level whose terms span the offset (a term's end counts: the cursor is often right after it).
  let statement: Statement | undefined;
  let term: Term | undefined;
  let termIndex = -1;
  for (const st of statements) {
    const first = st.terms[0];
    const last = st.terms[st.terms.length - 1];
    if (!first || !last) continue;
    if (first.range.start.offset <= offset && offset <= last.range.end.offset) {
      statement = st;
      break;
    }
  }
  // Typing after the last term of a line (`wields |`): that line's statement continues.
  if (!statement && line !== undefined) {
    for (const st of statements) {
      const last = st.terms[st.terms.length - 1];
      if (
        last &&
        last.range.end.line === line &&
        last.range.end.offset <= offset &&
        !(st.block && st.block.range.start.offset < offset)
      )
        statement = st;
    }
  }
  if (statement) {
    statement.terms.forEach((t, i) => {
      if (t.range.start.offset <= offset && offset <= t.range.end.offset) {
        term = t;
        termIndex = i;
      }
    });
  }
  return { frames, statement, term, termIndex, context };
}

/** The role of every term of a statement that lives in a block of `context`. */
export function classify(st: Statement, context: BlockKind | 'file', schema: SystemSchema): TermRole[] {
  const terms = st.terms;
  const roles: TermRole[] = terms.map(() => ({ role: 'unknown' }));
  if (!terms.length) return roles;
  if (context === 'file' && !st.block && isWordTerm(terms[0], 'system')) {
    roles[0] = { role: 'system' };
    if (terms[1]) roles[1] = { role: 'system-id' };
    return roles;
  }
  if (context === 'file' && !st.block && isWordTerm(terms[0], 'use')) {
    roles[0] = { role: 'use' };
    if (terms[1]) roles[1] = { role: 'path' };
    return roles;
  }
  const opened = blockKindOf(st, context, schema);
  if (opened && (st.block || context === 'file' || terms.length <= 2)) {
    roles[0] = { role: 'kind', kind: opened };
    if (terms[1] && nameText(terms[1]) !== undefined) roles[1] = { role: 'def', kind: opened };
    if (schema.blocks[opened].extendable && isWordTerm(terms[2], 'extends')) {
      roles[2] = { role: 'extends' };
      if (nameText(terms[3]) !== undefined) roles[3] = { role: 'base' };
    }
    return roles;
  }
  if (context === 'file') return roles;
  const spec = schema.blocks[context];
  if (!spec) return roles;
  if (spec.placements) return classifyPlacement(st, roles, spec.placements);
  classifyAttributes(terms, spec, roles);
  return roles;
}

function classifyPlacement(st: Statement, roles: TermRole[], keys: readonly AttributeSpec[]): TermRole[] {
  const terms = st.terms;
  const keyOf = (t: Term | undefined): AttributeSpec | undefined =>
    isWordTerm(t) ? keys.find((k) => k.name === t.text) : undefined;
  if (nameText(terms[0]) !== undefined) roles[0] = { role: 'placement-name' };
  for (let i = 1; i < terms.length; i++) {
    const t = terms[i];
    const key = keyOf(t);
    if (t.kind === 'copies') roles[i] = { role: 'copies' };
    else if (key) {
      roles[i] = { role: 'placement-key', key };
      // the key's arguments, by its kind (as model/read.ts reads them)
      const sub: TermRole[] = [];
      const n = argumentCount(
        key,
        terms,
        i + 1,
        (x) => !!keyOf(x) || ((key.arg === 'names' || key.arg === 'enums') && !!x && startsPlacement(x)),
      );
      for (let k = 0; k < n; k++) sub.push({ role: 'placement-arg', key, index: k });
      sub.forEach((r, k) => (roles[i + 1 + k] = r));
      i += n;
    } else if (startsPlacement(t)) roles[i] = { role: 'placement-name' };
  }
  return roles;
}

/** A quoted name or a capitalised word: where a placement key would come, it starts the next placement. */
function startsPlacement(t: Term): boolean {
  return t.kind === 'string' || (t.kind === 'word' && /^[A-Z]/.test(t.text));
}

/**
 * How many of `terms` from `from` on are arguments of `a` (the split of model/read.ts). Read in place: a copy of the
 * rest of the statement for each key made a line of 12,500 attributes (100,000 characters) take 3 s to complete on
 * and 1.5 s to format (quadratic).
 */
function argumentCount(a: AttributeSpec, terms: Term[], from: number, isKey: (t: Term | undefined) => boolean): number {
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
      while (i < terms.length && nameText(terms[i]) !== undefined && !isKey(terms[i])) i++;
      break;
    case 'cards':
      while (i < terms.length && !isKey(terms[i])) i++;
      break;
    case 'drop':
      if (nameText(terms[i]) !== undefined && !isKey(terms[i])) {
        i++;
        if (terms[i]?.kind === 'dimension') i++;
        if (isWordTerm(terms[i], 'soft')) i++;
      }
      break;
  }
  return i - from;
}

function classifyAttributes(terms: Term[], spec: BlockSpec, roles: TermRole[]): void {
  const attrOf = (t: Term | undefined): AttributeSpec | undefined =>
    isWordTerm(t) ? spec.attributes.find((a) => a.name === t.text) : undefined;
  const isKey = (t: Term | undefined): boolean => !!attrOf(t);
  let i = 0;
  while (i < terms.length) {
    const t = terms[i];
    if (t.kind === 'number' && spec.bareNumber) {
      const a = spec.attributes.find((x) => x.name === spec.bareNumber)!;
      roles[i] = { role: 'arg', attr: a, index: 0 };
      i++;
      continue;
    }
    const a = attrOf(t);
    if (!a && isWordTerm(t) && spec.bareWord?.pattern.test(t.text)) {
      roles[i] = { role: 'arg', attr: spec.attributes.find((x) => x.name === spec.bareWord!.attr)!, index: 0 };
      i++;
      continue;
    }
    if (!a) {
      i++;
      while (i < terms.length && !isKey(terms[i]) && terms[i].kind !== 'word') i++;
      continue;
    }
    roles[i] = { role: 'key', attr: a };
    i++;
    const n = argumentCount(a, terms, i, isKey);
    for (let k = 0; k < n; k++) roles[i + k] = { role: 'arg', attr: a, index: k };
    i += n;
  }
}

/** The kind of block an attribute argument names, if any (the schema's `ref`; a drop's height is not a name). */
export function refKindOf(attr: AttributeSpec, index = 0): string | undefined {
  if (attr.arg === 'drop' && index > 0) return undefined;
  return attr.ref;
}
