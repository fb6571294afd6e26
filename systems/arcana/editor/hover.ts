// Arcana hovers (EditorContributions.hover): a character's derived numbers with
// the assumed ones marked (the checker's hover notes), and the exact odds of
// its attack on each foe it meets (AR-A1…A6, exact.ts), flipped from the
// encounter's Fate deck (AR-F1), without a cheat and cheating with one unknown
// card (AR-C6), and its chance of acting before each foe (AR-I1…I3); a weapon's totals in a line; a maneuver's rule and
// the exact chance of each character who knows it, in the encounters it meets.

import type { Range } from '../../../grammar/ast.js';
import type {
  CompletionQuery,
  CompletionValue,
  HoverQuery,
  TermHoverQuery,
  UnknownNameQuery,
} from '../../../model/system.js';
import type { ArcanaModel } from '../check.js';
import { STAT_LABEL, UNARMED, type Character, type Maneuver, type Side, type Weapon } from '../model.js';
import { attackOddsFor, deckCards, initiativeHolders, initiativeOddsFor, maneuverOddsFor } from '../engine/exact.js';
import { fracNum, type Frac } from '../engine/odds.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
/** A fraction shown, or "—" when the deck cannot give the flips at all (a tiny homebrew deck). */
const pctOf = (f: Frac): string => (f.d === 0n ? '—' : pct(fracNum(f)));
const numOf = (f: Frac): string => (f.d === 0n ? '—' : fracNum(f).toFixed(2));

export function arHover(q: HoverQuery): string | undefined {
  const model = q.model as ArcanaModel;
  if (q.kind === 'weapon') {
    const w = model.weapons.find((x) => x.name === q.name && model.declaredIn.get(x) === q.file);
    return w && weaponLine(w);
  }
  if (q.kind === 'maneuver') {
    const m = model.maneuvers.find((x) => x.name === q.name && model.declaredIn.get(x) === q.file);
    return m && maneuverHover(m, model);
  }
  if (q.kind !== 'character') return undefined;
  const note = model.hovers.find((h) => h.file === q.file && h.markdown.startsWith(`**${q.name}**`));
  if (!note) return undefined;
  const lines = [note.markdown];
  let shown = 0;
  for (const enc of model.encounters) {
    if (q.encounter !== undefined && enc.name !== q.encounter) continue;
    const mine = enc.model.sides.find((s) => findCharacter(s, q.name));
    const self = mine && findCharacter(mine, q.name);
    if (!mine || !self) continue;
    const deck = deckCards(enc.model);
    const deckText =
      enc.model.deck.kind === 'standard'
        ? 'the standard 52-card Fate deck'
        : `the encounter's deck ${enc.model.deck.name}, ${deck.length} cards (AR-F1)`;
    // AR-C2, AR-S3: a cheat needs an aspect; a declared scene aspect or one of its own always applies
    const aspect = enc.model.aspects.length > 0 || self.aspects.length > 0;
    const rows: string[] = [];
    for (const s of enc.model.sides) {
      if (s === mine) continue;
      for (const foe of characters(s)) {
        if (shown++ >= 4) break;
        const o = attackOddsFor(self, foe, { deck });
        const c = aspect ? attackOddsFor(self, foe, { deck, cheat: 'unknown' }) : undefined;
        rows.push(
          `| ${foe.name} | ${pctOf(o.pHit)} | ${numOf(o.mean)} | ${pctOf(o.pOut)} | ${c ? pctOf(c.pHit) : '— (no aspect, AR-C2)'} |`,
        );
      }
    }
    if (rows.length)
      lines.push(
        `*${enc.name}* — exact odds of one attack (${deckText}; the defender does not cheat):\n\n| foe | P(hit) | E[damage] | P(taken out) | P(hit), cheating with one unknown card (AR-C6) |\n|---|---:|---:|---:|---:|\n${rows.join('\n')}`,
      );
    // AR-I1…I3: who acts first, from the encounter's deck; a group flips once (AR-I2)
    const holders = initiativeHolders(enc.model);
    const si = enc.model.sides.indexOf(mine);
    const own = holders.find((h) => h.side === si && h.names.some((n) => placementOf(mine, n)?.character === self));
    if (own) {
      const ini: string[] = [];
      for (const h of holders) {
        if (h.side === si || ini.length >= 4) continue;
        ini.push(`| ${h.label} | ${pctOf(initiativeOddsFor(enc.model, own.first, h.first))} |`);
      }
      if (ini.length)
        lines.push(
          `Initiative (AR-I1…I3): ${own.label} acts before…\n\n| foe | P(acting first) |\n|---|---:|\n${ini.join('\n')}`,
        );
    }
  }
  return lines.join('\n\n');
}

const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** AR-A2, A3, D1: which stat the weapon attacks with, and its bonus in attack and damage both. */
function weaponLine(w: Weapon): string {
  const b = signed(w.bonus);
  const total = (stat: string, why: string) => `Attack Total = ${stat} + flip ${b} + attack edges (${why})`;
  const attack =
    w.kind === 'ranged'
      ? total('Finesse', 'AR-A3')
      : w.finesse
        ? total('Finesse', 'a finesse weapon, AR-A2')
        : total('Strength', 'AR-A2');
  return `**${w.name}** — ${w.kind}${w.finesse ? ' finesse' : ''} ${b}: ${attack}; ${b} to the damage of a hit too (AR-D1)`;
}

/** AR-M2…M5: opposed or not, the aspect and where it goes; then each character who knows it, exactly, per encounter. */
function maneuverHover(m: Maneuver, model: ArcanaModel): string {
  const stat = STAT_LABEL[m.stat];
  const test = m.against
    ? `${stat} + flip against the ${m.target === 'scene' ? "opposition's" : "opponent's"} ${STAT_LABEL[m.against]} + flip, strictly higher succeeds (AR-M3)`
    : `${stat} + flip ≥ TN ${m.tn ?? 'of the encounter (`tn`, else 10)'} succeeds (AR-M2)`;
  const where =
    m.target === 'self'
      ? 'on itself (AR-M4); no Fate Card (AR-M5)'
      : `on the ${m.target === 'scene' ? 'scene' : 'opponent'} (AR-M4) and draws a Fate Card (AR-M5)`;
  const lines = [`**${m.name}** — a maneuver: ${test}; success puts *${m.aspect}* ${where}.`];
  const rows: string[] = [];
  for (const enc of model.encounters) {
    for (const mine of enc.model.sides) {
      for (const self of characters(mine)) {
        if (!self.maneuvers.includes(m)) continue;
        // unopposed: one chance; opposed (an opponent, or a scene with `against`): one per foe it may face
        if (!m.against) {
          if (rows.length < 6)
            rows.push(`| ${enc.name} | ${self.name} | — | ${pctOf(maneuverOddsFor(self, m, null, enc.model))} |`);
          continue;
        }
        for (const s of enc.model.sides) {
          if (s === mine) continue;
          for (const foe of characters(s))
            if (rows.length < 6)
              rows.push(
                `| ${enc.name} | ${self.name} | ${foe.name} | ${pctOf(maneuverOddsFor(self, m, foe, enc.model))} |`,
              );
        }
      }
    }
  }
  if (rows.length)
    lines.push(
      `Exact chance of success (each encounter's Fate deck, AR-F1; no cheat):\n\n| encounter | who | against | P(success) |\n|---|---|---|---:|\n${rows.join('\n')}`,
    );
  return lines.join('\n\n');
}

function characters(side: Side): Character[] {
  return [...new Map(side.placements.map((m) => [m.character.name, m.character])).values()];
}

function placementOf(side: Side, name: string): Side['placements'][number] | undefined {
  return side.placements.find((p) => p.name === name);
}

function findCharacter(side: Side, name: string): Character | undefined {
  return characters(side).find((c) => c.name === name);
}

/** `wields Unarmed`: the built-in weapon (AR-A2) that no file declares, so the shell finds no definition for it. */
export function arHoverUnknown(q: UnknownNameQuery): string | undefined {
  if (q.ref.kind === 'weapon' && q.ref.name.toLowerCase() === UNARMED.name.toLowerCase())
    return `${weaponLine(UNARMED)}. Built in: every character holds it unless it wields a weapon (AR-A2).`;
  return undefined;
}

/** `wields <|>`: the weapons visible from the file, then the built-in Unarmed (AR-A2), which no file declares. */
export function arCompletionValues(q: CompletionQuery): CompletionValue[] | undefined {
  if (q.context !== 'character' || q.attr.name !== 'wields') return undefined;
  const out: CompletionValue[] = q.visible('weapon').map((w) => ({
    label: w.name,
    kind: 'struct',
    detail: `weapon · ${w.where}`,
    insert: q.formatName(w.name),
    sortText: `0${w.name}`,
  }));
  if (!out.some((v) => v.label.toLowerCase() === UNARMED.name.toLowerCase()))
    out.push({
      label: UNARMED.name,
      kind: 'constant',
      detail: 'built in: melee +0 (AR-A2)',
      sortText: `1${UNARMED.name}`,
    });
  return out;
}

/**
 * A term the shell has no symbol for: a group label (`group "The Circle"`, AR-G1), which the model lists
 * (SystemModel.labels) so the editor makes no character reference of it, even when it is a character's name.
 */
export function arHoverTerm(q: TermHoverQuery): string | undefined {
  return q.model ? labelHover(q.model as ArcanaModel, q.file, q.term.range) : undefined;
}

/** A group label (AR-G1): who shares its one initiative flip, and with which Alertness (ARS-13). */
function labelHover(model: ArcanaModel, file: string, range: Range): string | undefined {
  const l = model.labels.find(
    (x) => x.file === file && x.range.start.offset === range.start.offset && x.range.end.offset === range.end.offset,
  );
  if (!l) return undefined;
  const enc = model.encounters.find((e) => e.name === l.encounter && e.file === file);
  const side = enc?.model.sides.find((s) => s.name === l.side);
  const members = side?.placements.filter((p) => p.group === l.label) ?? [];
  if (!members.length) return undefined;
  const c = members[0].character;
  return `**${l.label}** — a group of ${members.length} (AR-G1): ${members.map((p) => p.name).join(', ')}. They flip initiative once, adding ${c.name}'s Alertness ${c.alertness} once (AR-I2, ARS-13), and each one still standing takes a full turn in order on that score (AR-G2); each is targeted, hit and counted for concession on its own (AR-G3).`;
}
