// An encounter's sides and who stands on them (HA-I6, HA-Z1): each side once,
// each placement resolved to a character (copies numbered), its starting zone
// and deck, and the combatant limit.

import type { Range } from '../../../grammar/ast.js';
import { quoteName } from '../../../model/check-kit.js';
import type { Tactics } from '../../../model/priority-run.js';
import { placementName, type Placement as RawPlacement, type RawBlock } from '../../../model/read.js';
import { checkCombatantIds, distinctSides, Roster } from '../../../model/roster.js';
import type { Combatant, DeckSpec } from '../model.js';
import { characterBlock } from './character.js';
import type { HaCheck } from './context.js';
import { deckBlock } from './deck.js';
import { characterTactics, placementTactics, tacticsOf } from './tactics.js';
import { DEFAULT_ZONE, STANDARD_DECK } from './defaults.js';
import type { EncounterZones } from './zones.js';

export interface EncounterSides {
  sides: string[];
  combatants: Combatant[];
  /** Where each combatant placed in a zone was written: the later checks report on that line. */
  placementOf: Map<Combatant, { side: RawBlock; range: Range }>;
  /** The file each combatant's GM rules are written in (check/tactics.ts reports on them there). */
  rulesFile: Map<Combatant, string>;
}

/** `localDecks`: decks declared inside the encounter, which shadow the file's. */
export function encounterSides(
  cx: HaCheck,
  raw: RawBlock,
  z: EncounterZones,
  localDecks: ReadonlyMap<string, RawBlock>,
): EncounterSides {
  const f = raw.file;
  const { zones, zoneIndex, zoneNames, implicitZone, unknownZone } = z;
  const sides: string[] = [];
  const combatants: Combatant[] = [];
  const report = (range: Range, code: string, message: string): void => cx.report(f, range, 'error', code, message);
  const sideRaws = distinctSides(raw, report);
  const roster = new Roster(
    raw.name,
    sideRaws.flatMap((s) => s.placements),
    report,
  );
  const placementOf = new Map<Combatant, { side: RawBlock; range: Range }>();
  const rulesFile = new Map<Combatant, string>();
  const ids: { id: string; character: string; raw: RawPlacement }[] = [];
  for (const s of sideRaws) {
    sides.push(s.name);
    const sideRules = tacticsOf(cx, s); // issue 33: every member's, unless its character or placement has its own
    if (s.placements.length === 0)
      cx.report(
        f,
        s.nameRange,
        'warning',
        'HA-I6',
        `Side '${s.name}' has nobody in it; it loses at once (HA-I6). Place someone: \`Name at zone\`.`,
      );
    for (const p of s.placements) {
      const cRaw = cx.resolve(s, 'character', p.name);
      const at = placementName(p, 'at');
      const deckRef = placementName(p, 'deck');
      let zone: string | undefined;
      if (at) {
        if (implicitZone && at.text === DEFAULT_ZONE)
          zone = DEFAULT_ZONE; // the implicit zone can be named (docs/LANGUAGE.md)
        else if (implicitZone) {
          cx.report(
            f,
            at.range,
            'error',
            'HA-Z1',
            `This encounter declares no zones, so there is no '${at.text}'. Declare it with \`zone ${quoteName(at.text)} { }\`, or drop \`at ${at.text}\`.`,
            [at.text],
          );
        } else if (!zoneIndex.has(at.text)) unknownZone(at, ' to start in');
        else zone = at.text;
      } else if (implicitZone) zone = DEFAULT_ZONE;
      else if (zones.length === 1) zone = zones[0].name;
      else
        // fix id `start-zone`: the editor offers `at Zone` for each suggested zone
        cx.diags.push({
          file: f,
          range: p.name.range,
          severity: 'error',
          code: 'HA-Z1',
          message: `Where does ${p.name.text} start? This encounter has ${zones.length} zones: add \`at ${zones[0].name}\` (or another zone).`,
          suggestions: zoneNames,
          fix: 'start-zone',
        });
      let deck: DeckSpec | undefined;
      if (deckRef) {
        const local = localDecks.get(deckRef.text);
        const dRaw = local ?? cx.resolve(s, 'deck', deckRef);
        if (dRaw) deck = deckBlock(cx, dRaw);
      }
      if (!cRaw) continue;
      const block = characterBlock(cx, cRaw);
      // issue 33: the most specific block decides alone: the placement's, the character's (or its base's), the side's
      const own = p.tactics ? undefined : characterTactics(cx, cRaw);
      const rules: { t: Tactics; owner: string; own: boolean; from: string } | undefined = p.tactics
        ? { t: placementTactics(cx, s, p.tactics), owner: p.name.text, own: false, from: s.file }
        : own
          ? { t: own.t, owner: own.owner, own: own.owner === cRaw.name, from: own.file }
          : sideRules
            ? { t: sideRules, owner: `side ${s.name}`, own: false, from: s.file }
            : undefined;
      const tactics = rules ? { ...rules.t, owner: rules.owner } : undefined;
      for (let k = 0; k < p.copies; k++) {
        const id = roster.next(p, block.name);
        if (id === undefined) break;
        const c: Combatant = {
          id,
          block,
          side: s.name,
          zone: zone ?? zones[0].name,
          deck: deck ?? block.deck ?? STANDARD_DECK,
          order: combatants.length,
          ...(tactics ? { tactics, ownTactics: rules!.own } : {}),
        };
        combatants.push(c);
        ids.push({ id, character: block.name, raw: p });
        if (rules) rulesFile.set(c, rules.from);
        if (zone) placementOf.set(c, { side: s, range: p.range });
      }
    }
  }
  checkCombatantIds(raw.name, ids, report);
  return { sides, combatants, placementOf, rulesFile };
}
