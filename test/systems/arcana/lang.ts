// Helpers for the Arcana language tests: check in-memory `system arcana`
// text and look at its diagnostics and checked model.
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../../../model/diagnostics.js';
import type { CheckResult } from '../../../model/workspace.js';
import { checkText } from '../../../systems/index.js';
import type { ArcanaModel, ArEncounter } from '../../../systems/arcana/index.js';

/** The spec's example file ("In the language": Raid on Salt Street), copied verbatim into the fixtures. */
export const EXAMPLE_PATH = 'test/systems/arcana/fixtures/salt-street.aces';
export function exampleFile(): string {
  return readFileSync(EXAMPLE_PATH, 'utf8');
}

export type ArCheck = CheckResult & { model: ArcanaModel };

/** Checks `text` as test.aces (give it its own `system arcana` line). */
export function check(text: string, others: Record<string, string> = {}): ArCheck {
  const r = checkText(text, 'test.aces', others);
  const model = (r.models.get('arcana') as ArcanaModel | undefined) ?? {
    encounters: [],
    characters: [],
    weapons: [],
    maneuvers: [],
    declaredIn: new Map(),
    decks: [],
    hovers: [],
    labels: [],
  };
  return Object.assign(r, { model });
}

/** `system arcana` + body. */
export function ar(body: string, others: Record<string, string> = {}): ArCheck {
  return check(`system arcana\n${body}`, others);
}

export function diags(r: CheckResult, file = 'test.aces'): Diagnostic[] {
  return r.diagnostics.filter((d) => d.file === file);
}

/** Diagnostics with one code. */
export function withCode(r: CheckResult, code: string): Diagnostic[] {
  return diags(r).filter((d) => d.code === code);
}

export function show(r: CheckResult): string {
  return r.diagnostics
    .map((d) => `${d.file}:${d.range.start.line + 1} ${d.severity} ${d.code} ${d.message}`)
    .join('\n');
}

export function encounterOf(r: ArCheck, name?: string): ArEncounter {
  const e = name === undefined ? r.model.encounters[0] : r.model.encounters.find((x) => x.name === name);
  if (!e) throw new Error(`no encounter ${name ?? ''}\n${show(r)}`);
  return e;
}

/** A small clean world to vary: weapons, two characters each side, an encounter. */
export const BASE_DEFS = `
weapon Saber { melee +2 }
weapon Pistol { ranged +3 }
maneuver Trip { stat agility against agility aspect Prone }
character Hero { player strength 3 finesse 3 agility 3 alertness 3 wields Saber }
character Thug { strength 3 finesse 2 agility 2 alertness 2 wields Saber }
`;

/** An encounter around given sides (`side a { Hero }` …). */
export function fight(sides: string, attrs = ''): string {
  return `encounter Fight {\n  ${attrs}\n  ${sides}\n}\n`;
}

export const TWO_SIDES = 'side heroes { Hero }\n  side thugs { Thug x2 }';
