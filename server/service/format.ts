// The formatter: one canonical layout, computed from the syntax tree and the
// comments alone, so formatting twice changes nothing and never changes what
// the file means (the tree is the same, only spacing moves; the property test
// checks parse(format(x)) ≡ parse(x)).
//
// Layout:
// - one statement per line, indented by depth; `;`-joined statements split;
// - a block is `head {` … `}` over several lines, except a block written on
//   one line in the source with no comment or nested block inside, which
//   stays on one line as `head { a; b }`; an empty block is `head { }`;
// - terms are separated by one space, by two before an attribute that
//   follows a key–value attribute (`heart 2  body 4`, `cost 2  stat spirit`),
//   and commas written in the source are kept as `, `;
// - terms are copied verbatim (`10C` stays `10C`, `+2` stays `+2`);
// - at most one blank line is kept between statements, none after `{` or
//   before `}`; trailing comments in consecutive lines are aligned; the file
//   ends with one newline;
// - consecutive lines of one kind at one depth align their second column:
//   placements at their first key (`Aldric          at 10ft 5ft`), one-line
//   blocks of one kind at their `{` (`zone road  { … }` over `zone ridge { … }`).
// Files with syntax errors are left alone.

import type { TextEdit } from 'vscode-languageserver-types';
import { parse, type Comment } from '../../grammar/index.js';
import type { Statement, Term } from '../../grammar/ast.js';
import { declaredSystem } from '../../model/read.js';
import type { SystemSchema } from '../../model/schema.js';
import { REGISTRY } from '../../systems/index.js';

type BlockKind = string;
import type { WorkspaceState } from './analysis.js';
import { blockKindOf, classify } from './syntax.js';

export interface FormatOptions {
  tabSize?: number;
  insertSpaces?: boolean;
  /** One-line blocks longer than this go over several lines (default 100). */
  maxLineLength?: number;
}

interface Line {
  depth: number;
  code: string;
  comment?: string;
  blank?: boolean;
  /**
   * Where the line's second column starts in `code` (a placement's first key, a one-line block's `{`), and which
   * kind of line it is: consecutive lines of one kind at one depth have that column aligned.
   */
  align?: { kind: string; at: number };
}

/** The formatted text, or undefined when the text has syntax errors. */
export function formatText(text: string, options: FormatOptions = {}): string | undefined {
  const p = parse(text);
  if (p.errors.length) return undefined;
  // the file's own schema splits its lines (a `system` line picks it; an unknown one is left alone)
  const declared = declaredSystem(p.file);
  const system = declared ? REGISTRY.byId(declared.text) : REGISTRY.fallback;
  if (!system) return undefined;
  const schema = system.schema;
  const unit = options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
  const maxLen = options.maxLineLength ?? 100;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const comments = p.comments;
  const cursor = new CommentCursor(comments);
  const { used, firstAtOrAfter } = cursor;
  const firstCommentIn = (from: number, to: number) => cursor.firstIn(from, to);
  const commentsIn = (from: number, to: number) => cursor.allIn(from, to);
  const use = (i: number) => cursor.use(i);
  const joinTerms = (
    terms: Term[],
    context: BlockKind | 'file' | undefined,
    st: Statement,
    starts?: number[],
    rolesOut?: ReturnType<typeof classify>,
  ): string => joinTermsOf(text, schema, terms, context, st, starts, rolesOut);
  const lines: Line[] = [];

  const blankBetween = (a: number, b: number): boolean => {
    let n = 0;
    for (let i = a; i < b; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
        if (++n >= 2) return true;
      }
    }
    return false;
  };

  const canOneLine = (
    st: Statement,
    header: string,
    depth: number,
    context: BlockKind | undefined,
  ): string | undefined => {
    const b = st.block!;
    if (!b.statements.length && !commentsIn(b.range.start.offset, b.range.end.offset).length) return `${header} { }`;
    if (b.range.start.line !== b.range.end.line) return undefined;
    if (b.statements.some((s) => s.block)) return undefined;
    if (commentsIn(b.range.start.offset, b.range.end.offset).length) return undefined;
    const inner = b.statements.map((s) => joinTerms(s.terms, context, s)).join('; ');
    const line = `${header} { ${inner} }`;
    if (unit.length * depth + line.length > maxLen) return undefined;
    return line;
  };

  const emitStatement = (
    st: Statement,
    depth: number,
    context: BlockKind | 'file' | undefined,
    nextStart: number,
  ): [number, number] => {
    const terms = st.terms;
    const first = terms[0];
    const last = terms[terms.length - 1];
    // Comments between the statement's own terms (a list continued after a comma) go above it.
    if (first && last) {
      for (const i of commentsIn(first.range.start.offset, last.range.end.offset)) {
        use(i);
        lines.push({ depth, code: '', comment: comments[i].text });
      }
    }
    const starts: number[] = [];
    const roles: ReturnType<typeof classify> = [];
    const header = joinTerms(terms, context, st, starts, roles);
    const trailing = (afterOffset: number, line: number): string | undefined => {
      const c = commentsIn(afterOffset, nextStart).find((i) => comments[i].range.start.line === line);
      if (c === undefined) return undefined;
      use(c);
      return comments[c].text;
    };
    if (!st.block) {
      const endOff = last ? last.range.end.offset : st.range.end.offset;
      const endLine = last ? last.range.end.line : st.range.end.line;
      // a placement (`Aldric at 10ft 5ft`): its first key is the column its neighbours align
      const key = roles.findIndex((r) => r.role === 'placement-key');
      lines.push({
        depth,
        code: header,
        comment: trailing(endOff, endLine),
        ...(key > 0 ? { align: { kind: 'placement', at: starts[key] } } : {}),
      });
      return [endOff, endLine];
    }
    const b = st.block;
    const kind = context ? blockKindOf(st, context, schema) : undefined;
    const one = canOneLine(st, header, depth, kind);
    if (one !== undefined) {
      // a one-line block (`zone road { adjacent ridge }`): its `{` is the column its neighbours of its kind align
      const align = header && kind ? { kind: `block ${kind}`, at: header.length + 1 } : undefined;
      lines.push({
        depth,
        code: one,
        comment: trailing(b.range.end.offset, b.range.end.line),
        ...(align ? { align } : {}),
      });
      return [b.range.end.offset, b.range.end.line];
    }
    const open: Line = { depth, code: header ? `${header} {` : '{' };
    lines.push(open);
    const innerStart = b.statements[0]?.range.start.offset ?? b.range.end.offset;
    const hc = commentsIn(b.range.start.offset, innerStart).find(
      (i) => comments[i].range.start.line === b.range.start.line,
    );
    if (hc !== undefined) {
      use(hc);
      open.comment = comments[hc].text;
    }
    const closeAt = b.closed ? b.range.end.offset - 1 : b.range.end.offset;
    emitLevel(b.statements, depth + 1, kind, b.range.start.offset + 1, closeAt);
    lines.push({ depth, code: '}', comment: trailing(b.range.end.offset, b.range.end.line) });
    return [b.range.end.offset, b.range.end.line];
  };

  const emitLevel = (
    sts: Statement[],
    depth: number,
    context: BlockKind | 'file' | undefined,
    from: number,
    to: number,
  ): void => {
    let prevEnd = -1;
    let si = 0;
    for (;;) {
      const st = sts[si];
      const stStart = st ? st.range.start.offset : to;
      const cIdx = firstCommentIn(from, Math.min(stStart, to));
      if (cIdx !== undefined) {
        const c: Comment = comments[cIdx];
        use(cIdx);
        if (prevEnd >= 0 && blankBetween(prevEnd, c.range.start.offset)) lines.push({ depth, code: '', blank: true });
        lines.push({ depth, code: '', comment: c.text });
        prevEnd = c.range.end.offset;
        continue;
      }
      if (!st) break;
      if (prevEnd >= 0 && blankBetween(prevEnd, st.range.start.offset)) lines.push({ depth, code: '', blank: true });
      const next = sts[si + 1]?.range.start.offset ?? to;
      const [end, endLine] = emitStatement(st, depth, context, next);
      prevEnd = end;
      // A trailing comment on the statement's last line was consumed with it.
      const c = firstAtOrAfter(end);
      if (c < comments.length && used[c] && comments[c].range.start.line === endLine)
        prevEnd = Math.max(prevEnd, comments[c].range.end.offset);
      si++;
    }
  };

  emitLevel(p.file.statements, 0, 'file', 0, text.length + 1);
  alignSecondColumns(lines);
  return render(lines, unit, eol);
}

/**
 * The comments not yet written, in source order. The first comment at or after each index not yet used is followed
 * and shortened as comments are used (a union-find without ranks): a scan skips a run of used comments at once.
 * Scanning them one by one from the start of each level for every statement and comment made 20,000 comment lines
 * (80 KB) take 3.5 s to format (quadratic).
 */
class CommentCursor {
  readonly used: boolean[];
  private readonly nextFree: number[];
  constructor(private readonly comments: readonly Comment[]) {
    this.used = new Array<boolean>(comments.length).fill(false);
    this.nextFree = Array.from({ length: comments.length + 1 }, (_, i) => i);
  }
  private free(i: number): number {
    const nextFree = this.nextFree;
    let r = i;
    while (nextFree[r] !== r) r = nextFree[r];
    while (i !== r) {
      const next = nextFree[i];
      nextFree[i] = r;
      i = next;
    }
    return r;
  }
  use(i: number): void {
    this.used[i] = true;
    this.nextFree[i] = i + 1;
  }
  /** The index of the first comment starting at or after `offset` (comments.length when none does). */
  readonly firstAtOrAfter = (offset: number): number => {
    const comments = this.comments;
    let lo = 0;
    let hi = comments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (comments[mid].range.start.offset < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The first comment not yet used that starts in [from, to). */
  firstIn(from: number, to: number): number | undefined {
    const i = this.free(this.firstAtOrAfter(from));
    return i < this.comments.length && this.comments[i].range.start.offset < to ? i : undefined;
  }
  /** The comments not yet used that start in [from, to). */
  allIn(from: number, to: number): number[] {
    const comments = this.comments;
    const out: number[] = [];
    for (
      let i = this.free(this.firstAtOrAfter(from));
      i < comments.length && comments[i].range.start.offset < to;
      i = this.free(i + 1)
    )
      out.push(i);
    return out;
  }
}

/** The terms joined; `roles` (when given) receives each term's role, `starts` where each begins in the result. */
function joinTermsOf(
  text: string,
  schema: SystemSchema,
  terms: Term[],
  context: BlockKind | 'file' | undefined,
  st: Statement,
  starts?: number[],
  rolesOut?: ReturnType<typeof classify>,
): string {
  if (!terms.length) return '';
  const roles = context ? classify(st, context, schema) : undefined;
  // one push per role, not push(...roles): a spread of a statement's 250,000 terms (a 1 MB line) overflowed the stack
  if (roles && rolesOut) for (const r of roles) rolesOut.push(r);
  starts?.push(0);
  let out = text.slice(terms[0].range.start.offset, terms[0].range.end.offset);
  // Whether the attribute being written started with a key, and how many arguments it has had.
  let keyed = roles?.[0]?.role === 'key';
  let args = 0;
  for (let i = 1; i < terms.length; i++) {
    const prev = terms[i - 1];
    const t = terms[i];
    const between = text.slice(prev.range.end.offset, t.range.start.offset);
    const r = roles?.[i];
    let sep = ' ';
    if (t.kind === 'punct')
      sep = ''; // `when self broken: recover` (a GM rule's colon, issue 33)
    else if (between.includes(',')) sep = ', ';
    else if (r?.role === 'key' && keyed && args > 0) sep = '  ';
    if (r?.role === 'key') {
      keyed = true;
      args = 0;
    } else if (r?.role === 'arg' && keyed) args++;
    else {
      keyed = false;
      args = 0;
    }
    out += sep;
    starts?.push(out.length);
    out += text.slice(t.range.start.offset, t.range.end.offset);
  }
  return out;
}

/**
 * Aligns the second column of consecutive lines of one kind at one depth (placements' first keys, one-line blocks'
 * braces), as the samples are written: `Aldric          at 10ft 5ft` under `"Brother Tomas" at 5ft 5ft`.
 */
function alignSecondColumns(lines: Line[]): void {
  for (let i = 0; i < lines.length;) {
    const a = lines[i].align;
    let j = i + 1;
    while (a && j < lines.length && lines[j].align?.kind === a.kind && lines[j].depth === lines[i].depth) j++;
    if (a && j - i > 1) {
      // by reduce, not Math.max(...): a spread of 200,000 lines (aligned placements, commented lines) overflowed the stack
      const col = lines.slice(i, j).reduce((m, l) => Math.max(m, l.code.slice(0, l.align!.at).trimEnd().length), 0) + 1;
      for (let k = i; k < j; k++) {
        const l = lines[k];
        l.code = l.code.slice(0, l.align!.at).trimEnd().padEnd(col) + l.code.slice(l.align!.at);
      }
    }
    i = j;
  }
}

/** The lines as text: indented, trailing comments of consecutive code lines aligned, one end of line after each. */
function render(lines: Line[], unit: string, eol: string): string {
  const width = (l: Line): number => unit.length * l.depth + l.code.length;
  const pad: number[] = lines.map(() => 0);
  for (let i = 0; i < lines.length;) {
    if (!lines[i].comment || !lines[i].code) {
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j].comment && lines[j].code) j++;
    const col = lines.slice(i, j).reduce((m, l) => Math.max(m, width(l)), 0) + 2;
    for (let k = i; k < j; k++) pad[k] = col - width(lines[k]);
    i = j;
  }
  const out = lines.map((l, i) => {
    if (l.blank) return '';
    const ind = unit.repeat(l.depth);
    if (!l.code) return ind + (l.comment ?? '').trimEnd();
    return ind + l.code + (l.comment ? ' '.repeat(pad[i]) + l.comment.trimEnd() : '');
  });
  return out.length ? out.join(eol) + eol : '';
}

/** Formatting edits for a document: one edit replacing the whole text, or none. */
export function format(ws: WorkspaceState, uri: string, options: FormatOptions = {}): TextEdit[] {
  const e = ws.entry(uri);
  const text = e?.file.text;
  if (text === undefined || !e) return [];
  const formatted = formatText(text, options);
  if (formatted === undefined || formatted === text) return [];
  const end = e.lines.positionAt(text.length);
  return [{ range: { start: { line: 0, character: 0 }, end }, newText: formatted }];
}
