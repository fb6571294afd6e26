// Heart Rush completion of attribute values (EditorContributions.completionValues)
// and the words beside a character's name in completion lists (`describe`):
// weapons and armor with their numbers and the built-in Unarmed (the shell
// lists only declared names, not the schema's `builtins`), distances on the
// 5-ft grid for `field`, speeds, reaches and ranges (HR-P1).

import type { CompletionQuery, CompletionValue, WorkspaceView } from '../../../model/system.js';
import type { HRModel } from '../check.js';
import { firstFreeSquare } from './fixes.js';
import {
  armorBonus,
  BASE_SPEED,
  DEFAULT_RANGE,
  DEFAULT_REACH,
  effectiveSpeed,
  SQUARE,
  UNARMED,
  type Armor,
  type Weapon,
} from '../model.js';

const sign = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** A weapon's numbers in one line: `melee d8, reach 10 ft, 2 hands`. */
export function weaponNumbers(w: Weapon): string {
  return `${w.kind} d${w.die}, ${w.kind === 'melee' ? 'reach' : 'range'} ${w.reach} ft, ${w.hands} hand${w.hands === 1 ? '' : 's'}`;
}

function armorNumbers(a: Armor): string {
  return `bonus ${sign(a.bonus)}${a.speed ? `, speed ${sign(a.speed)} ft` : ''}`;
}

function modelOf(workspace: WorkspaceView, file: string): HRModel | undefined {
  return workspace.modelOf(file) as HRModel | undefined;
}

export function hrCompletionValues(q: CompletionQuery): CompletionValue[] | undefined {
  const a = q.attr;
  const out: CompletionValue[] = [];
  const distance = (feet: number, detail: string, sort: number): void => {
    out.push({ label: `${feet}ft`, kind: 'constant', detail, sortText: `0${String(sort).padStart(3, '0')}` });
  };
  if (q.context === 'character' && a.name === 'wields') {
    for (const w of q.visible('weapon')) {
      const weapon = modelOf(q.workspace, w.file)?.weapons.find(
        (d) => d.value.name === w.name && d.file === w.file,
      )?.value;
      out.push({
        label: w.name,
        kind: 'struct',
        detail: `weapon · ${weapon ? `${weaponNumbers(weapon)} · ` : ''}${w.where}`,
        insert: q.formatName(w.name),
        sortText: `0${w.name}`,
      });
    }
    // the schema's built-in weapon: no file declares it, so the shell's list of visible names has it not
    out.push({
      label: UNARMED.name,
      kind: 'constant',
      detail: `built in: ${weaponNumbers(UNARMED)} (HR-N10)`,
      sortText: `1${UNARMED.name}`,
    });
    return out;
  }
  if (q.context === 'character' && a.name === 'wears') {
    for (const v of q.visible('armor')) {
      const armor = modelOf(q.workspace, v.file)?.armors.find(
        (d) => d.value.name === v.name && d.file === v.file,
      )?.value;
      out.push({
        label: v.name,
        kind: 'struct',
        detail: `armor · ${armor ? `${armorNumbers(armor)} · ` : ''}${v.where}`,
        insert: q.formatName(v.name),
        sortText: `0${v.name}`,
      });
    }
    return out;
  }
  // Distances: multiples of 5 ft only (HR-P1), the assumed one first.
  if (q.context === 'encounter' && a.name === 'field' && q.argCount <= 1) {
    const axis = q.argCount === 0 ? 'width' : 'height';
    // the smallest field holding everyone this encounter places (copies included), when it has anyone
    const enc = q.model && (q.model as HRModel).encounters.find((e) => e.name === q.self && e.file === q.file);
    const spots = enc?.encounter.sides.flatMap((s) => s.placements) ?? [];
    if (spots.length) {
      const fit = Math.max(...spots.map((p) => (q.argCount === 0 ? p.x : p.y))) + SQUARE;
      distance(fit, `${axis}: the smallest that holds everyone placed (HR-P4)`, 0);
    }
    for (const [i, feet] of (q.argCount === 0 ? [60, 90, 120, 200] : [30, 60, 90, 120]).entries())
      distance(feet, `${axis}, ${feet / SQUARE} squares (HR-P4)`, i + 1);
    return out;
  }
  // a placement's square: the first free one of its encounter (HR-P1), as one `x y` value
  if (q.context === 'placement' && a.name === 'at' && q.argCount === 0) {
    const enc = q.model && (q.model as HRModel).encounters.find((e) => e.name === q.self && e.file === q.file);
    const square = firstFreeSquare(enc?.encounter);
    if (square)
      out.push({
        label: `${square[0]}ft ${square[1]}ft`,
        kind: 'constant',
        detail: 'the first free square, row by row (HR-P1)',
        sortText: '0',
      });
    return out;
  }
  if (a.arg === 'feet' && q.argCount === 0) {
    const sets: Record<string, [number[], string]> = {
      'character speed': [[BASE_SPEED, 30, 40, 50, 80], `speed before armor; assumed ${BASE_SPEED} ft (HR-N5)`],
      'weapon reach': [[DEFAULT_REACH, 10, 15], `melee reach; assumed ${DEFAULT_REACH} ft (HR-P2)`],
      'weapon range': [[DEFAULT_RANGE, 30, 80, 120, 150], `range; assumed ${DEFAULT_RANGE} ft (HR-P2)`],
      'armor speed': [[-5, -10, -15], "added to the wearer's speed (HR-N5)"],
    };
    const set = sets[`${q.context} ${a.name}`];
    if (set) set[0].forEach((feet, i) => distance(feet, set[1], i));
    return set ? out : undefined;
  }
  return undefined;
}

/** A stat block beside its name in completion lists: hit points, heart die, speed after armor, weapon in hand. */
export function hrDescribe(q: {
  kind: string;
  name: string;
  file: string;
  workspace: WorkspaceView;
}): string | undefined {
  if (q.kind !== 'character') return undefined;
  const c = modelOf(q.workspace, q.file)?.characters.find((d) => d.value.name === q.name && d.file === q.file)?.value;
  return (
    c &&
    `${c.hp} HP, heart d${c.heart}, speed ${effectiveSpeed(c)} ft, armor +${armorBonus(c)}, ${c.weapons[0]?.name ?? UNARMED.name}`
  );
}
