// The Chevrotain parser: one instance, reused, error recovery on. The grammar
// is generic — statements of terms with optional blocks — so almost every
// input parses; what it cannot make sense of it reports and skips.
//
//   file      := (separator | stray '}' | statement)*
//   statement := term+ block? | block            (a headless block is reported)
//   block     := '{' (separator | statement)* '}'?   (a missing '}' is reported)
//   term      := word | string | number | dimension | card | copies
//                (commas between terms are allowed, and a comma may end a line)

import { CstParser, type CstNode, type IToken } from 'chevrotain';
import {
  allTokens,
  Card,
  Comma,
  Copies,
  Dimension,
  Identifier,
  LCurly,
  Newline,
  NumberLiteral,
  RCurly,
  Semicolon,
  StringLiteral,
  UnterminatedString,
} from './lexer.js';

class AcesParser extends CstParser {
  constructor() {
    super(allTokens, { recoveryEnabled: true, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  public file = this.RULE('file', () => {
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(Newline) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(RCurly, { LABEL: 'stray' }) },
        { ALT: () => this.SUBRULE(this.statement) },
      ]);
    });
  });

  public statement = this.RULE('statement', () => {
    this.OR([
      {
        ALT: () => {
          this.SUBRULE(this.term);
          this.MANY(() => {
            this.OR2([
              { ALT: () => this.SUBRULE2(this.term) },
              {
                ALT: () => {
                  this.CONSUME(Comma);
                  this.MANY2(() => this.CONSUME(Newline, { LABEL: 'continuation' }));
                },
              },
            ]);
          });
          this.OPTION(() => this.SUBRULE(this.block));
        },
      },
      { ALT: () => this.SUBRULE2(this.block, { LABEL: 'headless' }) },
    ]);
  });

  public block = this.RULE('block', () => {
    this.CONSUME(LCurly);
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(Newline) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.SUBRULE(this.statement) },
      ]);
    });
    this.OPTION(() => this.CONSUME(RCurly));
  });

  public term = this.RULE('term', () => {
    this.OR([
      { ALT: () => this.CONSUME(Identifier) },
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(UnterminatedString) },
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(Dimension) },
      { ALT: () => this.CONSUME(Card) },
      { ALT: () => this.CONSUME(Copies) },
    ]);
  });
}

/** The one parser instance (Chevrotain's guidance: build once, reset input per parse). */
export const acesParser = new AcesParser();

export type { CstNode, IToken };
