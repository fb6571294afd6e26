// Halcyon Aces completion of attribute values (EditorContributions.completionValues):
// weapons with their numbers (only Light ones in the off-hand, HA-S6) and the
// built-in Unarmed, techniques, decks, stat values, the zones of the
// encounter, drop heights, the 52 card literals, technique costs.

import type { CompletionQuery, CompletionValue, WorkspaceView } from '../../../model/system.js';
import { SUIT_SYMBOLS } from '../engine/cards.js';
import { STAT_NAMES } from '../schema.js';
import { defsOf } from './workspace.js';

const RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2'];
const SUIT_STATS = ['Heart', 'Body', 'Mind', 'Spirit'];

export function haCompletionValues(q: CompletionQuery): CompletionValue[] {
  const out: CompletionValue[] = [];
  const a = q.attr;
  const name = (label: string, kind: CompletionValue['kind'], detail: string, sort: string): void => {
    out.push({ label, kind, detail, insert: q.formatName(label), sortText: `${sort}${label}` });
  };
  if (q.context === 'character') {
    if (a.name === 'wields' || a.name === 'offhand') {
      // the off-hand (`offhand`, or a second `wields` name) takes only a Light weapon (HA-S6)
      const offhand = a.name === 'offhand' || q.argCount >= 1;
      for (const w of q.visible('weapon')) {
        const weapon = defsOf(q.workspace, w.file).weapons.get(w.name);
        if (offhand && weapon && !weapon.properties.includes('light')) continue;
        name(
          w.name,
          'struct',
          `weapon · ${weapon ? `${weapon.kind} ${weapon.bonus >= 0 ? '+' : ''}${weapon.bonus}${weapon.properties.length ? ' ' + weapon.properties.join(' ') : ''} · ` : ''}${w.where}${offhand ? ' · off-hand (HA-S6)' : ''}`,
          '0',
        );
      }
      if (!offhand) name('Unarmed', 'constant', 'built in: +0, Body, melee (HA-W6)', '1');
    } else if (a.name === 'techniques') {
      for (const t of q.visible('technique')) name(t.name, 'function', `technique · ${t.where}`, '0');
    } else if (a.name === 'deck') {
      for (const d of q.visible('deck')) name(d.name, 'variable', `deck · ${d.where}`, '0');
    }
    if ((STAT_NAMES as readonly string[]).includes(a.name))
      for (let v = 1; v <= 6; v++)
        out.push({ label: String(v), kind: 'constant', detail: `${a.name} ${v}`, sortText: `0${v}` });
    return out;
  }
  if (q.context === 'zone' && (a.name === 'adjacent' || (a.name === 'drop' && q.argCount === 0))) {
    for (const z of q.local('zone')) if (z !== q.self) name(z, 'module', 'zone', '0');
    return out;
  }
  if (q.context === 'zone' && a.name === 'drop' && q.argCount === 1) {
    out.push(
      { label: '10ft', kind: 'constant', detail: 'drop height' },
      { label: '20ft', kind: 'constant', detail: 'drop height' },
    );
    return out;
  }
  if (q.context === 'zone' && a.name === 'drop' && q.argCount === 2) {
    out.push({ label: 'soft', kind: 'enum-member', detail: 'a soft landing halves the fall damage first (HA-F1)' });
    return out;
  }
  if (a.arg === 'cards') {
    SUIT_SYMBOLS.forEach((s, si) =>
      RANKS.forEach((r, ri) =>
        out.push({
          label: `${r}${s}`,
          kind: 'constant',
          detail: `${SUIT_STATS[si]} card`,
          sortText: `${si}${String(ri).padStart(2, '0')}`,
        }),
      ),
    );
    return out;
  }
  if (q.context === 'technique' && a.name === 'cost')
    for (const v of [1, 2, 3])
      out.push({ label: String(v), kind: 'constant', detail: `${v} action${v > 1 ? 's' : ''}` });
  return out;
}

/** A stat block beside its name in completion lists: Vitality, Guard and weapon. */
export function haDescribe(q: {
  kind: string;
  name: string;
  file: string;
  workspace: WorkspaceView;
}): string | undefined {
  if (q.kind !== 'character') return undefined;
  const b = defsOf(q.workspace, q.file).characters.get(q.name);
  return b && `Vitality ${b.vitality}, Guard ${b.guard}, ${b.weapon.name}`;
}
