// Syntax helpers shared by the features: which statement and term a position
// falls in, which block kind a statement opens, and what each term of a line
// means by the schema: model/split.ts's split, the one the reader reads by
// (attributes, their arguments, the header of a block after attributes on one line).

import type { Block, SourceFile, Statement, Term } from '../../grammar/ast.js';
import type { AttributeSpec, BlockSpec, SystemSchema } from '../../model/schema.js';
import { argumentCount, attributeSpans, headerStart, isWord, nameText, startsPlacement } from '../../model/split.js';
import { keywordAsName } from '../../model/read.js';
import { ruleTermKinds, type RuleTermKind } from '../../model/priority.js';

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
  | { role: 'rule'; part: RuleTermKind } // a word of a GM priority rule in a `tactics { … }` block (issue 33)
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

export const isWordTerm = isWord;
export { nameText };

/**
 * The block kind a statement opens in `parent` (or undefined): its first term's, or, with a block, the kind after
 * attributes written before it on the line (`seed 3 zone a { … }`, model/split.ts headerStart).
 */
export function blockKindOf(st: Statement, parent: BlockKind | 'file', schema: SystemSchema): BlockKind | undefined {
  if (rulesAfterPlacement(st, parent, schema)) return 'tactics';
  const head = st.terms[(st.block && headerStart(st, parent, schema)) || 0];
  if (!isWordTerm(head)) return undefined;
  const k = head.text;
  const spec = Object.hasOwn(schema.blocks, k) ? schema.blocks[k] : undefined;
  if (!spec) return undefined;
  if (!spec.parents.includes(parent)) return undefined;
  return k;
}

/** `Goblin x3 at gate tactics { … }` in a side: those copies' GM rules (model/read.ts reads it so). */
function rulesAfterPlacement(st: Statement, parent: BlockKind | 'file', schema: SystemSchema): boolean {
  const last = st.terms[st.terms.length - 1];
  return (
    !!st.block &&
    st.terms.length > 1 &&
    isWordTerm(last, 'tactics') &&
    parent !== 'file' &&
    !!schema.blocks[parent]?.placements &&
    !!schema.blocks.tactics?.rules &&
    schema.blocks.tactics.parents.includes(parent)
  );
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
  if (context !== 'file' && schema.blocks[context]?.rules && schema.tactics) {
    ruleTermKinds(terms, schema.tactics).forEach((part, i) => (roles[i] = { role: 'rule', part }));
    return roles;
  }
  if (rulesAfterPlacement(st, context, schema)) {
    classifyPlacement({ ...st, terms: terms.slice(0, -1) }, roles, schema.blocks[context].placements!);
    roles[terms.length - 1] = { role: 'kind', kind: 'tactics' };
    return roles;
  }
  const opened = blockKindOf(st, context, schema);
  if (opened && (st.block || context === 'file' || terms.length <= 2)) {
    // attributes of `context` before the header on the same line (`seed 3 zone a { … }`), then the header
    const h = (st.block && headerStart(st, context, schema)) || 0;
    if (h > 0) classifyAttributes(terms.slice(0, h), schema.blocks[context], roles, schema);
    roles[h] = { role: 'kind', kind: opened };
    if (terms[h + 1] && nameText(terms[h + 1]) !== undefined) roles[h + 1] = { role: 'def', kind: opened };
    if (schema.blocks[opened].extendable && isWordTerm(terms[h + 2], 'extends')) {
      roles[h + 2] = { role: 'extends' };
      if (nameText(terms[h + 3]) !== undefined) roles[h + 3] = { role: 'base' };
    }
    return roles;
  }
  if (context === 'file') return roles;
  const spec = schema.blocks[context];
  if (!spec) return roles;
  if (spec.placements) return classifyPlacement(st, roles, spec.placements);
  classifyAttributes(terms, spec, roles, schema);
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
      if ((key.arg === 'name' || key.arg === 'names') && keywordAsName(terms, i + 1, keyOf)) {
        roles[i + 1] = { role: 'placement-arg', key, index: 0 }; // `at deck`: a zone called deck (model/read.ts)
        i++;
        continue;
      }
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

/** The roles of a line of attributes: model/split.ts's spans (the reader's split), as roles. */
function classifyAttributes(terms: Term[], spec: BlockSpec, roles: TermRole[], schema: SystemSchema): void {
  for (const s of attributeSpans(terms, spec, schema)) {
    if (s.kind === 'bare') roles[s.at] = { role: 'arg', attr: s.attr, index: 0 };
    else if (s.kind === 'attribute') {
      roles[s.at] = { role: 'key', attr: s.attr };
      for (let k = s.at + 1; k < s.end; k++) roles[k] = { role: 'arg', attr: s.attr, index: k - s.at - 1 };
    }
  }
}

/** The kind of block an attribute argument names, if any (the schema's `ref`; a drop's height is not a name). */
export function refKindOf(attr: AttributeSpec, index = 0): string | undefined {
  if (attr.arg === 'drop' && index > 0) return undefined;
  return attr.ref;
}
