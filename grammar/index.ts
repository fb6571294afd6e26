// parse(text) → typed syntax tree + every syntax error, never throwing.
// The visitor is defensive: nodes produced by error recovery may miss children.

import type { CstNode, IToken } from 'chevrotain';
import type {
  Block,
  ParseResult,
  Position,
  Range,
  SourceFile,
  Statement,
  SyntaxError,
  Term,
} from './ast.js';
import { acesLexer, Comment, LCurly, RCurly } from './lexer.js';
import { acesParser } from './parser.js';
import { parseCard } from '../engine/cards.js';

export * from './ast.js';

/** Deeper nesting than this is reported and its braces ignored, so hostile input cannot exhaust the stack. */
export const MAX_NESTING = 64;

export interface Comment {
  text: string;
  range: Range;
}

export interface ParseResultWithComments extends ParseResult {
  comments: Comment[];
}

/** Maps UTF-16 offsets to zero-based line/character positions. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo], offset: o };
  }
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }
  get lineCount(): number {
    return this.starts.length;
  }
}

export function parse(text: string): ParseResultWithComments {
  const lines = new LineIndex(text);
  const errors: SyntaxError[] = [];
  const tokRange = (t: IToken): Range => lines.range(t.startOffset, t.startOffset + t.image.length);

  const lexed = acesLexer.tokenize(text);
  for (const e of lexed.errors) {
    const bad = text.substr(e.offset, e.length);
    const shown = bad.length > 20 ? bad.slice(0, 20) + '…' : bad;
    errors.push({
      message: `Unexpected character${bad.length > 1 ? 's' : ''} '${shown}': not part of the .aces language. Remove ${bad.length > 1 ? 'them' : 'it'}, or put ${bad.length > 1 ? 'them' : 'it'} inside a "string" or after a # comment.`,
      range: lines.range(e.offset, e.offset + e.length),
    });
  }
  const comments: Comment[] = (lexed.groups.comments ?? [])
    .filter((t) => t.tokenType === Comment)
    .map((t) => ({ text: t.image, range: tokRange(t) }));

  const tokens = limitNesting(lexed.tokens, (t) =>
    errors.push({
      message: `Blocks are nested more than ${MAX_NESTING} deep here; the .aces language needs at most 3 levels. The extra braces are ignored.`,
      range: tokRange(t),
    }),
  );

  acesParser.input = tokens;
  const cst = acesParser.file();
  for (const e of acesParser.errors) {
    const t = e.token;
    const at = Number.isNaN(t.startOffset) ? text.length : t.startOffset;
    errors.push({
      message: `Unexpected ${t.image ? `'${t.image}'` : 'end of file'}: ${e.message}`,
      range: lines.range(at, at + (t.image?.length ?? 0)),
    });
  }

  const builder = new TreeBuilder(lines, errors);
  const file = builder.file(cst, text.length);
  errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  return { file, errors, comments };
}

/** Drops braces (and everything between them) nested deeper than MAX_NESTING, reporting once. */
function limitNesting(tokens: IToken[], report: (t: IToken) => void): IToken[] {
  let depth = 0;
  let max = 0;
  for (const t of tokens) {
    if (t.tokenType === LCurly) max = Math.max(max, ++depth);
    else if (t.tokenType === RCurly) depth--;
  }
  if (max <= MAX_NESTING) return tokens;
  const kept: IToken[] = [];
  depth = 0;
  let reported = false;
  for (const t of tokens) {
    if (t.tokenType === LCurly) {
      depth++;
      if (depth > MAX_NESTING) {
        if (!reported) report(t);
        reported = true;
        continue;
      }
    } else if (t.tokenType === RCurly) {
      depth--;
      if (depth >= MAX_NESTING) continue;
    } else if (depth > MAX_NESTING) continue;
    kept.push(t);
  }
  return kept;
}

type Children = Record<string, (CstNode | IToken)[] | undefined>;

function isToken(x: CstNode | IToken): x is IToken {
  return (x as IToken).image !== undefined;
}

/** CST → AST. Every accessor tolerates missing children (recovered nodes). */
class TreeBuilder {
  constructor(
    private readonly lines: LineIndex,
    private readonly errors: SyntaxError[],
  ) {}

  file(cst: CstNode | undefined, length: number): SourceFile {
    const statements: Statement[] = [];
    const ch = (cst?.children ?? {}) as Children;
    for (const t of (ch.stray ?? []) as IToken[]) {
      this.errors.push({
        message: "Unmatched '}': no block is open here. Delete it, or add the '{' it was meant to close.",
        range: this.tokenRange(t),
      });
    }
    for (const s of (ch.statement ?? []) as CstNode[]) {
      const st = this.statement(s);
      if (st) statements.push(st);
    }
    statements.sort((a, b) => a.range.start.offset - b.range.start.offset);
    return { kind: 'file', range: this.lines.range(0, length), statements };
  }

  private statement(cst: CstNode): Statement | undefined {
    const ch = cst.children as Children;
    const terms: Term[] = [];
    for (const t of (ch.term ?? []) as CstNode[]) {
      const term = this.term(t);
      if (term) terms.push(term);
    }
    const headless = (ch.headless ?? [])[0] as CstNode | undefined;
    const blockCst = ((ch.block ?? [])[0] as CstNode | undefined) ?? headless;
    const block = blockCst ? this.block(blockCst) : undefined;
    if (headless && block) {
      this.errors.push({
        message: "A block needs a header before '{', such as `zone floor {` or `character Kael {`. Add one, or remove the braces.",
        range: this.lines.range(block.range.start.offset, block.range.start.offset + 1),
      });
    }
    if (terms.length === 0 && !block) return undefined;
    const start = terms.length ? terms[0].range.start.offset : block!.range.start.offset;
    const end = block ? block.range.end.offset : terms[terms.length - 1].range.end.offset;
    return { kind: 'statement', range: this.lines.range(start, end), terms, block };
  }

  private block(cst: CstNode): Block | undefined {
    const ch = cst.children as Children;
    const open = (ch.LCurly ?? [])[0] as IToken | undefined;
    if (!open || Number.isNaN(open.startOffset)) return undefined;
    const close = (ch.RCurly ?? [])[0] as IToken | undefined;
    const statements: Statement[] = [];
    for (const s of (ch.statement ?? []) as CstNode[]) {
      const st = this.statement(s);
      if (st) statements.push(st);
    }
    statements.sort((a, b) => a.range.start.offset - b.range.start.offset);
    const closed = !!close && !Number.isNaN(close.startOffset);
    let end: number;
    if (closed) end = close!.startOffset + 1;
    else {
      end = statements.length ? statements[statements.length - 1].range.end.offset : open.startOffset + 1;
      this.errors.push({
        message: "This '{' is never closed. Add a '}' where the block ends.",
        range: this.tokenRange(open),
      });
    }
    return { kind: 'block', range: this.lines.range(open.startOffset, end), statements, closed };
  }

  private term(cst: CstNode): Term | undefined {
    const ch = cst.children as Children;
    const tok = Object.values(ch).flat().find((x): x is IToken => !!x && isToken(x));
    if (!tok || Number.isNaN(tok.startOffset)) return undefined;
    const range = this.tokenRange(tok);
    const text = tok.image;
    switch (tok.tokenType.name) {
      case 'Identifier':
        return { kind: 'word', text, range };
      case 'StringLiteral':
        return { kind: 'string', value: unescape(text.slice(1, -1)), closed: true, range };
      case 'UnterminatedString':
        this.errors.push({
          message: 'This string has no closing quote on its line. Add a " at its end.',
          range,
        });
        return { kind: 'string', value: unescape(text.slice(1)), closed: false, range };
      case 'NumberLiteral':
        return { kind: 'number', value: Number(text), signed: text[0] === '+' || text[0] === '-', text, range };
      case 'Dimension':
        return { kind: 'dimension', value: Number(text.slice(0, -2)), unit: 'ft', range };
      case 'Card': {
        const card = parseCard(text.replace('\uFE0F', '').replace(/[♡♧♢♤]/u, (s) => WHITE_TO_BLACK[s]));
        if (card === undefined) return undefined;
        return { kind: 'card', value: (card % 13) + 2, suit: (card / 13) | 0, text, range };
      }
      case 'Copies':
        return { kind: 'copies', count: Number(text.slice(1)), range };
      default:
        return undefined;
    }
  }

  private tokenRange(t: IToken): Range {
    return this.lines.range(t.startOffset, t.startOffset + t.image.length);
  }
}

const WHITE_TO_BLACK: Record<string, string> = { '♡': '♥', '♧': '♣', '♢': '♦', '♤': '♠' };

function unescape(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}
