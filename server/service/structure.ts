// Folding ranges, selection ranges and semantic tokens: structure read from
// the syntax tree, meaning from the schema (syntax.ts classify).

import type {
  FoldingRange,
  Position as LspPosition,
  SelectionRange,
  SemanticTokens,
} from 'vscode-languageserver-types';
import type { Range, Statement, Term } from '../../grammar/ast.js';
import { isBuiltin, type SystemSchema } from '../../model/schema.js';
import type { WorkspaceState } from './analysis.js';
import { toRange } from './lsp.js';
import { blockKindOf, classify, refKindOf, locate, type TermRole } from './syntax.js';

export function foldingRanges(ws: WorkspaceState, uri: string): FoldingRange[] {
  const e = ws.entry(uri);
  if (!e?.file.parse) return [];
  const out: FoldingRange[] = [];
  const walk = (sts: Statement[]): void => {
    for (const st of sts) {
      if (!st.block) continue;
      const start = st.range.start.line;
      const end = st.block.range.end.line - (st.block.closed ? 1 : 0);
      if (end > start) out.push({ startLine: start, endLine: end });
      walk(st.block.statements);
    }
  };
  walk(e.file.parse.file.statements);
  // Runs of two or more whole-line comments.
  const lines = e.lines;
  let runStart = -1;
  let prev = -2;
  const flush = (): void => {
    if (runStart >= 0 && prev > runStart) out.push({ startLine: runStart, endLine: prev, kind: 'comment' });
  };
  for (const c of e.file.parse.comments) {
    const l = c.range.start.line;
    const whole = lines.lineText(l).trimStart().startsWith('#');
    if (!whole) continue;
    if (l !== prev + 1) {
      flush();
      runStart = l;
    }
    prev = l;
  }
  flush();
  out.sort((a, b) => a.startLine - b.startLine);
  return out;
}

export function selectionRanges(ws: WorkspaceState, uri: string, positions: LspPosition[]): SelectionRange[] {
  const e = ws.entry(uri);
  if (!e?.file.parse) return positions.map((p) => ({ range: { start: p, end: p } }));
  return positions.map((p) => {
    const offset = e.lines.offsetAt(p);
    const loc = locate(e.file.parse!.file, offset, e.system.schema);
    const chain: Range[] = [e.file.parse!.file.range];
    for (const f of loc.frames) {
      chain.push(f.statement.range);
      if (f.statement.block) chain.push(innerBlock(f.statement));
    }
    if (loc.statement) {
      const t = loc.statement.terms;
      chain.push(loc.statement.range);
      if (t.length) chain.push({ start: t[0].range.start, end: t[t.length - 1].range.end });
    }
    if (loc.term) chain.push(loc.term.range);
    let sel: SelectionRange | undefined;
    let last: Range | undefined;
    for (const r of chain) {
      if (last && r.start.offset === last.start.offset && r.end.offset === last.end.offset) continue;
      if (r.start.offset > offset || r.end.offset < offset) continue;
      sel = { range: toRange(r), parent: sel };
      last = r;
    }
    return sel ?? { range: { start: p, end: p } };
  });
}

function innerBlock(st: Statement): Range {
  const b = st.block!;
  return b.range;
}

// ---------------------------------------------------------------------------
// Semantic tokens

export const TOKEN_TYPES = [
  'keyword',
  'property',
  'enumMember',
  'class',
  'struct',
  'function',
  'variable',
  'namespace',
  'enum',
  'type',
  'number',
  'string',
] as const;
export const TOKEN_MODIFIERS = ['declaration', 'defaultLibrary'] as const;
export const SEMANTIC_LEGEND = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

type TokenType = (typeof TOKEN_TYPES)[number];
const T = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as Record<TokenType, number>;
const DECL = 1;
const LIB = 2;

/** The token type of a block kind's names: the schema's `token`, else a class. */
function kindToken(schema: SystemSchema, kind: string): number {
  const t = schema.blocks[kind]?.token;
  return t && (TOKEN_TYPES as readonly string[]).includes(t) ? T[t as TokenType] : T.class;
}

function tokenOf(term: Term, role: TermRole, context: string, schema: SystemSchema): [number, number] | undefined {
  switch (role.role) {
    case 'kind':
    case 'use':
    case 'system':
    case 'placement-key':
    case 'extends':
      return [T.keyword, 0];
    case 'base':
      return [T.class, 0];
    case 'def':
      return [kindToken(schema, role.kind), DECL];
    case 'path':
      return [T.string, 0];
    case 'system-id':
      return [T.namespace, 0];
    case 'key':
      return [role.attr.arg === 'flag' ? T.enumMember : T.property, 0];
    case 'arg': {
      if (context === 'file') return undefined;
      const ref = refKindOf(role.attr, role.index);
      if (ref) {
        // a built-in name (Unarmed) is a library symbol: the schema lists it, no file declares it
        const builtin = term.kind === 'word' && isBuiltin(schema, ref, term.text);
        return [kindToken(schema, ref), builtin ? LIB : 0];
      }
      if (term.kind === 'number' || term.kind === 'dimension' || term.kind === 'card') return [T.number, 0];
      if (role.attr.values || term.kind === 'word') return [T.enumMember, 0];
      return undefined;
    }
    case 'placement-name':
      return [T.class, 0];
    case 'placement-arg': {
      const ref = refKindOf(role.key, role.index);
      if (ref) return [kindToken(schema, ref), 0];
      if (term.kind === 'number' || term.kind === 'dimension') return [T.number, 0];
      return [T.enumMember, 0];
    }
    case 'copies':
      return [T.number, 0];
    case 'rule':
      // a GM priority rule (issue 33): the grammar's words as keywords, the vocabulary's by what they are
      switch (role.part) {
        case 'keyword':
          return [T.keyword, 0];
        case 'action':
          return [T.function, 0];
        case 'measure':
          return [T.property, 0];
        case 'state':
        case 'place':
        case 'preset':
          return [T.enumMember, 0];
        case 'number':
          return [T.number, 0];
        case 'name':
          return [T.class, 0];
        default:
          return undefined;
      }
    default:
      return undefined;
  }
}

export function semanticTokens(ws: WorkspaceState, uri: string): SemanticTokens {
  const e = ws.entry(uri);
  if (!e?.file.parse) return { data: [] };
  const data: number[] = [];
  let line = 0;
  let char = 0;
  const emit = (r: Range, type: number, mods: number): void => {
    if (r.start.line !== r.end.line) return;
    const dl = r.start.line - line;
    const dc = dl === 0 ? r.start.character - char : r.start.character;
    data.push(dl, dc, r.end.character - r.start.character, type, mods);
    line = r.start.line;
    char = r.start.character;
  };
  const schema = e.system.schema;
  const walk = (sts: Statement[], context: string): void => {
    for (const st of sts) {
      const roles = classify(st, context, schema);
      st.terms.forEach((t, i) => {
        const tok = tokenOf(t, roles[i], context, schema);
        if (tok) emit(t.range, tok[0], tok[1]);
      });
      if (st.block) {
        const kind = blockKindOf(st, context, schema);
        if (kind) walk(st.block.statements, kind);
      }
    }
  };
  walk(e.file.parse.file.statements, 'file');
  return { data };
}
