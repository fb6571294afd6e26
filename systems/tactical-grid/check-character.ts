// The Tactical Grid checker's character checks (split from check.ts): each part of a character block — stats, an
// NPC's numbers, stress and drive, speed, range and pools, tags, abilities — read and checked by a function of the
// checker (its report and attribute readers) and the raw block, and the sheet's derived numbers checked once the
// character is built. check.ts assembles the character from them and memoises it.

import type { BlockChecker } from '../../model/check-kit.js';
import { quoteName } from '../../model/check-kit.js';
import type { AttrValue, NameRef, RawBlock } from '../../model/read.js';
import type { Range } from '../../grammar/ast.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import {
  ABILITIES,
  STAT_MAX,
  STAT_MIN,
  character as makeCharacter,
  sheet,
  tag as makeTag,
  type Ability,
  type Character,
  type Tag,
} from './model.js';
import { tooBig } from './check-map.js';

/** What every part reads: the checker, the block, and the number reader (a number above the limit is refused once). */
export interface CharacterReader {
  readonly kit: BlockChecker<'character'>;
  readonly raw: RawBlock;
  readonly f: string;
  readonly name: string;
  /** A difficulty (or a misspelt one) makes an NPC. */
  readonly npc: boolean;
  num(attr: string): { a: AttrValue; v: number } | undefined;
}

/** Speeds, ranges, health, stress, pools and drive above this are refused (`limit`): the map is at most 100 × 100. */
export const STATS = ['agi', 'per', 'com', 'tou', 'pro', 'special', 'wis', 'int', 'cha'] as const;
export type StatName = (typeof STATS)[number];
const POOLS = ['tactics', 'effects', 'support', 'analysis', 'reactions'] as const;
/** Declared numbers and the rule of their formula (TG-N11). */
const DERIVED: readonly {
  name: 'speed' | 'range' | 'attack' | 'defense' | (typeof POOLS)[number];
  rule: string;
  formula: string;
}[] = [
  { name: 'speed', rule: 'TG-N1', formula: 'AGI + 3' },
  { name: 'range', rule: 'TG-N2', formula: 'PER' },
  { name: 'attack', rule: 'TG-N3', formula: 'COM + 1' },
  { name: 'defense', rule: 'TG-N4', formula: 'TOU + 1' },
  { name: 'tactics', rule: 'TG-N5', formula: 'PRO' },
  { name: 'effects', rule: 'TG-N6', formula: 'the special stat' },
  { name: 'support', rule: 'TG-N7', formula: 'WIS (+1 potion-seller, +1 miracle-worker)' },
  { name: 'analysis', rule: 'TG-N8', formula: 'INT' },
  { name: 'reactions', rule: 'TG-N9', formula: 'CHA' },
];
const STAR_MAX = 5;
type Overrides = Partial<Record<(typeof DERIVED)[number]['name'], number | null>>;

/** The sheet's stats (TG-N10); an NPC has none (TG-P1): each read, the missing ones assumed 1. */
export function readStats(r: CharacterReader): Partial<Record<StatName, number | null>> {
  const { kit, raw, f, name, npc, num } = r;
  // stats (TG-N10); an NPC has none (TG-P1)
  const stats: Partial<Record<StatName, number | null>> = {};
  const missing: StatName[] = [];
  for (const s of STATS) {
    const x = num(s);
    if (!x) {
      if (!kit.has(raw, s) && !raw.misspelt?.has(s)) missing.push(s);
      continue;
    }
    if (npc) continue; // reported below as one TG-P1 error
    if (x.v < 0) {
      kit.report(
        f,
        x.a.range,
        'error',
        'TG-N10',
        `${name}'s ${s.toUpperCase()} is ${x.v}; a stat cannot be negative (TG-N10). Stats are whole numbers 1–5.`,
      );
      continue;
    }
    if (x.v < STAT_MIN || x.v > STAT_MAX)
      kit.report(
        f,
        x.a.range,
        'warning',
        'TG-N10',
        `${name}'s ${s.toUpperCase()} is ${x.v}, outside 1–5 (TG-N10): kept as homebrew. Use 1–5 for a standard sheet.`,
      );
    stats[s] = x.v;
  }
  if (npc) {
    const written = raw.attrs.filter((a) => (STATS as readonly string[]).includes(a.spec.name));
    if (written.length)
      kit.report(
        f,
        written[0].range,
        'error',
        'TG-P1',
        `${name} has a difficulty, so it is an NPC, and NPCs never roll: its stats (${[...new Set(written.map((a) => a.spec.name))].join(', ')}) mean nothing (TG-P1). Remove them, or remove \`difficulty\` to make it a sheet.`,
      );
  } else if (missing.length && !kit.has(raw, 'health')) {
    kit.report(
      f,
      raw.nameRange,
      'warning',
      'TG-N10',
      `${name} does not state ${missing.map((s) => s.toUpperCase()).join(', ')}; ${missing.length === 1 ? 'it is' : 'each is'} assumed 1 (TG-N10). Write ${missing.map((s) => `\`${s} 1\``).join(' ')} to make it explicit, or add \`difficulty\` for an NPC.`,
    );
  }

  return stats;
}

/** An NPC's difficulty and health (TG-P1, TG-D2); a sheet has neither. */
export function readNpcNumbers(
  r: CharacterReader,
  diffAttr: AttrValue | undefined,
): { difficulty: number | null; health: number | null } {
  const { kit, raw, f, name, npc, num } = r;
  // NPC numbers (TG-P1, TG-D2)
  let difficulty: number | null = null;
  if (diffAttr?.int !== undefined && !tooBig(kit, raw, diffAttr, `${name}'s difficulty`)) difficulty = diffAttr.int;
  else if (npc) difficulty = 10;
  const healthX = num('health');
  let health: number | null = null;
  if (healthX) {
    if (healthX.v <= 0)
      kit.report(
        f,
        healthX.a.range,
        'error',
        'TG-D2',
        `${name} has health ${healthX.v}; health must be above 0 (TG-D2): at 0 an NPC is already OUT.`,
      );
    else health = healthX.v;
  }
  if (npc) {
    const lacking = ['health', 'speed', 'range'].filter((a) => !kit.has(raw, a) && !raw.misspelt?.has(a));
    if (lacking.length)
      kit.report(
        f,
        raw.nameRange,
        'error',
        'TG-P1',
        `${name} is an NPC (it has a difficulty) but has no ${lacking.join(', ')}: an NPC declares difficulty, health, speed and range (TG-P1), e.g. \`difficulty 13 health 3 speed 5 range 1\`.`,
      );
  }
  if (!npc) {
    if (healthX)
      kit.report(
        f,
        healthX.a.range,
        'error',
        'TG-P1',
        `${name} has \`health\` but no \`difficulty\`: an NPC needs a difficulty (TG-P1), e.g. \`difficulty 13\`; a sheet combatant has stress boxes, not health (TG-D1). Add a difficulty, or remove \`health\`.`,
      );
    health = null;
  }
  if (npc && health === null) health = 1;

  return { difficulty, health };
}

/** Stress boxes (TG-D1) and drive (TG-R3); an NPC has neither and never rolls (TG-P1). */
export function readStressDrive(r: CharacterReader): { stress: number | null; drive: number } {
  const { kit, raw, f, name, npc, num } = r;
  // stress (TG-D1), drive (TG-R3)
  const stressX = num('stress');
  let stress: number | null = null;
  if (stressX) {
    if (stressX.v <= 0)
      kit.report(
        f,
        stressX.a.range,
        'error',
        'TG-D1',
        `${name} has ${stressX.v} stress boxes; it needs at least 1 (TG-D1). Remove it for the assumed 6.`,
      );
    else if (npc)
      kit.report(
        f,
        stressX.a.range,
        'warning',
        'TG-P1',
        `${name} is an NPC: it has health, not stress boxes (TG-D2, TG-P1); \`stress\` is ignored.`,
      );
    else stress = stressX.v;
  }
  const driveX = num('drive');
  let drive = 0;
  if (driveX) {
    if (driveX.v < 0)
      kit.report(
        f,
        driveX.a.range,
        'error',
        'TG-N10',
        `${name} has ${driveX.v} drive; drive cannot be negative (TG-N10, TG-R3). Write \`drive 0\` for none.`,
      );
    else if (!npc) drive = driveX.v;
  }
  if (npc) {
    const ignored = raw.attrs.filter((a) => ['attack', 'defense', 'drive'].includes(a.spec.name));
    if (ignored.length)
      kit.report(
        f,
        ignored[0].range,
        'warning',
        'TG-P1',
        `${name} is an NPC and never rolls, so its ${[...new Set(ignored.map((a) => a.spec.name))].join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored (TG-P1). Its difficulty already says how good it is.`,
      );
  }

  return { stress, drive };
}

/** Speed (TG-N1), range (TG-N2), the derived numbers a sheet overrides and its pools (TG-N11, TG-P2). */
export function readMovementAndPools(r: CharacterReader): {
  speedX: { a: AttrValue; v: number } | undefined;
  over: Overrides;
} {
  const { kit, raw, f, name, npc, num } = r;
  // speed (TG-N1), range (TG-N2), overrides and pools (TG-N11, TG-P2)
  const speedX = num('speed');
  let speed: number | null = null;
  if (speedX) {
    if (speedX.v < 0)
      kit.report(
        f,
        speedX.a.range,
        'error',
        'TG-N1',
        `${name}'s speed is ${speedX.v}; speed cannot be negative (TG-N1). Write \`speed 0\` for an immobile combatant.`,
      );
    else speed = speedX.v;
  }
  const rangeX = num('range');
  let range: number | null = null;
  if (rangeX) {
    if (rangeX.v < 1)
      kit.report(
        f,
        rangeX.a.range,
        'error',
        'TG-N2',
        `${name}'s range is ${rangeX.v}; range is at least 1, the adjacent squares (TG-N2).`,
      );
    else range = rangeX.v;
  }
  const over: Partial<Record<(typeof DERIVED)[number]['name'], number | null>> = { speed, range };
  for (const d of DERIVED.slice(2)) {
    const x = num(d.name);
    if (!x) continue;
    if ((POOLS as readonly string[]).includes(d.name) && x.v < 0) {
      kit.report(
        f,
        x.a.range,
        'error',
        'TG-N10',
        `${name}'s ${d.name} pool is ${x.v}; a pool cannot be negative (TG-N10, TG-N11). Write \`${d.name} 0\` for none.`,
      );
      continue;
    }
    if (npc && (d.name === 'attack' || d.name === 'defense')) continue;
    over[d.name] = x.v;
  }
  if (npc) {
    const pools = raw.attrs.filter((a) => (POOLS as readonly string[]).includes(a.spec.name));
    if (pools.length)
      kit.report(
        f,
        pools[0].range,
        'warning',
        'TG-P2',
        `${name} is an NPC with a declared ${[...new Set(pools.map((a) => a.spec.name))].join(', ')} pool: by default NPCs take no extra actions (TG-P2). Kept as homebrew: it will use it like a sheet.`,
      );
  }

  return { speedX, over };
}

/** Tags (TG-R3): `tag "Name" N [offensive|defensive]`, each with its stars and kind; the ones with stars. */
export function readTags(r: CharacterReader): Tag[] {
  const { kit, raw, f, name } = r;
  // tags (TG-R3): `tag "Name" N [offensive|defensive]`
  const tags: { name: string; stars?: number; kind: Tag['kind']; ref: NameRef; range: Range }[] = [];
  for (const a of raw.attrs) {
    const last = tags[tags.length - 1];
    if (a.spec.name === 'tag' && a.names[0])
      tags.push({ name: a.names[0].text, kind: null, ref: a.names[0], range: a.range });
    else if (a.spec.name === 'stars') {
      if (!last || last.stars !== undefined)
        kit.report(
          f,
          a.range,
          'error',
          'bad-value',
          `A bare number in ${name} is the stars of the tag just before it, and there is ${last ? 'a number already' : 'no tag'} there: write \`tag "Name" ${a.int ?? 2}\`.`,
        );
      else if (a.int !== undefined) {
        if (a.int < 0)
          kit.report(
            f,
            a.range,
            'error',
            'TG-N10',
            `Tag "${last.name}" has ${a.int} stars; stars cannot be negative (TG-N10, TG-R3).`,
          );
        else {
          if (a.int === 0 || a.int > STAR_MAX)
            kit.report(
              f,
              a.range,
              'warning',
              'TG-R3',
              `Tag "${last.name}" has ${a.int} stars, outside 1–${STAR_MAX} (TG-R3): kept as homebrew.`,
            );
          last.stars = a.int;
        }
        last.range = { start: last.range.start, end: a.range.end };
      }
    } else if (a.spec.name === 'offensive' || a.spec.name === 'defensive') {
      if (!last || last.kind)
        kit.report(
          f,
          a.range,
          'error',
          'bad-value',
          `'${a.spec.name}' declares the kind of the tag just before it; write it after the tag's stars: \`tag "Name" 2 ${a.spec.name}\`.`,
        );
      else last.kind = a.spec.name;
    }
  }
  for (const t of tags)
    if (t.stars === undefined && !raw.misspelt?.has('stars'))
      kit.report(
        f,
        t.range,
        'error',
        'TG-R3',
        `Tag "${t.name}" has no stars: write them after its name, e.g. \`tag ${quoteName(t.name)} 2\` (TG-R3).`,
      );
  const seenTags = new Set<string>();
  for (const t of tags) {
    if (seenTags.has(t.name))
      kit.report(
        f,
        t.ref.range,
        'error',
        'duplicate-name',
        `${name} has two tags named "${t.name}"; rename one of them.`,
      );
    seenTags.add(t.name);
  }

  return tags.filter((t) => t.stars !== undefined).map((t) => makeTag(t.name, t.stars!, t.kind));
}

/** Abilities (TG-B0), and `melee` with Deadeye (TG-B1). */
export function readAbilities(r: CharacterReader): { abilities: Ability[]; melee: boolean } {
  const { kit, raw, f, name } = r;
  // abilities (TG-B0)
  const abilities: Ability[] = [];
  for (const a of raw.attrs.filter((x) => x.spec.name === 'abilities'))
    for (const v of a.names) {
      if ((ABILITIES as readonly string[]).includes(v.text)) {
        if (!abilities.includes(v.text as Ability)) abilities.push(v.text as Ability);
      } else {
        const sugg = suggest(v.text, ABILITIES);
        kit.report(
          f,
          v.range,
          'error',
          'TG-B0',
          `'${v.text}' is not a built-in ability (TG-B0). The ten are: ${ABILITIES.join(', ')}.${didYouMean(sugg)}`,
          sugg,
        );
      }
    }
  const melee = kit.has(raw, 'melee');
  if (melee && abilities.includes('deadeye')) {
    const at = raw.attrs
      .find((a) => a.spec.name === 'abilities' && a.names.some((n) => n.text === 'deadeye'))!
      .names.find((n) => n.text === 'deadeye')!;
    kit.report(
      f,
      at.range,
      'warning',
      'TG-B1',
      `${name} is \`melee\`, so Deadeye can never extend its attacks (TG-B1, TG-L4). Remove one of them.`,
    );
  }
  return { abilities, melee };
}

/** TG-N11: a sheet's declared numbers that differ from their formula. */
export function checkFormulas(r: CharacterReader, c: Character): void {
  const { kit, raw, f, name, npc } = r;
  // TG-N11: declared numbers that differ from their formula (sheets; not an NPC missing its difficulty, TG-P1).
  if (!npc && !kit.has(raw, 'health')) {
    const formula = sheet(
      makeCharacter(name, {
        ...c,
        speed: null,
        range: null,
        attack: null,
        defense: null,
        tactics: null,
        effects: null,
        support: null,
        analysis: null,
        reactions: null,
      }),
    );
    for (const d of DERIVED) {
      const declared = c[d.name];
      if (declared === null) continue;
      const want = formula[d.name];
      if (declared !== want) {
        const at = kit.one(raw, d.name)!;
        kit.report(
          f,
          at.range,
          'warning',
          'TG-N11',
          `${name}'s ${d.name} ${declared} differs from its formula, ${d.formula} = ${want} (${d.rule}, TG-N11): kept as homebrew. Remove it to use ${want}.`,
        );
      }
    }
  }
}

/** TG-N1, TG-N2: the sheet's speed and range, outside the usual. */
export function checkSpeedAndRange(
  r: CharacterReader,
  c: Character,
  speedX: { a: AttrValue; v: number } | undefined,
): void {
  const { kit, raw, f, name, npc } = r;
  // TG-N1, TG-N2: the sheet's speed and range.
  const s = sheet(c);
  const speedAt = kit.one(raw, 'speed')?.range ?? kit.one(raw, 'agi')?.range ?? raw.nameRange;
  // A negative speed is already an error; an NPC with no speed already has TG-P1 saying so, and the 0 it
  // runs with until then is no choice the GM made, so no second warning about it.
  if (!(speedX && speedX.v < 0) && !(npc && !speedX)) {
    if (s.speed === 0)
      kit.report(
        f,
        speedAt,
        'warning',
        'TG-N1',
        `${name}'s speed is 0: it is immobile and never moves (TG-N1, TG-N12). Kept as written.`,
      );
    else if (s.speed < 4 || s.speed > 8)
      kit.report(
        f,
        speedAt,
        'warning',
        'TG-N1',
        `${name}'s speed is ${s.speed}, outside the usual 4–8 (TG-N1): kept as homebrew.`,
      );
  }
  if (s.range > 5) {
    const rangeAt = kit.one(raw, 'range')?.range ?? kit.one(raw, 'per')?.range ?? raw.nameRange;
    kit.report(
      f,
      rangeAt,
      'warning',
      'TG-N2',
      `${name}'s range is ${s.range}, above the usual 1–5 (TG-N2): kept as homebrew.`,
    );
  }
}
