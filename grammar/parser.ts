// The Chevrotain parser: one instance, reused, error recovery on. The grammar
// is generic — statements of terms with optional blocks — so almost every
// input parses; what it cannot make sense of it reports and skips.
//
//   file      := (separator | stray '}' | statement)*
//   statement := term+ block? | block            (a headless block is reported)
//   block     := '{' (separator | statement)* '}'?   (a missing '}' is reported)
//   term      := word | string | number | percent | dimension | card | copies | ':'
//                (commas between terms are allowed, and a comma may end a line)
//
// It builds the typed tree directly with embedded actions (no CST), which
// halves parse time and garbage. Actions are defensive: after error recovery
// a sub-rule may return undefined, and tokens inserted by recovery have no
// position (NaN offsets); both are skipped.

import type { IRecognitionException, IToken } from 'chevrotain';
import { EmbeddedActionsParser } from './chevrotain.js';
import type { Block, Range, Statement, SyntaxError, Term } from './ast.js';
import {
  allTokens,
  Card,
  Colon,
  Comma,
  Copies,
  Dimension,
  Identifier,
  LCurly,
  Newline,
  NumberLiteral,
  Percent,
  RCurly,
  Semicolon,
  StringLiteral,
  UnterminatedString,
} from './lexer.js';
import { decodeCardLiteral } from './card-literal.js';

/** What the actions need from the outside: positions and a place for errors. */
export interface ParseContext {
  range(start: number, end: number): Range;
  errors: SyntaxError[];
}

function unescape(s: string): string {
  return s.indexOf('\\') < 0 ? s : s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function positioned(t: IToken | undefined): t is IToken {
  return !!t && !Number.isNaN(t.startOffset);
}

/** Syntax errors kept per file; the rest are counted (a hostile file can hold hundreds of thousands). */
export const MAX_SYNTAX_ERRORS = 1000;

class AcesParser extends EmbeddedActionsParser {
  ctx!: ParseContext;

  constructor() {
    super(allTokens, { recoveryEnabled: true, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  /** Recognition errors past MAX_SYNTAX_ERRORS are counted, not kept (each one costs a rule-stack snapshot). */
  droppedErrors = 0;
  private keptErrors = 0;

  // Chevrotain's recovery calls SAVE_ERROR for every recognition error (not in its public typings).
  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    if (this.keptErrors < MAX_SYNTAX_ERRORS) {
      this.keptErrors++;
      return (
        EmbeddedActionsParser.prototype as unknown as { SAVE_ERROR(e: IRecognitionException): IRecognitionException }
      ).SAVE_ERROR.call(this, error);
    }
    this.droppedErrors++;
    return error;
  }

  override reset(): void {
    super.reset();
    this.droppedErrors = 0;
    this.keptErrors = 0;
  }

  private tokenRange(t: IToken): Range {
    return this.ctx.range(t.startOffset, t.startOffset + t.image.length);
  }

  public file = this.RULE('file', (): Statement[] => {
    const statements: Statement[] = [];
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(Newline) },
        { ALT: () => this.CONSUME(Semicolon) },
        {
          ALT: () => {
            const t = this.CONSUME(RCurly);
            this.ACTION(() => {
              if (positioned(t))
                this.ctx.errors.push({
                  message: "Unmatched '}': no block is open here. Delete it, or add the '{' it was meant to close.",
                  range: this.tokenRange(t),
                });
            });
          },
        },
        {
          ALT: () => {
            const s = this.SUBRULE(this.statement);
            this.ACTION(() => s && statements.push(s));
          },
        },
      ]);
    });
    return statements;
  });

  public statement = this.RULE('statement', (): Statement | undefined => {
    const terms: Term[] = [];
    let block: Block | undefined;
    let headless = false;
    this.OR([
      {
        ALT: () => {
          const first = this.SUBRULE(this.term);
          this.ACTION(() => first && terms.push(first));
          this.MANY(() => {
            this.OR2([
              {
                ALT: () => {
                  const t = this.SUBRULE2(this.term);
                  this.ACTION(() => t && terms.push(t));
                },
              },
              {
                ALT: () => {
                  this.CONSUME(Comma);
                  this.MANY2(() => this.CONSUME(Newline));
                },
              },
            ]);
          });
          this.OPTION(() => {
            block = this.SUBRULE(this.block);
          });
        },
      },
      {
        ALT: () => {
          block = this.SUBRULE2(this.block);
          headless = true;
        },
      },
    ]);
    return this.ACTION(() => {
      if (headless && block) {
        this.ctx.errors.push({
          message:
            "A block needs a header before '{', such as `zone floor {` or `character Kael {`. Add one, or remove the braces.",
          range: this.ctx.range(block.range.start.offset, block.range.start.offset + 1),
        });
      }
      if (terms.length === 0 && !block) return undefined;
      const start = terms.length ? terms[0].range.start : block!.range.start;
      const end = block ? block.range.end : terms[terms.length - 1].range.end;
      return { kind: 'statement', range: { start, end }, terms, block } satisfies Statement;
    });
  });

  public block = this.RULE('block', (): Block | undefined => {
    const open = this.CONSUME(LCurly);
    const statements: Statement[] = [];
    let close: IToken | undefined;
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(Newline) },
        { ALT: () => this.CONSUME(Semicolon) },
        {
          ALT: () => {
            const s = this.SUBRULE(this.statement);
            this.ACTION(() => s && statements.push(s));
          },
        },
      ]);
    });
    this.OPTION(() => {
      close = this.CONSUME(RCurly);
    });
    return this.ACTION(() => {
      if (!positioned(open)) return undefined;
      const closed = positioned(close);
      let end: number;
      if (closed) end = close!.startOffset + 1;
      else {
        end = statements.length ? statements[statements.length - 1].range.end.offset : open.startOffset + 1;
        this.ctx.errors.push({
          message: "This '{' is never closed. Add a '}' where the block ends.",
          range: this.tokenRange(open),
        });
      }
      return { kind: 'block', range: this.ctx.range(open.startOffset, end), statements, closed } satisfies Block;
    });
  });

  public term = this.RULE('term', (): Term | undefined => {
    const tok = this.OR([
      { ALT: () => this.CONSUME(Identifier) },
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(UnterminatedString) },
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(Percent) },
      { ALT: () => this.CONSUME(Colon) },
      { ALT: () => this.CONSUME(Dimension) },
      { ALT: () => this.CONSUME(Card) },
      { ALT: () => this.CONSUME(Copies) },
    ]);
    return this.ACTION(() => (positioned(tok) ? this.makeTerm(tok) : undefined));
  });

  private makeTerm(tok: IToken): Term | undefined {
    const range = this.tokenRange(tok);
    const text = tok.image;
    switch (tok.tokenType) {
      case Identifier:
        return { kind: 'word', text, range };
      case StringLiteral:
        return { kind: 'string', value: unescape(text.slice(1, -1)), closed: true, range };
      case UnterminatedString:
        this.ctx.errors.push({ message: 'This string has no closing quote on its line. Add a " at its end.', range });
        return { kind: 'string', value: unescape(text.slice(1)), closed: false, range };
      case NumberLiteral:
        return { kind: 'number', value: Number(text), signed: text[0] === '+' || text[0] === '-', text, range };
      case Percent:
        return {
          kind: 'number',
          value: Number(text.slice(0, -1)),
          signed: text[0] === '+' || text[0] === '-',
          text,
          percent: true,
          range,
        };
      case Colon:
        return { kind: 'punct', text: ':', range };
      case Dimension:
        return { kind: 'dimension', value: Number(text.slice(0, -2)), unit: 'ft', range };
      case Card: {
        const card = decodeCardLiteral(text);
        return card && { kind: 'card', value: card.value, suit: card.suit, text, range };
      }
      case Copies:
        return { kind: 'copies', count: Number(text.slice(1)), range };
      default:
        return undefined;
    }
  }
}

/** The one parser instance (Chevrotain's guidance: build once, reset input per parse). */
export const acesParser = new AcesParser();
