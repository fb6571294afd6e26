// `aces explain <code>`: a rule id (HA-N2, HR-D1…) or a language code
// (unknown-name…) in plain words, from the systems' rule texts; `aces systems`
// lists the rule systems a file can declare.

import type { Command } from 'commander';
import { LANGUAGE_CODES } from '../model/diagnostics.js';
import { suggest, didYouMean } from '../model/suggest.js';
import { REGISTRY } from '../systems/index.js';
import type { CommandContext } from './context.js';
import { loadRulings } from './rulings.js';

export function registerExplain(program: Command, ctx: CommandContext): void {
  program
    .command('explain')
    .description('explain a diagnostic code: a rule id (HA-N2, HR-D1…) or a language code (unknown-name…)')
    .argument('<code>', 'the code a diagnostic carries')
    .action((code: string) => ctx.setCode(explain(code, ctx)));
  program
    .command('systems')
    .description('list the rule systems a file can declare with `system <id>`')
    .action(() => {
      for (const s of REGISTRY.systems)
        ctx.out(`${s.id}${s === REGISTRY.fallback ? ' (default)' : ''} — ${s.name}: ${s.summary}`);
      ctx.setCode(0);
    });
}

export function explain(code: string, ctx: Pick<CommandContext, 'out' | 'err'>): number {
  const wanted = code.trim();
  for (const s of REGISTRY.systems) {
    const id = Object.keys(s.ruleText).find((k) => k.toLowerCase() === wanted.toLowerCase());
    if (id) {
      ctx.out(`${id} (${s.name}): ${s.ruleText[id]}`);
      return 0;
    }
  }
  const lang = (Object.keys(LANGUAGE_CODES) as (keyof typeof LANGUAGE_CODES)[]).find((k) => k === wanted.toLowerCase());
  if (lang) {
    ctx.out(`${lang}: ${LANGUAGE_CODES[lang]}`);
    return 0;
  }
  // a team ruling a log or a diagnostic cites (TGS-32, ARS-16, HRS-25)
  const rulings = loadRulings(REGISTRY.systems.map((s) => s.id));
  const ruling = [...rulings.keys()].find((k) => k.toLowerCase() === wanted.toLowerCase());
  if (ruling) {
    const r = rulings.get(ruling)!;
    ctx.out(
      `${ruling} (${REGISTRY.byId(r.system)?.name ?? r.system}, a ruling beyond the rules: systems/${r.system}/docs/RULINGS.md): ${r.text}`,
    );
    return 0;
  }
  const known = [
    ...REGISTRY.systems.flatMap((s) => Object.keys(s.ruleText)),
    ...Object.keys(LANGUAGE_CODES),
    ...rulings.keys(),
  ];
  const sugg = suggest(wanted.toUpperCase(), known)
    .concat(suggest(wanted.toLowerCase(), known))
    .filter((x, i, a) => a.indexOf(x) === i)
    .slice(0, 3);
  ctx.err(
    `aces explain: no rule or code '${wanted}'.${didYouMean(sugg)} Codes look like HA-N2, HR-D1, TGS-32 or unknown-name (run \`aces check\` to see them).`,
  );
  return 1;
}
