// A weapon block (HA-S1, HA-W1..W4): its kind, stat, reach, bonus and
// properties, with what an improvised or mismatched weapon breaks.

import type { RawBlock } from '../../../model/read.js';
import type { Band, Stat, Weapon, WeaponKind, WeaponProperty } from '../model.js';
import { WEAPON_PROPERTIES } from '../schema.js';
import type { HaCheck } from './context.js';
import { cap, fmtSigned } from './text.js';

const REACH: Record<WeaponKind, Band> = { melee: 'engaged', thrown: 'near', ranged: 'far', firearm: 'far' };
const KIND_STAT: Record<WeaponKind, Stat> = { melee: 'body', thrown: 'body', ranged: 'mind', firearm: 'mind' };

/** The weapon a block declares, built once. */
export function weaponBlock(cx: HaCheck, raw: RawBlock): Weapon {
  return cx.memo(cx.weapons, raw, () => buildWeapon(cx, raw));
}

function buildWeapon(cx: HaCheck, raw: RawBlock): Weapon {
  const f = raw.file;
  const kindAttr = cx.group(raw, 'kind');
  const statAttr = cx.group(raw, 'stat');
  const kind = (kindAttr?.spec.name ?? 'melee') as WeaponKind;
  const improvised = cx.has(raw, 'improvised') ? (cx.has(raw, 'heavy') ? 'heavy' : 'standard') : undefined;
  const properties = WEAPON_PROPERTIES.filter((p) => cx.has(raw, p)) as WeaponProperty[];
  const bonusAttr = cx.one(raw, 'bonus');
  const bonus = bonusAttr?.int ?? (improvised === 'heavy' ? 1 : 0);
  let reach = REACH[kind];
  if (kind === 'thrown') properties.push('thrown');
  const stat = (statAttr?.spec.name as Stat | undefined) ?? KIND_STAT[kind];

  if (statAttr && stat !== KIND_STAT[kind]) {
    cx.report(
      f,
      statAttr.keyRange,
      'warning',
      'HA-S1',
      `${raw.name} is ${kind === 'melee' ? 'a melee' : `a ${kind}`} weapon drawing ${cap(stat)}; the rules draw ${cap(KIND_STAT[kind])} for ${kind} Strikes (HA-S1). Keep it only as a homebrew choice.`,
    );
  }
  if (improvised) {
    // HA-W4: standard improvised +0, Body, melee, thrown at Near; heavy +1, Heavy, not thrown.
    if (kind === 'ranged' || kind === 'firearm') {
      cx.report(
        f,
        kindAttr!.keyRange,
        'error',
        'HA-W4',
        `Improvised weapons are melee (a standard one can also be thrown at Near); ${raw.name} cannot be ${kind} (HA-W4).`,
      );
    }
    if (improvised === 'heavy' && kind === 'thrown') {
      cx.report(
        f,
        kindAttr!.keyRange,
        'error',
        'HA-W4',
        `A heavy improvised weapon (chair, crate) cannot be thrown (HA-W4). Remove 'thrown', or drop 'heavy' for a bottle-sized one.`,
      );
    }
    const expected = improvised === 'heavy' ? 1 : 0;
    if (bonusAttr?.int !== undefined && bonusAttr.int !== expected) {
      cx.report(
        f,
        bonusAttr.range,
        'warning',
        'HA-W4',
        `${improvised === 'heavy' ? 'Heavy improvised' : 'Improvised'} weapons deal +${expected} bonus damage (HA-W4); ${raw.name} says ${fmtSigned(bonusAttr.int)} (homebrew).`,
      );
    }
    if (improvised === 'standard' && kind !== 'ranged' && kind !== 'firearm') {
      if (!properties.includes('thrown')) properties.push('thrown');
      reach = 'near';
    }
  }
  if (properties.includes('light') && properties.includes('heavy')) {
    // HA-W1: Light (dual wielding) and Heavy (−1 initiative) describe opposite weapons.
    const at = raw.attrs.find((a) => a.spec.name === 'heavy')!;
    cx.report(
      f,
      at.keyRange,
      'error',
      'HA-W1',
      `${raw.name} is both light and heavy (HA-W1): a Light weapon can be dual-wielded, a Heavy one costs −1 initiative. Keep one of the two.`,
    );
  }
  if (improvised) {
    // HA-W4 lists everything an improvised weapon is; crit properties (keen, brutal, …) are not among them.
    for (const p of properties.filter((q) => q !== 'heavy' && q !== 'thrown' && q !== 'light')) {
      const at = raw.attrs.find((a) => a.spec.name === p)!;
      cx.report(
        f,
        at.keyRange,
        'warning',
        'HA-W4',
        `Improvised weapons have no '${p}' (HA-W4 gives them only +0 Body melee, thrown at Near, or heavy +1). Remove '${p}', or drop 'improvised' to make ${raw.name} a real weapon.`,
      );
    }
  }
  if (properties.includes('scatter') && kind !== 'firearm') {
    cx.report(
      f,
      raw.attrs.find((a) => a.spec.name === 'scatter')!.keyRange,
      'warning',
      'HA-W3',
      `Scatter is a firearm property (HA-W3); ${raw.name} is ${kind}.`,
    );
  }
  const w: Weapon = { name: raw.name, kind, stat, reach, bonus, properties, improvised, range: raw.nameRange, file: f };
  if (improvised === 'heavy' && !w.properties.includes('heavy')) w.properties.push('heavy');
  return w;
}
