// A character block (HA-N1..N4, HA-S6, HA-W5, HA-I3, HA-K1): four stats,
// Vitality, Guard and Resolve (derived when not written, kept as homebrew when
// they differ), the weapons it wields, its techniques, perks, talents, tactic
// and deck. `extends` is the kit's (buildInherited).

import type { NameRef, RawBlock } from '../../../model/read.js';
import type { Perk, Stat, StatBlock, Tactic, Talent, Technique, Weapon } from '../model.js';
import { STATS } from '../model.js';
import type { HaCheck } from './context.js';
import { deckBlock } from './deck.js';
import { UNARMED } from './defaults.js';
import { techniqueBlock } from './technique.js';
import { cap } from './text.js';
import { weaponBlock } from './weapon.js';

/** The stat block a character declares (after `extends`), built once. */
export function characterBlock(cx: HaCheck, raw: RawBlock): StatBlock {
  return cx.memo(cx.blocks, raw, () => {
    // An unknown base is one mistake: its stats and vitality are not also called missing.
    const {
      value: b,
      base,
      inherited,
    } = cx.buildInherited(raw, 'character', [...STATS, 'vitality'], (m) => buildCharacter(cx, m));
    if (base) Object.assign(b, { base, inherited });
    return b;
  });
}

/** HA-N1: the four stats, each reported when missing (once for all), negative or outside 1–6. */
function checkStats(cx: HaCheck, raw: RawBlock): Record<Stat, number> {
  const f = raw.file;
  const stats = {} as Record<Stat, number>;
  const missing = STATS.filter((s) => !cx.has(raw, s) && !raw.misspelt?.has(s));
  if (missing.length) {
    const list = missing
      .map(cap)
      .join(missing.length === 2 ? ' or ' : ', ')
      .replace(/, ([^,]+)$/, ' or $1');
    cx.report(
      f,
      raw.nameRange,
      'error',
      'HA-N1',
      `${raw.name} has no ${list}. Every combatant has four stats, Heart, Body, Mind and Spirit, each 1–6 (HA-N1): add ${missing.map((s) => `\`${s} 2\``).join(', ')}.`,
    );
  }
  for (const s of STATS) {
    const a = cx.one(raw, s);
    const v = a?.int;
    if (!a) {
      // reported above, once for all missing stats
    } else if (v !== undefined && v < 0) {
      cx.report(f, a.range, 'error', 'HA-N1', `${cap(s)} ${v} is negative; stats are whole numbers 1–6 (HA-N1).`);
    } else if (v !== undefined && (v === 0 || v > 6)) {
      cx.report(
        f,
        a.range,
        'warning',
        'HA-N1',
        `${cap(s)} ${v} is outside the rules' 1–6 (HA-N1): a homebrew value.${v === 0 ? ' A check still draws 2 cards (HA-K1).' : ''}`,
      );
    }
    stats[s] = Math.max(0, v ?? 1);
  }
  return stats;
}

/** HA-S6: the weapons, `wields Main [Offhand]` or `offhand X`: at most two, one off-hand, and both Light to dual wield. */
function checkWeapons(cx: HaCheck, raw: RawBlock): { weapon: Weapon; offhand: Weapon | undefined } {
  const f = raw.file;
  const wieldRefs = cx.many(raw, 'wields');
  const offRef = cx.one(raw, 'offhand')?.names[0];
  if (wieldRefs.length > 2) {
    cx.report(
      f,
      wieldRefs[2].range,
      'error',
      'HA-S6',
      `A combatant wields at most two weapons: a main hand and a Light off-hand (HA-S6).`,
    );
  }
  if (wieldRefs.length === 2 && offRef) {
    cx.report(
      f,
      offRef.range,
      'error',
      'HA-S6',
      `${raw.name} already names an off-hand in \`wields\`; keep one of them.`,
    );
  }
  const weaponOf = (ref: NameRef | undefined): Weapon | undefined => {
    if (!ref) return undefined;
    if (ref.text.toLowerCase() === 'unarmed') return UNARMED;
    const w = cx.resolve(raw, 'weapon', ref, ['Unarmed']);
    return w ? weaponBlock(cx, w) : undefined;
  };
  const weapon = weaponOf(wieldRefs[0]) ?? UNARMED;
  const offRefUsed = wieldRefs[1] ?? offRef;
  let offhand = weaponOf(offRefUsed);
  if (offhand && offRefUsed) {
    const notLight = [weapon, offhand].filter((w) => !w.properties.includes('light'));
    if (notLight.length) {
      cx.report(
        f,
        offRefUsed.range,
        'error',
        'HA-S6',
        `Dual wielding needs two Light weapons (HA-S6); ${notLight.map((w) => w.name).join(' and ')} ${notLight.length > 1 ? 'are' : 'is'} not Light. Add \`light\` to the weapon, or wield one weapon.`,
      );
      offhand = undefined;
    }
  }
  return { weapon, offhand };
}

function buildCharacter(cx: HaCheck, raw: RawBlock): StatBlock {
  const f = raw.file;
  const stats = checkStats(cx, raw);
  const vit = cx.one(raw, 'vitality');
  if (!vit && !raw.misspelt?.has('vitality'))
    cx.report(
      f,
      raw.nameRange,
      'error',
      'HA-N4',
      `${raw.name} has no vitality. Vitality has no formula in the rules: declare it, e.g. \`vitality 20\` (HA-N4).`,
    );
  else if (vit && vit.int !== undefined && vit.int <= 0)
    cx.report(f, vit.range, 'error', 'HA-N4', `Vitality must be above 0 (HA-N4); ${raw.name} has ${vit.int}.`);
  const vitality = Math.max(1, vit?.int ?? 1);
  const armorAttr = cx.one(raw, 'armor');
  const armor = armorAttr?.int ?? 0;
  if (armor < 0)
    cx.report(
      f,
      armorAttr!.range,
      'warning',
      'HA-N2',
      `Armor ${armor} lowers Guard below 5 + Body: a homebrew value (HA-N2).`,
    );
  const rulesGuard = 5 + stats.body + armor;
  const guardAttr = cx.one(raw, 'guard');
  if (guardAttr?.int !== undefined && guardAttr.int !== rulesGuard) {
    cx.report(
      f,
      guardAttr.range,
      'warning',
      'HA-N2',
      `Guard ${guardAttr.int} differs from the rules' 5 + Body ${stats.body} + armor ${armor} = ${rulesGuard} (HA-N2). Kept as a homebrew value; remove it to use ${rulesGuard}.`,
      [String(rulesGuard)],
    );
  }
  const resolveAttr = cx.one(raw, 'resolve');
  if (resolveAttr?.int !== undefined && resolveAttr.int < 0)
    cx.report(f, resolveAttr.range, 'error', 'HA-N3', `Resolve ${resolveAttr.int} is negative.`);

  const { weapon, offhand } = checkWeapons(cx, raw);
  const techniques: Technique[] = [];
  for (const ref of cx.many(raw, 'techniques')) {
    const t = cx.resolve(raw, 'technique', ref);
    if (t) techniques.push(techniqueBlock(cx, t));
  }
  const perks = cx.enumList<Perk>(raw, 'perks', ['quick-draw'], { values: ['brawler'], attr: 'talents' });
  const talents = cx.enumList<Talent>(raw, 'talents', ['brawler'], { values: ['quick-draw'], attr: 'perks' });
  const tactic =
    cx.enumValue<Tactic>(raw, cx.one(raw, 'tactics'), [
      'default',
      'focus-weakest',
      'nearest',
      'defensive',
      'support',
      'kite',
    ]) ?? 'default';
  if (talents.includes('brawler') && !weapon.unarmed && !weapon.improvised && !offhand?.improvised) {
    const at = raw.attrs.find((a) => a.spec.name === 'talents')!;
    cx.report(
      f,
      at.range,
      'info',
      'HA-W5',
      `Brawler adds +2 EV only to unarmed or improvised attacks (HA-W5); ${raw.name} wields ${weapon.name}.`,
    );
  }
  const deckRef = cx.one(raw, 'deck')?.names[0];
  const deckRaw = deckRef ? cx.resolve(raw, 'deck', deckRef) : undefined;
  const draws = {} as Record<Stat, number>;
  for (const s of STATS) draws[s] = Math.max(2, stats[s]); // HA-K1
  const heavy = weapon.properties.includes('heavy') || !!offhand?.properties.includes('heavy');
  const b: StatBlock = {
    name: raw.name,
    stats,
    vitality,
    armor,
    guard: guardAttr?.int ?? rulesGuard,
    rulesGuard,
    guardDeclared: guardAttr?.int !== undefined,
    resolve: resolveAttr?.int ?? 5 + stats.spirit,
    resolveAssumed: resolveAttr?.int === undefined,
    weapon,
    offhand,
    techniques,
    perks,
    talents,
    tactic,
    player: cx.has(raw, 'player'),
    draws,
    initiativeModifier: heavy ? -1 : 0, // HA-I3
    deck: deckRaw ? deckBlock(cx, deckRaw) : undefined,
    range: raw.nameRange,
    file: f,
  };
  return b;
}
