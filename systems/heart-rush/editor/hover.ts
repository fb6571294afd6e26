// Heart Rush hovers (EditorContributions.hover): a character's numbers with
// the assumed ones marked, and its exact exchange odds against every foe of
// the encounters it is placed in; weapons and armor in a line.

import type { HoverQuery, InlayHintData, UnknownNameQuery } from '../../../model/system.js';
import type { HRModel } from '../check.js';
import { armorBonus, effectiveSpeed, UNARMED, type Character, type Weapon } from '../model.js';
import { matrixMarkdown } from '../engine/report.js';
import { maneuverLine } from '../engine/maneuver-odds.js';
import { placementOdds } from '../engine/placement-odds.js';
import { placementMarkdown } from './placement-hover.js';
import type { Range } from '../../../grammar/ast.js';

const die = (n: number): string => `d${n}`;
/** A signed number as hovers and hints write it: +2, −1 (a negative armor bonus is kept as written, HR-N4). */
const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

function characterLines(c: Character): string[] {
  return [
    `**${c.name}** — ${c.player ? 'player character' : 'character'}, ${c.hp} HP (HR-N3)`,
    `| | |\n|---|---|\n| Dice | heart ${die(c.heart)} · might ${die(c.might)} · agility ${die(c.agility)} · cunning ${die(c.cunning)} |\n| Speed | ${effectiveSpeed(c)} ft (${c.speed} ft${c.armor && c.armor.speed ? ` ${c.armor.speed > 0 ? '+' : '−'} ${Math.abs(c.armor.speed)} ft ${c.armor.name}` : ''}, HR-N5) |\n| Armor | ${signed(armorBonus(c))}${c.armor ? ` (${c.armor.name})` : ''} (HR-N4) |\n| Weapons | ${c.weapons.map((w) => `${w.name} ${w.kind} ${die(w.die)}, ${w.kind === 'melee' ? 'reach' : 'range'} ${w.reach} ft`).join('; ')} |\n| Rush | ${c.rush} (HR-N8) · hands ${c.hands} · ${c.size} · tactics ${c.tactics} |`,
  ];
}

export function hrHover(q: HoverQuery): string | undefined {
  const model = q.model as HRModel;
  if (q.kind === 'character') {
    const def = model.characters.find((d) => d.value.name === q.name && d.file === q.file);
    if (!def) return undefined;
    const c = def.value;
    const lines = characterLines(c);
    // on a placed name: the fight as the file places it (cover, Help, openers, reach threats; placement-odds.ts)
    if (q.ref?.role === 'placement' && q.encounter !== undefined) {
      const ref = q.ref;
      const info = model.encounters.find((e) => e.name === q.encounter && e.file === ref.file);
      const index = info ? info.combatants.findIndex((k) => contains(k.range, ref.range)) : -1;
      if (info && index >= 0 && info.encounter.sides.flatMap((s) => s.placements)[index]?.character.name === c.name) {
        lines.push(placementMarkdown(info.name, info.encounter, placementOdds(info.encounter, index)));
        return lines.join('\n\n');
      }
    }
    let shown = 0;
    for (const enc of model.encounters) {
      if (q.encounter !== undefined && enc.name !== q.encounter) continue;
      const mine = enc.encounter.sides.find((s) => s.placements.some((p) => p.character.name === c.name));
      if (!mine) continue;
      const foes = new Map<string, Character>();
      for (const s of enc.encounter.sides)
        if (s !== mine) for (const p of s.placements) foes.set(p.character.name, p.character);
      for (const foe of foes.values()) {
        if (shown++ >= 3) break;
        lines.push(
          `*${enc.name}* — exact odds of one exchange against ${foe.name}, stat blocks only: no Help, cover or statuses (hover a placed name for the fight as placed) (P(damage ≥ 1) · E[damage] · P(wound); same stance: contest win / tie / loss):\n\n${matrixMarkdown(c, foe)}`,
        );
        // HR-M1…M5: the maneuver it forgoes its attack for, exact, as they stand (no Help, no statuses)
        const m = maneuverLine(c, foe);
        if (m) lines.push(`Maneuver (P(success), the resister wins ties; HR-M1): ${m}`);
      }
    }
    return lines.join('\n\n');
  }
  if (q.kind === 'weapon') {
    const w = model.weapons.find((d) => d.value.name === q.name && d.file === q.file)?.value;
    return w && weaponLine(w);
  }
  if (q.kind === 'armor') {
    const a = model.armors.find((d) => d.value.name === q.name && d.file === q.file)?.value;
    return (
      a &&
      `**${a.name}** — +${a.bonus} to defense rolls (HR-N4)${a.speed ? `, speed ${a.speed > 0 ? '+' : '−'}${Math.abs(a.speed)} ft (HR-N5)` : ''}`
    );
  }
  return undefined;
}

/** Whether range `inner` lies inside `outer` (a placed name inside its placement line). */
function contains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

function weaponLine(w: Weapon): string {
  return `**${w.name}** — ${w.kind} ${die(w.die)}, ${w.kind === 'melee' ? 'reach' : 'range'} ${w.reach} ft, ${w.hands} hand${w.hands === 1 ? '' : 's'}, might bonus ${w.mightBonus === null ? 'one more weapon die (HR-C5)' : `+${w.mightBonus}`}`;
}

/** `wields Unarmed`: the built-in weapon every character has when it wields none. */
export function hrHoverUnknown(q: UnknownNameQuery): string | undefined {
  return q.ref.kind === 'weapon' && q.ref.name === UNARMED.name ? weaponLine(UNARMED) : undefined;
}

/**
 * Inlay hints: each character's speed after armor (HR-N5) and armor bonus (HR-N4), after its name. The tooltip
 * says only what applies, as HR-N5's warning does: the sum when armor changes the speed, "floored at 0" below 0.
 */
export function hrInlayHints(q: { model: unknown; file: string }): InlayHintData[] {
  const model = q.model as HRModel;
  return model.characters
    .filter((d) => d.file === q.file)
    .map((d) => {
      const c = d.value;
      const mod = c.armor && c.armor.speed ? c.armor : undefined;
      const total = c.speed + (mod?.speed ?? 0);
      const feet = (n: number): string => `${n < 0 ? '−' : ''}${Math.abs(n)} ft`;
      const speed = mod
        ? `${feet(c.speed)} ${mod.speed > 0 ? '+' : '−'} ${Math.abs(mod.speed)} ft (${mod.name}) = ${feet(total)}`
        : feet(c.speed);
      return {
        at: d.range,
        label: `speed ${effectiveSpeed(c)} ft · armor ${signed(armorBonus(c))}`,
        tooltip: `Speed ${speed}${total < 0 ? ', floored at 0' : ''} (HR-N5); armor bonus ${signed(armorBonus(c))} to defense rolls (HR-N4).`,
      };
    });
}
