// Writes the TextMate grammar (syntaxes/aces.tmLanguage.json) from the schemas
// of every registered system (TextMate cannot know a file's system, so it
// colours the union; the language server's semantic tokens then colour each
// file by its own schema), so every keyword a checker knows is coloured.
//   npm run grammar            (regenerates; test/syntaxes checks it is current)
// Scopes: storage.type.<kind> + entity.name.type.<kind> for declarations,
// keyword.other.attribute for attributes, constant.language for enum values,
// constant.other.card.<suit> for card literals (suit colours by scope), numbers,
// distances, copy counts, strings, comments, punctuation.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../systems/index.js';
import type { BlockSpec } from '../model/schema.js';
import { RULE_WORDS } from '../model/priority.js';

const NAME_CHAR = 'A-Za-z0-9_\\x{00C0}-\\x{024F}';
const NAME_START = 'A-Za-z_\\x{00C0}-\\x{024F}';
/** A word as the lexer reads it: hyphens only between name characters. */
const IDENT = `[${NAME_START}](?:[${NAME_CHAR}]|-(?=[${NAME_CHAR}]))*`;
const BEFORE = `(?<![${NAME_CHAR}-])`;
const AFTER = `(?![${NAME_CHAR}]|-[${NAME_CHAR}])`;
const STRING = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const word = (alts: readonly string[]) =>
  `${BEFORE}(?:${[...alts]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escape)
    .join('|')})${AFTER}`;
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

const SUITS: [string, string][] = [
  ['hearts', '♥♡H'],
  ['clubs', '♣♧C'],
  ['diamonds', '♦♢D'],
  ['spades', '♠♤S'],
];

/** The words every registered system's schema names: attributes, enum values, block kinds, placement keys and GM-rule words. */
function vocabulary() {
  const attributes = new Set<string>();
  const enumsByAttr = new Map<string, Set<string>>();
  const blocks = new Map<string, BlockSpec>();
  for (const s of REGISTRY.systems)
    for (const b of Object.values(s.schema.blocks)) if (!blocks.has(b.kind)) blocks.set(b.kind, b);
  const placementKeys = new Set<string>();
  for (const s of REGISTRY.systems)
    for (const b of Object.values(s.schema.blocks)) for (const k of b.placements ?? []) placementKeys.add(k.name);
  for (const s of REGISTRY.systems)
    for (const b of Object.values(s.schema.blocks)) {
      for (const a of b.attributes) {
        attributes.add(a.name);
        if ((a.arg === 'enum' || a.arg === 'enums') && a.values) {
          const s = enumsByAttr.get(a.name) ?? new Set<string>();
          for (const v of a.values) s.add(v);
          enumsByAttr.set(a.name, s);
        }
      }
    }
  const declKinds = [...blocks.keys()].filter((k) => k !== 'deck' && k !== 'tactics');
  // GM priority rules (issue 33): every system's words, coloured inside a `tactics { … }` block
  const ruleWords = { actions: new Set<string>(), measures: new Set<string>(), others: new Set<string>() };
  for (const s of REGISTRY.systems) {
    const v = s.schema.tactics;
    if (!v) continue;
    for (const w of Object.keys(v.actions)) ruleWords.actions.add(w);
    for (const w of Object.keys(v.measures)) ruleWords.measures.add(w);
    for (const t of [v.states, v.places, v.presets]) for (const w of Object.keys(t)) ruleWords.others.add(w);
  }
  return { attributes, enumsByAttr, blocks, placementKeys, declKinds, ruleWords };
}

const phrase = (ws: Iterable<string>): string[] => [...ws].map((w) => w.replace(/ /g, '\\s+'));
const wordRe = (alts: readonly string[]) =>
  `${BEFORE}(?:${[...alts].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|')})${AFTER}`;

/** Inside a `tactics { … }` block (issue 33): the rule keywords, then the systems' actions, measures and other words. */
function tacticsPattern(ruleWords: { actions: Set<string>; measures: Set<string>; others: Set<string> }) {
  return {
    begin: `${BEFORE}(tactics)\\s*(\\{)`,
    beginCaptures: {
      1: { name: 'storage.type.tactics.aces' },
      2: { name: 'punctuation.section.block.begin.aces' },
    },
    end: '\\}',
    endCaptures: { 0: { name: 'punctuation.section.block.end.aces' } },
    name: 'meta.block.tactics.aces',
    patterns: [
      { include: '#comment' },
      { include: '#string' },
      {
        match: wordRe(
          phrase(new Set([...Object.keys(RULE_WORDS), 'with', 'an', 'a', 'any', 'enemies', 'enemy', 'under', 'over'])),
        ),
        name: 'keyword.control.rule.aces',
      },
      ...(ruleWords.actions.size
        ? [{ match: wordRe(phrase(ruleWords.actions)), name: 'entity.name.function.action.aces' }]
        : []),
      ...(ruleWords.measures.size
        ? [{ match: wordRe(phrase(ruleWords.measures)), name: 'variable.other.property.measure.aces' }]
        : []),
      ...(ruleWords.others.size ? [{ match: wordRe(phrase(ruleWords.others)), name: 'constant.language.aces' }] : []),
      { match: `${BEFORE}[+-]?\\d+%`, name: 'constant.numeric.percentage.aces' },
      { match: ':', name: 'punctuation.separator.rule.aces' },
      { include: '#number' },
      { include: '#name' },
    ],
  };
}

export function grammar(): Record<string, unknown> {
  const { attributes, enumsByAttr, blocks, placementKeys, declKinds, ruleWords } = vocabulary();
  const name = `(${STRING}|${IDENT})`;
  const nameCaptures = (kind: string) => ({
    patterns: [
      { match: STRING, name: `string.quoted.double.aces entity.name.type.${kind}.aces` },
      { match: '.+', name: `entity.name.type.${kind}.aces` },
    ],
  });
  const repository: Record<string, unknown> = {
    comment: {
      match: '(#).*$',
      name: 'comment.line.number-sign.aces',
      captures: { 1: { name: 'punctuation.definition.comment.aces' } },
    },
    string: {
      begin: '"',
      end: '"|$',
      name: 'string.quoted.double.aces',
      beginCaptures: { 0: { name: 'punctuation.definition.string.begin.aces' } },
      endCaptures: { 0: { name: 'punctuation.definition.string.end.aces' } },
      patterns: [{ match: '\\\\.', name: 'constant.character.escape.aces' }],
    },
    use: {
      match: `${BEFORE}(use|system)${AFTER}`,
      captures: { 1: { name: 'keyword.control.import.aces' } },
    },
    declaration: {
      patterns: [
        ...declKinds.map((kind) => ({
          match: `${BEFORE}(${kind})\\s+${name}`,
          captures: { 1: { name: `storage.type.${kind}.aces` }, 2: nameCaptures(kind) },
        })),
        // `character "Elite Thug" extends Thug`: the keyword and the character it starts from
        {
          match: `${BEFORE}(extends)\\s+${name}`,
          captures: { 1: { name: 'keyword.other.extends.aces' }, 2: nameCaptures('character') },
        },
        // `deck Name { … }` declares a deck; `deck Name` alone (in a character or a placement) refers to one
        {
          match: `${BEFORE}(deck)\\s+${name}(?=\\s*\\{)`,
          captures: { 1: { name: 'storage.type.deck.aces' }, 2: nameCaptures('deck') },
        },
      ],
    },
    enumValues: {
      patterns: [...enumsByAttr].map(([attr, values]) => ({
        begin: `${BEFORE}(${escape(attr)})${AFTER}`,
        beginCaptures: { 1: { name: 'keyword.other.attribute.aces' } },
        end: `(?=[;{}#\\n]|$)|(?=${BEFORE}(?!(?:${[...values].map(escape).join('|')})${AFTER})${IDENT})`,
        patterns: [
          { match: word([...values]), name: 'constant.language.aces' },
          { match: ',', name: 'punctuation.separator.comma.aces' },
          // an attribute that takes a word in one system may take a number in another (`heart d8` / `heart 2`)
          { include: '#distance' },
          { include: '#number' },
        ],
      })),
    },
    tactics: tacticsPattern(ruleWords),
    attribute: { match: word([...attributes]), name: 'keyword.other.attribute.aces' },
    placement: {
      match: word([...placementKeys].filter((k) => !attributes.has(k) && !blocks.has(k))),
      name: 'keyword.other.placement.aces',
    },
    card: {
      patterns: SUITS.map(([suit, chars]) => ({
        match: `${BEFORE}(10|[2-9JQKA])([${chars}]\\x{FE0F}?)${AFTER}`,
        name: `constant.other.card.${suit}.aces`,
        captures: {
          1: { name: 'constant.other.card.rank.aces' },
          2: { name: `constant.other.card.suit.${suit}.aces` },
        },
      })),
    },
    distance: {
      match: `${BEFORE}([+-]?\\d+)(ft)${AFTER}`,
      name: 'constant.numeric.distance.aces',
      captures: { 2: { name: 'keyword.other.unit.feet.aces' } },
    },
    copies: {
      match: `${BEFORE}([xX])(\\d+)${AFTER}`,
      name: 'constant.numeric.copies.aces',
      captures: { 1: { name: 'keyword.operator.copies.aces' } },
    },
    number: { match: `${BEFORE}[+-]?\\d+${AFTER}`, name: 'constant.numeric.integer.aces' },
    name: { match: IDENT, name: 'variable.other.name.aces' },
    punctuation: {
      patterns: [
        { match: '\\{', name: 'punctuation.section.block.begin.aces' },
        { match: '\\}', name: 'punctuation.section.block.end.aces' },
        { match: ',', name: 'punctuation.separator.comma.aces' },
        { match: ';', name: 'punctuation.terminator.statement.aces' },
      ],
    },
  };
  const order = [
    'comment',
    'tactics',
    'declaration',
    'use',
    'string',
    'card',
    'distance',
    'copies',
    'number',
    'enumValues',
    'attribute',
    'placement',
    'name',
    'punctuation',
  ];
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'Halcyon Aces',
    scopeName: 'source.aces',
    fileTypes: ['aces'],
    comment:
      "Generated from the registered systems' schemas by syntaxes/generate.ts (npm run grammar). Do not edit by hand.",
    patterns: order.map((k) => ({ include: `#${k}` })),
    repository,
  };
}

export function grammarText(): string {
  return JSON.stringify(grammar(), null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = new URL('../../syntaxes/aces.tmLanguage.json', import.meta.url);
  writeFileSync(out, grammarText());
  console.log(`wrote ${fileURLToPath(out)}`);
}
