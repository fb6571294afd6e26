// parse(text) → typed syntax tree + every syntax error, never throwing.
// Lexing, a nesting guard, then the parser's embedded actions build the tree.

import type { IToken } from 'chevrotain';
import type { ParseResult, Position, Range, SourceFile, SyntaxError } from './ast.js';
import { acesLexer, Comment, LCurly, RCurly } from './lexer.js';
import { acesParser, MAX_SYNTAX_ERRORS } from './parser.js';

export * from './ast.js';
import { hiddenCharacters } from '../common/hidden-characters.js';

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
  /** Offset where each line starts. */
  readonly starts: number[] = [0];
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
  /** Last line found: the tree is built mostly in document order, so the next lookup is usually on it. */
  private hint = 0;
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const h = this.hint;
    const starts = this.starts;
    if (starts[h] <= o && (h + 1 === starts.length || starts[h + 1] > o))
      return { line: h, character: o - starts[h], offset: o };
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    this.hint = lo;
    return { line: lo, character: o - starts[lo], offset: o };
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
  // At most MAX_SYNTAX_ERRORS are kept (lexer, parser actions and recovery alike); the rest are counted
  // and reported as one last error, so a file of a million mistakes costs neither seconds nor gigabytes.
  const errors: SyntaxError[] = [];
  let dropped = 0;
  errors.push = function (...items: SyntaxError[]): number {
    for (const it of items) {
      if (this.length < MAX_SYNTAX_ERRORS) Array.prototype.push.call(this, it);
      else dropped++;
    }
    return this.length;
  };
  const tokRange = (t: IToken): Range => lines.range(t.startOffset, t.startOffset + t.image.length);

  const lexed = acesLexer.tokenize(text);
  for (const e of lexed.errors) {
    const bad = text.substr(e.offset, e.length);
    const shown = bad.length > 20 ? bad.slice(0, 20) + '…' : bad;
    // an invisible or bidi character (`heart\u200b-rush` reads as "heart-rush"): name it, it cannot be seen
    const hidden = hiddenCharacters(bad);
    if (hidden.length) {
      errors.push({
        message: `An invisible character (${hidden.join(', ')}) is here: it cannot be seen but is part of the text, so the word around it is not what it reads as. Delete it (retype the word).`,
        range: lines.range(e.offset, e.offset + e.length),
      });
      continue;
    }
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

  acesParser.ctx = { range: (a, b) => lines.range(a, b), errors };
  acesParser.input = tokens;
  const statements = acesParser.file() ?? [];
  for (const e of acesParser.errors) {
    const t = e.token;
    const at = Number.isNaN(t.startOffset) ? text.length : t.startOffset;
    errors.push({
      message: `Unexpected ${t.image ? `'${t.image}'` : 'end of file'}: ${e.message}`,
      range: lines.range(at, at + (t.image?.length ?? 0)),
    });
  }
  errors.sort((a, b) => a.range.start.offset - b.range.start.offset);
  dropped += acesParser.droppedErrors;
  if (dropped > 0) {
    const last = errors[errors.length - 1];
    Array.prototype.push.call(errors, {
      message: `…and ${dropped} more syntax error${dropped === 1 ? '' : 's'} after this point, not listed. Fix the first ones: one missing brace or quote often causes the rest.`,
      range: last.range,
      more: dropped,
    });
  }
  const file: SourceFile = { kind: 'file', range: lines.range(0, text.length), statements };
  return { file, errors, comments };
}

/** Drops braces (and everything between them) nested deeper than MAX_NESTING, reporting once. */
function limitNesting(tokens: IToken[], report: (t: IToken) => void): IToken[] {
  let depth = 0;
  let max = 0;
  for (const t of tokens) {
    if (t.tokenType === LCurly) max = Math.max(max, ++depth);
    else if (t.tokenType === RCurly) {
      if (depth > 0) depth--;
    } // a stray } closes nothing
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
      if (depth > 0) depth--; // a stray } closes nothing: depth never goes negative
      if (depth >= MAX_NESTING) continue;
    } else if (depth > MAX_NESTING) continue;
    kept.push(t);
  }
  return kept;
}
