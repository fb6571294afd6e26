// GM priority rules (issue 33) as the Halcyon Aces checker sees them: each combatant's effective rules (its
// placement's block, else its character's — or, for a character that `extends`, its base's when it writes none —,
// else its side's), their owner for the log, and what only this system knows: a technique, weapon or zone a rule
// names that does not exist (an error with a did-you-mean), and a rule whose action this combatant can never take
// (a warning: a technique it does not have, a Scatter without a Scatter weapon, a Link Strike without
// `options link-strikes`…). The reader (model/priority.ts) has already read the words and reported unknown ones.

import type { Range } from '../../../grammar/ast.js';
import type { PriorityRule, Selector, Tactics } from '../../../model/priority-run.js';
import type { RawBlock } from '../../../model/read.js';
import { didYouMean, suggest } from '../../../model/suggest.js';
import type { Combatant } from '../model.js';
import type { HaCheck } from './context.js';

const CODE = 'tactics-rule';

/** A rule's range: where the reader read it (else its line). */
const rangeOf = (r: PriorityRule): Range =>
  r.range ?? {
    start: { line: r.line - 1, character: 0, offset: 0 },
    end: { line: r.line - 1, character: 0, offset: 0 },
  };

/**
 * Reports once per file, place and message: a character's rules are checked for every combatant it places.
 * Suggestions (a quick fix replaces the range with one) only where the range is the name itself.
 */
function once(
  cx: HaCheck,
  file: string,
  range: Range,
  severity: 'error' | 'warning',
  msg: string,
  sugg?: string[],
): void {
  const key = `${file}:${range.start.line}:${range.start.character}:${msg}`;
  if (cx.tacticsReported.has(key)) return;
  cx.tacticsReported.add(key);
  cx.report(file, range, severity, CODE, msg, sugg);
}

/** Where a rule's action names something (`technique "Tidl Cut"`): the name, else the rule. */
const nameRangeOf = (r: PriorityRule): { range: Range; exact: boolean } =>
  r.nameRange ? { range: r.nameRange, exact: true } : { range: rangeOf(r), exact: false };

/** The one `tactics { … }` block of a character or a side; a second is an error (reported once per block). */
export function tacticsOf(cx: HaCheck, raw: RawBlock): Tactics | undefined {
  const blocks = raw.children.filter((c) => c.kind === 'tactics');
  for (const extra of blocks.slice(1))
    once(
      cx,
      raw.file,
      extra.kindRange,
      'error',
      `${raw.kind === 'side' ? `Side '${raw.name}'` : raw.name} has more than one tactics block; the engine follows one list of rules. Move these rules into the first block (the first rule that holds decides).`,
    );
  const t = blocks[0]?.tactics;
  if (t) checkNames(cx, raw, t);
  return t;
}

/** A character's own block, else the nearest base's (`extends`), with the name of the character that wrote it. */
export function characterTactics(cx: HaCheck, raw: RawBlock): { t: Tactics; owner: string; file: string } | undefined {
  const seen = new Set<RawBlock>();
  for (let b: RawBlock | undefined = raw; b && !seen.has(b);) {
    seen.add(b);
    const t = tacticsOf(cx, b);
    if (t) return { t, owner: b.name, file: b.file };
    b = b.base ? cx.scopeOf(b.base.file ?? b.file).lookup('character', b.base.text) : undefined;
  }
  return undefined;
}

/** A placement's own block (`Goblin x3 at gate tactics { … }`), its names checked as written in the side. */
export function placementTactics(cx: HaCheck, side: RawBlock, t: Tactics): Tactics {
  checkNames(cx, side, t);
  return t;
}

/** What a rule names that this file cannot find: a technique or a weapon (zones and combatants: per encounter). */
function checkNames(cx: HaCheck, holder: RawBlock, t: Tactics): void {
  const scope = cx.scopeOf(holder.file);
  for (const r of t.rules) {
    const a = r.action;
    if (!a || a.name === undefined) continue;
    const kind = a.word === 'technique' ? 'technique' : a.word === 'stride' || a.word === 'dash' ? 'zone' : 'weapon';
    if (kind === 'zone') continue;
    if (kind === 'weapon' && a.name.toLowerCase() === 'unarmed') continue;
    if (scope.lookup(kind, a.name)) continue;
    const names = [...scope.names(kind), ...(kind === 'weapon' ? ['Unarmed'] : [])];
    const sugg = suggest(a.name, names);
    const at = nameRangeOf(r);
    once(
      cx,
      holder.file,
      at.range,
      'error',
      `Rule ${r.n} names ${kind} '${a.name}', and there is no ${kind} of that name in this file or the files it uses.${didYouMean(sugg)}${sugg.length ? '' : ` Declare \`${kind} "${a.name}" { … }\`, or name one the combatant has.`}`,
      at.exact ? sugg : undefined,
    );
  }
}

/** What the encounter tells about a rule of one combatant: where it stands, who else fights, the options. */
export interface RuleSetting {
  encounter: string;
  combatants: readonly Combatant[];
  zones: readonly string[];
  options: readonly string[];
  file: (c: Combatant) => string;
}

const selectors = (r: PriorityRule): Selector[] =>
  [r.selector, r.action?.at].filter((s): s is Selector => s !== undefined);

/** The warnings and errors of one combatant's rules in one encounter (said of its character, so copies share them). */
export function checkCombatantRules(cx: HaCheck, c: Combatant, set: RuleSetting): void {
  const t = c.tactics;
  if (!t) return;
  const file = set.file(c);
  const scope = cx.scopeOf(file);
  const b = c.block;
  // one such warning per rule: a base's rules met again in every character that `extends` it say the same
  const never = (r: PriorityRule, why: string): void => {
    const range = rangeOf(r);
    const key = `${file}:${range.start.line}:${range.start.character}:never`;
    if (cx.tacticsReported.has(key)) return;
    cx.tacticsReported.add(key);
    once(cx, file, range, 'warning', `Rule ${r.n} can never decide for ${b.name}: ${why}`);
  };
  const weapons = [b.weapon, ...(b.offhand ? [b.offhand] : [])];
  const allies = set.combatants.filter((o) => o !== c && o.side === c.side);
  const named = (n: string): boolean =>
    set.combatants.some((o) => {
      const id = o.id.toLowerCase();
      const want = n.toLowerCase();
      return (
        id === want ||
        o.block.name.toLowerCase() === want ||
        (id.startsWith(want + ' ') && /^\d+$/.test(id.slice(want.length + 1)))
      );
    });
  /** A name the file cannot find at all is checkNames' error, not also this combatant's warning. */
  const exists = (kind: 'technique' | 'weapon', name: string): boolean =>
    (kind === 'weapon' && name.toLowerCase() === 'unarmed') || !!scope.lookup(kind, name);
  for (const r of t.rules) {
    for (const s of selectors(r))
      if (s.by === 'name' && !named(s.name)) {
        if (scope.lookup('character', s.name)) {
          never(r, `"${s.name}" does not fight in encounter '${set.encounter}'.`);
          continue;
        }
        const names = [...new Set(set.combatants.flatMap((o) => [o.id, o.block.name]))];
        const sugg = suggest(s.name, names);
        once(
          cx,
          file,
          s.range ?? rangeOf(r),
          'error',
          `Rule ${r.n} aims at "${s.name}", and nobody of that name fights in encounter '${set.encounter}' or is declared as a character.${didYouMean(sugg)}${sugg.length ? '' : ` Name one of ${names.map((x) => `"${x}"`).join(', ')}.`}`,
          s.range ? sugg : undefined,
        );
      }
    const a = r.action;
    if (!a || r.form === 'otherwise') continue;
    const name = a.name?.toLowerCase();
    switch (a.word) {
      case 'technique':
        if (!b.techniques.length)
          never(r, `${b.name} has no techniques (HA-A4). Add \`techniques …\` or drop the rule.`);
        else if (
          a.name !== undefined &&
          exists('technique', a.name) &&
          !b.techniques.some((x) => x.name.toLowerCase() === name)
        )
          never(
            r,
            `${b.name} does not have the technique '${a.name}' (it has ${b.techniques.map((x) => x.name).join(', ')}; HA-A4).`,
          );
        break;
      case 'strike':
      case 'interact':
        if (
          a.name !== undefined &&
          exists('weapon', a.name) &&
          name !== 'unarmed' &&
          !weapons.some((w) => w.name.toLowerCase() === name)
        )
          never(r, `${b.name} does not wield '${a.name}' (it wields ${weapons.map((w) => w.name).join(' and ')}).`);
        break;
      case 'scatter': {
        if (a.name !== undefined && !exists('weapon', a.name)) break;
        const w = name === undefined ? weapons : weapons.filter((x) => x.name.toLowerCase() === name);
        if (!w.some((x) => x.properties.includes('scatter')))
          never(r, `${b.name} wields no Scatter weapon${name !== undefined ? ` named '${a.name}'` : ''} (HA-W3).`);
        break;
      }
      case 'stride':
      case 'dash':
        if (a.name !== undefined && !set.zones.some((z) => z.toLowerCase() === name)) {
          const sugg = suggest(a.name, set.zones);
          const at = nameRangeOf(r);
          once(
            cx,
            file,
            at.range,
            'error',
            `Rule ${r.n} moves to zone '${a.name}', and encounter '${set.encounter}' has no such zone (HA-Z1).${didYouMean(sugg)}${sugg.length ? '' : ` Its zones: ${set.zones.join(', ')}.`}`,
            at.exact ? sugg : undefined,
          );
        } else if (set.zones.length < 2)
          never(r, `encounter '${set.encounter}' has one zone, so there is nowhere to move (HA-A1).`);
        break;
      case 'assist':
      case 'stabilize':
        if (!allies.length)
          never(r, `nobody else fights on side '${c.side}' (${a.word === 'assist' ? 'HA-A7' : 'HA-B4'}).`);
        break;
      case 'link-strike':
        if (!set.options.includes('link-strikes'))
          never(r, `encounter '${set.encounter}' does not turn Link Strikes on (HA-L1): add \`options link-strikes\`.`);
        else if (!allies.length) never(r, `nobody else fights on side '${c.side}' to link with (HA-L1).`);
        break;
      case 'team-ultimate':
        if (!set.options.includes('team-ultimates'))
          never(
            r,
            `encounter '${set.encounter}' does not turn Team Ultimates on (HA-U1): add \`options team-ultimates\`.`,
          );
        else if (!b.player)
          never(r, `${b.name} is not a \`player\` character; only they take the Team Ultimate (HA-U1).`);
        break;
    }
  }
}
