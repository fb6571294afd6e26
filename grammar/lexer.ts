// Tokens of the `.aces` language. One lexer instance, built once, with
// Chevrotain's optimizations on (every pattern gives its start characters so
// the lexer can dispatch on the first character).

import type { TokenType } from 'chevrotain';
import { createToken, Lexer } from './chevrotain.js';

const NAME_START = 'A-Za-z_\\u00C0-\\u024F';
const NAME_CHAR = 'A-Za-z0-9_\\u00C0-\\u024F';
const letters = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) out.push(String.fromCharCode(c));
  return out;
};
const latinExtended = (): string[] => {
  const out: string[] = [];
  for (let c = 0xc0; c <= 0x24f; c++) out.push(String.fromCharCode(c));
  return out;
};

export const Identifier = createToken({
  name: 'Identifier',
  // Hyphens inside words make GM-friendly keywords: `link-strikes`, `quick-draw`.
  pattern: new RegExp(`[${NAME_START}](?:[${NAME_CHAR}]|-(?=[${NAME_CHAR}]))*`),
  start_chars_hint: [...letters('A', 'Z'), ...letters('a', 'z'), '_', ...latinExtended()],
  line_breaks: false,
});

// Card literals: `10♣ Q♠` or ASCII `10C QS`. Upper-case suit letters only, and
// a longer word wins (`KHAN` is a name), so names rarely collide with cards.
// Also accepts the white suits (♡♧♢♤) and an emoji variation selector.
export const Card = createToken({
  name: 'Card',
  pattern: /(?:10|[2-9JQKA])[♥♣♦♠♡♧♢♤HCDS]\uFE0F?/,
  start_chars_hint: ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A'],
  longer_alt: Identifier,
  line_breaks: false,
});

/** A copy count on a placement: `x3`. */
export const Copies = createToken({
  name: 'Copies',
  pattern: /[xX]\d+/,
  start_chars_hint: ['x', 'X'],
  longer_alt: Identifier,
  line_breaks: false,
});

export const Dimension = createToken({
  name: 'Dimension',
  pattern: /[+-]?\d+ft/,
  start_chars_hint: ['+', '-', ...letters('0', '9')],
  line_breaks: false,
});

/** A percentage, `30%` (a GM rule's health fraction, issue 33): a number term with `percent` set. */
export const Percent = createToken({
  name: 'Percent',
  pattern: /[+-]?\d+%/,
  start_chars_hint: ['+', '-', ...letters('0', '9')],
  line_breaks: false,
});

export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /[+-]?\d+/,
  start_chars_hint: ['+', '-', ...letters('0', '9')],
  line_breaks: false,
});

export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /"(?:[^"\\\r\n]|\\.)*"/,
  start_chars_hint: ['"'],
  line_breaks: false,
});

/** A string whose closing quote is missing on its line; the parser reports it and carries on. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /"(?:[^"\\\r\n]|\\.)*/,
  start_chars_hint: ['"'],
  line_breaks: false,
});

export const LCurly = createToken({ name: 'LCurly', pattern: /{/, start_chars_hint: ['{'] });
export const RCurly = createToken({ name: 'RCurly', pattern: /}/, start_chars_hint: ['}'] });
export const Comma = createToken({ name: 'Comma', pattern: /,/, start_chars_hint: [','] });
/** `when self vitality below 30%: active-guard`: a GM rule's condition ends at a colon (issue 33). */
export const Colon = createToken({ name: 'Colon', pattern: /:/, start_chars_hint: [':'] });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/, start_chars_hint: [';'] });
export const Newline = createToken({
  name: 'Newline',
  pattern: /\r\n|\r|\n/,
  start_chars_hint: ['\r', '\n'],
  line_breaks: true,
});

export const Comment = createToken({
  name: 'Comment',
  pattern: /#[^\r\n]*/,
  start_chars_hint: ['#'],
  group: 'comments',
  line_breaks: false,
});

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\f\v\u00A0\uFEFF]+/,
  start_chars_hint: [' ', '\t', '\f', '\v', '\u00A0', '\uFEFF'],
  group: Lexer.SKIPPED,
  line_breaks: false,
});

/** Order matters: earlier patterns win ties (cards and dimensions before plain numbers). */
export const allTokens: TokenType[] = [
  WhiteSpace,
  Newline,
  Comment,
  LCurly,
  RCurly,
  Comma,
  Colon,
  Semicolon,
  StringLiteral,
  UnterminatedString,
  Card,
  Dimension,
  Percent,
  NumberLiteral,
  Copies,
  Identifier,
];

export const acesLexer = new Lexer(allTokens, {
  positionTracking: 'onlyOffset',
  ensureOptimizations: true,
});
