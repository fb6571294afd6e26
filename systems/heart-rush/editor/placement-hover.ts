// The hover on a placed name: its exact odds in the fight as the file places it
// (engine/placement-odds.ts), laid out as markdown — the openers and the reach
// threats first, then Help, then per foe (nearest first) its cover, its Help and
// the stance matrix with those levels in, and what was assumed.

import type { Encounter } from '../model.js';
import { cellText } from '../engine/report.js';
import type { FoeOdds, OpportunityOdds, PlacementOdds } from '../engine/placement-odds.js';
import { fracNum, type Frac } from '../engine/odds.js';

const pct = (f: Frac) => `${(100 * fracNum(f)).toFixed(1)}%`;
const oddsText = (o: OpportunityOdds) => cellText({ kind: 'attack', odds: o.odds });
const names = (xs: readonly string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const lv = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)} level${Math.abs(n) === 1 ? '' : 's'}`;

function opener(o: OpportunityOdds): string {
  const cover = o.level < 0 ? ` at ${lv(o.level)} (the target's cover, HR-S3)` : '';
  return `${o.who} → ${o.target} — ${o.why} — ${o.stance}${cover}: ${oddsText(o)}`;
}

function levelsText(who: string, level: number, helpers: readonly string[], cover: number): string {
  const parts: string[] = [];
  if (helpers.length) parts.push(`+${helpers.length} Help (${names(helpers)}, HR-A6)`);
  if (cover) parts.push(`−${cover} cover (HR-S3)`);
  return `${who}'s rolls ${parts.length ? `${parts.join(' ')} = ${lv(level)}` : 'at no (dis)advantage'}`;
}

function foeBlock(me: PlacementOdds, f: FoeOdds, weapon: { name: string; kind: string; reach: number }): string {
  const foe = f.foe.p;
  const c = me.me.p.character;
  const where = f.reaches
    ? `within the ${weapon.name}'s ${weapon.reach} ft`
    : f.reachesWithSidestep
      ? `within the ${weapon.name}'s ${weapon.reach} ft after the agility sidestep (HR-E8)`
      : `beyond the ${weapon.name}'s ${weapon.reach} ft`;
  const coverText =
    f.cover.name === 'none'
      ? 'no cover (HR-S3)'
      : f.cover.blocked
        ? `total cover: the ${weapon.name} cannot target it until it first moves (HR-S3)`
        : weapon.kind === 'ranged'
          ? `${f.cover.name} cover: ${f.cover.levels} level${f.cover.levels === 1 ? '' : 's'} of disadvantage on ranged attacks at it until it first moves (HR-S3)`
          : `${f.cover.name} cover, nothing against the melee ${weapon.name} (HR-S3)`;
  const head = `**vs ${foe.name}** at ${foe.x} ft ${foe.y} ft — ${f.feet} ft away, ${where}; ${coverText}${foe.surprised ? '; surprised: no stance in round 1, column *none* (HR-S1)' : ''}${foe.hidden ? '; hidden: it opens with one opportunity attack, then is seen (HR-O2 d)' : ''}.`;
  if (f.cover.blocked) return head;
  const levels = `${levelsText(me.me.p.name, f.situation.attackLevel ?? 0, me.helpers, f.cover.levels)}; ${levelsText(foe.name, f.situation.defenseLevel ?? 0, f.foeHelpers, 0)}.`;
  const table = [
    `| ${me.me.p.name} (${weapon.name}) ↓ · ${foe.name} → | ${f.targets.join(' | ')} |`,
    `|---|${f.targets.map(() => '---').join('|')}|`,
    ...f.cells.map((row, i) => `| ${['might', 'agility', 'cunning'][i]} | ${row.map(cellText).join(' | ')} |`),
  ].join('\n');
  const out = [head, levels, table];
  if (f.maneuver !== undefined) {
    const m = f.maneuver;
    out.push(
      `Maneuver (P(success), the resister wins ties, Help included; HR-M1): ${c.maneuver} vs ${foe.name}: ${typeof m === 'string' ? m : m.map((x) => (x.stance ? `${x.stance} ${pct(x.p)}` : pct(x.p))).join(' · ')}`,
    );
  }
  return out.join('\n\n');
}

/** The placement's section of a character hover. */
export function placementMarkdown(encName: string, enc: Encounter, o: PlacementOdds): string {
  const p = o.me.p;
  const c = p.character;
  const w = c.weapons[0];
  const lines: string[] = [];
  lines.push(
    `*${encName}* — **${p.name}** as placed at ${p.x} ft ${p.y} ft: round 1, before anyone moves. Each cell: P(damage ≥ 1) · E[damage] · P(wound); same stance: contest win / tie / loss — exact.`,
  );
  const bullets: string[] = [];
  if (p.surprised)
    bullets.push(
      `${p.name} is surprised: no steps, no opportunity attacks and no stance in round 1 (HR-S1); the rows below apply from round 2.`,
    );
  if (o.openersUnknown)
    bullets.push("Opening attacks (HR-R5): unknown — the simulator refuses this encounter's scripted dice (HR-D5).");
  else if (o.openers.length)
    bullets.push(
      `Opening attacks, before the action phase (HR-R5, no stance effects, HR-O3): ${o.openers.map(opener).join('; ')}.`,
    );
  else
    bullets.push(
      `Opening attacks (HR-R5): none involve ${p.name} (no hidden attacker reaches, no one surprised within reach).`,
    );
  const idle = o.idleThreats.length
    ? ` ${o.idleThreats.map((x) => `${x.who} reaches ${p.name}, but ${x.why}`).join('; ')}.`
    : '';
  if (o.threats.length) {
    const t = o.threats.map((x) => `${x.who} (${x.weapon}, reach ${x.reach} ft) ${x.stance}: ${oddsText(x)}`);
    bullets.push(
      `Moving draws opportunity attacks (HR-O2 a, b): a dash out of a foe's reach, or more than 5 ft inside it — ${t.join('; ')}. A sidestep never does (HR-A4).${idle}`,
    );
  } else if (idle) bullets.push(`Moving draws no opportunity attack (HR-O2 a, b):${idle}`);
  else
    bullets.push(`Moving draws no opportunity attack: no foe's melee weapon reaches ${p.x} ft ${p.y} ft (HR-O2 a, b).`);
  bullets.push(
    o.helpers.length
      ? `Help (HR-A6): ${names(o.helpers)} Help${o.helpers.length === 1 ? 's' : ''} ${p.name} — +${o.helpers.length} level${o.helpers.length === 1 ? '' : 's'} on its next roll (each Helps the ally within 5 ft with the lowest HP), if nobody moves first.`
      : `Help (HR-A6): none — no ally within 5 ft would Help ${p.name} where they stand.`,
  );
  const scripted =
    p.dice.length > 0 ||
    c.dice.length > 0 ||
    enc.sides.some((s) => s.placements.some((x) => x.dice.length > 0 || x.character.dice.length > 0));
  bullets.push(
    `Assumed: no statuses at the start (the file declares none, HR-T1); Help is spent by the helped one's next roll, counted here on this one${scripted ? '; scripted dice (HR-D5) are not counted: the odds are of unscripted rolls' : ''}.`,
  );
  lines.push(bullets.map((b) => `- ${b}`).join('\n'));
  for (const f of o.foes) lines.push(foeBlock(o, f, w));
  if (o.moreFoes) lines.push(`… and ${o.moreFoes} more foe${o.moreFoes === 1 ? '' : 's'} (hover their placements).`);
  return lines.join('\n\n');
}
