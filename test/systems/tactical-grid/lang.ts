// Helpers for Tactical Grid language tests: check `system tactical-grid` text in memory.
import type { CheckResult } from '../../../model/workspace.js';
import { tgModel, type TGModel } from '../../../systems/tactical-grid/index.js';
import { languageKit, PATH } from '../lang-kit.js';

export { PATH };
export type TGCheck = CheckResult & { model: TGModel };
export const { HEAD, check, diags, codes, withCode, covered } = languageKit('tactical-grid', tgModel);

/** A clean sheet: every stat written (speed 5, range 2). */
export const SHEET = 'agi 2 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1';
/** A clean NPC's numbers. */
export const NPC = 'difficulty 13 health 3 speed 5 range 1';

export function sheetChar(name: string, extra = ''): string {
  return `character ${name} { ${SHEET} ${extra} }\n`;
}
export function npcChar(name: string, extra = '', numbers = NPC): string {
  return `character ${name} { ${numbers} ${extra} }\n`;
}

/** An encounter on `rows` (default an open 6 × 4) with sides a and b holding the given placement lines. */
export function fight(
  a: string,
  b: string,
  opts: { extra?: string; rows?: string[]; grid?: string; name?: string } = {},
): string {
  const rows = opts.rows ?? ['......', '......', '......', '......'];
  return `encounter ${opts.name ?? 'E'} {\n${opts.extra ?? ''}\nmap {\ngrid ${opts.grid ?? 'square'}\n${rows.map((r) => `row "${r}"`).join('\n')}\n}\nside a {\n${a}\n}\nside b {\n${b}\n}\n}\n`;
}

/** A sheet A against an NPC B, facing each other on an open map. */
export const CLEAN = sheetChar('A') + npcChar('B') + fight('A at a1 facing east', 'B at f4 facing west');
