// `aces docs <system>`: a system's language reference in markdown, generated
// from its schema (every block, attribute, placement key, argument and doc,
// with its rule id), so the reference can never drift from what the checker
// reads. `npm run docs` writes docs/systems/<id>.md; a test checks they are current.

import { withArticle } from '../model/suggest.js';
import type { Command } from 'commander';
import type { AttributeSpec, BlockSpec } from '../model/schema.js';
import type { RuleSystem } from '../model/system.js';
import { didYouMean, suggest } from '../model/suggest.js';
import { REGISTRY } from '../systems/index.js';
import type { CommandContext } from './context.js';

const ARG: Record<AttributeSpec['arg'], string> = {
  flag: '(no value)',
  int: 'a whole number',
  feet: 'a distance, e.g. `20ft`',
  feet2: 'two distances, e.g. `30ft 20ft`',
  name: 'a name',
  names: 'one or more names',
  enum: 'one word of the list',
  enums: 'one or more words of the list',
  ints: 'whole numbers, e.g. `3 5 1`',
  cards: 'card literals, e.g. `10♣ QS`',
  drop: 'a zone, a height and optionally `soft`',
};

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function attrRow(a: AttributeSpec): string {
  const value = a.values
    ? `${ARG[a.arg]}: ${a.values.map((v) => `\`${v}\``).join(', ')}`
    : a.ref
      ? `${ARG[a.arg]} (of a \`${a.ref}\`)`
      : ARG[a.arg];
  return `| \`${a.name}\` | ${cell(value)} | ${a.rule ?? ''} | ${cell(a.doc)} |`;
}

function block(b: BlockSpec): string[] {
  const lines = [
    `### \`${b.kind}\``,
    '',
    `${b.doc}`,
    '',
    `Where: ${b.parents.map((p) => (p === 'file' ? 'top level' : `inside ${withArticle(p)}`)).join(', ')}. Example name: \`${b.example}\`.${b.extendable ? ' May `extends` another of its kind.' : ''}`,
    '',
  ];
  if (b.attributes.length)
    lines.push('| attribute | value | rule | meaning |', '|---|---|---|---|', ...b.attributes.map(attrRow), '');
  if (b.placements)
    lines.push(
      `Each line places a stat block: \`${b.placementHelp?.full ?? 'Name [xN]'}\`.`,
      '',
      '| key | value | rule | meaning |',
      '|---|---|---|---|',
      ...b.placements.map(attrRow),
      '',
    );
  return lines;
}

export function languageReference(s: RuleSystem): string {
  const lines = [
    `# ${s.name}: the language reference`,
    '',
    `<!-- Generated from systems/${s.id}/schema.ts by \`npm run docs\` (aces docs ${s.id}). Do not edit by hand. -->`,
    '',
    s.summary,
    '',
    s === REGISTRY.fallback
      ? 'A file without a `system` line speaks this system.'
      : `A file speaks this system when its first statement is \`system ${s.id}\`; every file it \`use\`s must speak it too.`,
    '',
    '## Blocks',
    '',
  ];
  for (const b of Object.values(s.schema.blocks)) lines.push(...block(b));
  const v = s.schema.tactics;
  if (v) {
    // issue 33: the words of this system's GM priority rules (the grammar: docs/LANGUAGE.md, "Tactics")
    lines.push(
      '## Tactics rules',
      '',
      'A `tactics { … }` block (in a character, a side, or after a placement) holds priority rules, one per line: the first that holds and is legal decides (`when COND: ACTION`, `open with ACTION`, `target SELECTOR`, `never ACTION`, `otherwise PRESET`; the grammar is in docs/LANGUAGE.md, "Tactics"). The words this system\'s rules say:',
      '',
      '| part | word | meaning |',
      '|---|---|---|',
    );
    const parts: [
      string,
      Readonly<Record<string, { doc: string; percent?: boolean; name?: string; aimed?: boolean }>>,
    ][] = [
      ['action', v.actions],
      ['measure', v.measures],
      ['state', v.states],
      ['place', v.places],
      ['preset', v.presets],
    ];
    for (const [part, words] of parts)
      for (const [w, d] of Object.entries(words)) {
        const how = [
          d.percent ? 'takes `N%`' : '',
          d.name ? `then a \`${d.name}\`'s name` : '',
          d.aimed ? 'aimed: `it`, `at …`' : '',
        ].filter(Boolean);
        lines.push(`| ${part} | \`${w}\` | ${cell(d.doc)}${how.length ? ` (${how.join('; ')})` : ''} |`);
      }
    lines.push('');
  }
  lines.push(
    '## Rules',
    '',
    '`aces explain ID` prints one; the checker cites them as diagnostic codes.',
    '',
    '| id | rule |',
    '|---|---|',
  );
  for (const [id, text] of Object.entries(s.ruleText)) lines.push(`| ${id} | ${cell(text)} |`);
  return lines.join('\n') + '\n';
}

export function registerDocs(program: Command, ctx: CommandContext): void {
  program
    .command('docs')
    .description("print a rule system's language reference (markdown, from its schema)")
    .argument('[system]', 'a system id (default: the default system)')
    .action((id: string | undefined) => {
      const s = id === undefined ? REGISTRY.fallback : REGISTRY.byId(id);
      if (!s) {
        const sugg = suggest(
          id!,
          REGISTRY.systems.map((x) => x.id),
        );
        ctx.err(`aces docs: no rule system '${id}'.${didYouMean(sugg)} Run \`aces systems\` for the list.`);
        return ctx.setCode(1);
      }
      ctx.out(languageReference(s).trimEnd());
      ctx.setCode(0);
    });
}
