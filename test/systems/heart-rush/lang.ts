// Helpers for Heart Rush language tests: check `system heart-rush` text in memory.
import type { CheckResult } from '../../../model/workspace.js';
import { hrModel, type HRModel } from '../../../systems/heart-rush/index.js';
import { languageKit, PATH } from '../lang-kit.js';

export { PATH };
export type HRCheck = CheckResult & { model: HRModel };
export const { HEAD, check, diags, codes, withCode, covered } = languageKit('heart-rush', hrModel);

/** A minimal valid character with extra attributes. */
export function char(name: string, extra = '', hp = 'hp 10'): string {
  return `character ${name} { ${hp} ${extra} }\n`;
}

/** An encounter with sides a and b holding the given placement lines. */
export function fight(a: string, b: string, extra = '', name = 'E'): string {
  return `encounter ${name} {\n${extra}\nside a {\n${a}\n}\nside b {\n${b}\n}\n}\n`;
}

/** Two plain characters A and B facing each other. */
export const CLEAN = char('A') + char('B') + fight('A at 0ft 0ft', 'B at 5ft 0ft');
