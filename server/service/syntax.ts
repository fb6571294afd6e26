// Syntax helpers shared by the features: which statement and term a position
// falls in, which block kind a statement opens, and what each term of a line
// means by the schema (the same split as model/read.ts, kept in step with it).

import type { Block, SourceFile, Statement, Term } from '../../grammar/ast.js';
import type { AttributeSpec, BlockSpec } from '../../model/schema.js';
import { SCHEMA, type BlockKind } from '../../systems/halcyon-aces/schema.js';

export type TermRole =
  | { role: 'kind'; kind: BlockKind } // `weapon` in `weapon Longsword { … }`
  | { role: 'def'; kind: BlockKind } // the name after the kind
  | { role: 'extends' } // `extends` in `character "Elite Thug" extends Thug { … }`
  | { role: 'base' } // the name after `extends`
  | { role: 'use' } // the `use` keyword
  | { role: 'path' } // the string after `use`
  | { role: 'key'; attr: AttributeSpec } // an attribute key
  | { role: 'arg'; attr: AttributeSpec; index: number } // one of its arguments
  | { role: 'placement-name' } // `Kael` in `Kael x2 at floor`
  | { role: 'placement-key'; word: 'at' | 'deck' }
  | { role: 'placement-zone' }
  | { role: 'placement-deck' }
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
export function blockKindOf(st: Statement, parent: BlockKind | 'file'): BlockKind | undefined {
  const head = st.terms[0];
  if (!isWordTerm(head)) return undefined;
  const k = head.text as BlockKind;
  if (!(k in SCHEMA)) return undefined;
  const where = parent === 'file' ? 'file' : parent === 'encounter' ? 'encounter' : undefined;
  if (!where || !SCHEMA[k].parents.includes(where)) return undefined;
  return k;
}

/** Where an offset falls in the tree. */
export function locate(file: SourceFile, offset: number, line?: number): Located {
  const frames: Frame[] = [];
  let context: BlockKind | 'file' = 'file';
  let statements = file.statements;
  for (;;) {
    let descended = false;
    for (const st of statements) {
      if (st.range.start.offset > offset) break;
      const b: Block | undefined = st.block;
      if (b && b.range.start.offset < offset && (offset < b.range.end.offset || (!b.closed && offset <= b.range.end.offset))) {
        const kind = blockKindOf(st, context);
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
      if (last && last.range.end.line === line && last.range.end.offset <= offset && !(st.block && st.block.range.start.offset < offset)) statement = st;
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
export function classify(st: Statement, context: BlockKind | 'file'): TermRole[] {
  const terms = st.terms;
  const roles: TermRole[] = terms.map(() => ({ role: 'unknown' }));
  if (!terms.length) return roles;
  if (context === 'file' && !st.block && isWordTerm(terms[0], 'use')) {
    roles[0] = { role: 'use' };
    if (terms[1]) roles[1] = { role: 'path' };
    return roles;
  }
  const opened = blockKindOf(st, context);
  if (opened && (st.block || context === 'file' || terms.length <= 2)) {
    roles[0] = { role: 'kind', kind: opened };
    if (terms[1] && nameText(terms[1]) !== undefined) roles[1] = { role: 'def', kind: opened };
    if (opened === 'character' && isWordTerm(terms[2], 'extends')) {
      roles[2] = { role: 'extends' };
      if (nameText(terms[3]) !== undefined) roles[3] = { role: 'base' };
    }
    return roles;
  }
  if (context === 'file') return roles;
  const spec = SCHEMA[context];
  if (spec.placements) return classifyPlacement(st, roles);
  classifyAttributes(terms, spec, roles);
  return roles;
}

function classifyPlacement(st: Statement, roles: TermRole[]): TermRole[] {
  const terms = st.terms;
  if (nameText(terms[0]) !== undefined) roles[0] = { role: 'placement-name' };
  for (let i = 1; i < terms.length; i++) {
    const t = terms[i];
    if (t.kind === 'copies') roles[i] = { role: 'copies' };
    else if (isWordTerm(t, 'at') || isWordTerm(t, 'deck')) {
      roles[i] = { role: 'placement-key', word: t.text as 'at' | 'deck' };
      if (nameText(terms[i + 1]) !== undefined) {
        roles[i + 1] = t.text === 'at' ? { role: 'placement-zone' } : { role: 'placement-deck' };
        i++;
      }
    }
  }
  return roles;
}

function classifyAttributes(terms: Term[], spec: BlockSpec, roles: TermRole[]): void {
  const attrOf = (t: Term | undefined): AttributeSpec | undefined => (isWordTerm(t) ? spec.attributes.find((a) => a.name === t.text) : undefined);
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
    if (!a) {
      i++;
      while (i < terms.length && !isKey(terms[i]) && terms[i].kind !== 'word') i++;
      continue;
    }
    roles[i] = { role: 'key', attr: a };
    i++;
    let n = 0;
    const arg = (): void => {
      roles[i] = { role: 'arg', attr: a, index: n++ };
      i++;
    };
    switch (a.arg) {
      case 'flag':
        break;
      case 'int':
        if (terms[i]?.kind === 'number') arg();
        break;
      case 'feet':
        if (terms[i]?.kind === 'dimension' || terms[i]?.kind === 'number') arg();
        break;
      case 'name':
      case 'enum':
        if (nameText(terms[i]) !== undefined && !isKey(terms[i])) arg();
        break;
      case 'names':
      case 'enums':
        while (i < terms.length && nameText(terms[i]) !== undefined && !isKey(terms[i])) arg();
        break;
      case 'cards':
        while (i < terms.length && !isKey(terms[i])) arg();
        break;
      case 'drop':
        if (nameText(terms[i]) !== undefined && !isKey(terms[i])) {
          arg();
          if (terms[i]?.kind === 'dimension') arg();
          if (isWordTerm(terms[i], 'soft')) arg();
        }
        break;
    }
  }
}

/** The kind of a name an attribute argument refers to, if any. */
export function refKindOf(attr: AttributeSpec, blockKind: BlockKind): 'weapon' | 'technique' | 'deck' | 'zone' | undefined {
  if (blockKind === 'character') {
    if (attr.name === 'wields' || attr.name === 'offhand') return 'weapon';
    if (attr.name === 'techniques') return 'technique';
    if (attr.name === 'deck') return 'deck';
  }
  if (blockKind === 'zone' && (attr.name === 'adjacent' || attr.name === 'drop')) return 'zone';
  return undefined;
}
