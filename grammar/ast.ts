// The typed syntax tree. The grammar is deliberately generic (blocks of
// statements made of terms, in the spirit of HCL): the meaning of each word
// comes from the rule system's schema in model/, so the grammar stays stable as
// rule systems are added. Every node carries its source range.

/** Zero-based line and character (UTF-16 code units, as LSP counts them), plus the absolute offset. */
export interface Position {
  line: number;
  character: number;
  offset: number;
}

export interface Range {
  start: Position;
  end: Position;
}

interface NodeBase {
  range: Range;
}

/** A bare word: a keyword, a name, a flag (`melee`, `Kael`, `link-strikes`). */
export interface WordTerm extends NodeBase {
  kind: 'word';
  text: string;
}

/** A double-quoted string, escapes resolved. */
export interface StringTerm extends NodeBase {
  kind: 'string';
  value: string;
  /** False when the closing quote is missing (the lexer already reported it). */
  closed: boolean;
}

/** An integer, optionally signed (`3`, `+2`, `-1`). */
export interface NumberTerm extends NodeBase {
  kind: 'number';
  value: number;
  /** True when written with an explicit sign. */
  signed: boolean;
  text: string;
  /** Written as a percentage, `30%` (a GM rule's health fraction); `value` is the number before `%`. */
  percent?: true;
}

/** A number with a unit: `20ft`. */
export interface DimensionTerm extends NodeBase {
  kind: 'dimension';
  value: number;
  unit: 'ft';
}

/** A card literal: `10♣`, `Q♠`, or ASCII `10C`, `QS`. */
export interface CardTerm extends NodeBase {
  kind: 'card';
  /** 2..14 (J 11, Q 12, K 13, A 14). */
  value: number;
  /** 0 ♥, 1 ♣, 2 ♦, 3 ♠. */
  suit: number;
  text: string;
}

/** A copy count on a placement: `x3`. */
export interface CopiesTerm extends NodeBase {
  kind: 'copies';
  count: number;
}

/** A colon, `:`: where a GM rule's condition ends and its action starts (`when self broken: recover`). */
export interface PunctTerm extends NodeBase {
  kind: 'punct';
  text: ':';
}

export type Term = WordTerm | StringTerm | NumberTerm | DimensionTerm | CardTerm | CopiesTerm | PunctTerm;

/**
 * One statement: terms up to the end of the line (or `;`), optionally
 * followed by a `{ … }` block. `weapon Longsword { melee body +2 }` is a
 * statement whose terms are `weapon Longsword` and whose block holds one
 * statement `melee body +2`.
 */
export interface Statement extends NodeBase {
  kind: 'statement';
  terms: Term[];
  block?: Block;
}

export interface Block extends NodeBase {
  kind: 'block';
  statements: Statement[];
  /** False when the closing `}` is missing (recovery). */
  closed: boolean;
}

export interface SourceFile extends NodeBase {
  kind: 'file';
  statements: Statement[];
}

export interface SyntaxError {
  message: string;
  range: Range;
  /** On the last error of a file with too many: how many more were found and not listed. */
  more?: number;
}

export interface ParseResult {
  file: SourceFile;
  errors: SyntaxError[];
}
