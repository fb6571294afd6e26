// The Heart Rush checker's gear (split from check.ts): weapons, armor and dice scripts, and the die, 5-ft-grid and
// distance-limit checks every block shares. HRModelBuilder (check.ts) extends it with characters and encounters;
// each block is built once (memoised), so a mistake is reported once.

import type { Range } from '../../grammar/ast.js';
import { BlockChecker, quoteName } from '../../model/check-kit.js';
import type { AttrValue, RawBlock } from '../../model/read.js';
import { didYouMean, suggest } from '../../model/suggest.js';
import {
  armor as makeArmor,
  weapon as makeWeapon,
  DEFAULT_WEAPON_DIE,
  DIE_LADDER,
  SQUARE,
  type Armor,
  type Character,
  type Die,
  type Weapon,
} from './model.js';
import type { HRBlockKind } from './schema.js';

/** Positions, field sizes, speeds, reaches and ranges beyond this many feet are refused (`limit`). */
export const MAX_FEET = 100_000;
/** Fix id of a reach or range under 5 ft (HR-P2): set it to 5 ft. */
export const MIN_REACH_FIX = 'min-reach';
/** HR-D5: a scripted roll fits some die of the ladder. */
export const MAX_ROLL = 12;

const DIE_WORDS = DIE_LADDER.map((d) => `d${d}`);
const DICE_NAMES = DIE_WORDS.join(', ');

export abstract class HRGearChecker extends BlockChecker<HRBlockKind> {
  private readonly weapons = new Map<RawBlock, Weapon>();
  private readonly armors = new Map<RawBlock, Armor>();
  private readonly scripts = new Map<RawBlock, number[]>();

  /** HR-D1: a die word d4…d12. */
  protected die(raw: RawBlock, attr: AttrValue | undefined): Die | undefined {
    const v = attr?.names[0];
    if (!v) return undefined;
    const i = DIE_WORDS.indexOf(v.text);
    if (i >= 0) return DIE_LADDER[i];
    const m = /^d(\d+)$/i.exec(v.text);
    let sugg: string[];
    if (m) {
      // the nearest dice of the ladder by size (d20 → d12, d7 → d6 or d8)
      const n = Number(m[1]);
      const best = Math.min(...DIE_LADDER.map((d) => Math.abs(d - n)));
      sugg = DIE_LADDER.filter((d) => Math.abs(d - n) === best).map((d) => `d${d}`);
    } else sugg = suggest(v.text, DIE_WORDS);
    const what = attr!.spec.name === 'die' ? `${raw.name}'s damage die` : `${raw.name}'s ${attr!.spec.name} die`;
    this.report(
      raw.file,
      v.range,
      'error',
      'HR-D1',
      `'${v.text}' is not a Heart Rush die: ${what} must be one of ${DICE_NAMES} (HR-D1).${didYouMean(sugg)}`,
      sugg,
    );
    return undefined;
  }

  /** HR-P1: a distance on the 5-ft grid. */
  protected onGrid(file: string, range: Range, feet: number, what: string): boolean {
    if (feet % SQUARE === 0) return true;
    // The two nearest multiples go with it as suggestions: the editor's fix (editor/fixes.ts) puts one on the bad
    // number alone, since the range covers the whole attribute (`at 12ft 0ft`) and the reader keeps no range per number.
    const lo = Math.floor(feet / SQUARE) * SQUARE;
    this.report(
      file,
      range,
      'error',
      'HR-P1',
      `${what} is ${feet} ft, not a multiple of 5 ft: the field is a grid of 5-ft squares (HR-P1). Write ${lo}ft or ${lo + SQUARE}ft.`,
      [`${lo}ft`, `${lo + SQUARE}ft`],
    );
    return false;
  }

  protected tooFar(file: string, range: Range, feet: number, what: string): boolean {
    if (Math.abs(feet) <= MAX_FEET) return false;
    this.report(
      file,
      range,
      'error',
      'limit',
      `${what} is ${feet} ft; the limit is ${MAX_FEET.toLocaleString('en-US')} ft.`,
    );
    return true;
  }

  // ---- weapons ----------------------------------------------------------

  weapon(raw: RawBlock): Weapon {
    const memo = this.weapons.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const kind = (this.group(raw, 'kind', 'a weapon is one of them, ')?.spec.name ?? 'melee') as Weapon['kind'];
    const dieAttr = this.one(raw, 'die');
    const die = this.die(raw, dieAttr);
    if (!dieAttr && !raw.misspelt?.has('die'))
      this.report(
        f,
        raw.nameRange,
        'warning',
        'HR-N10',
        `${raw.name} has no damage die; d${DEFAULT_WEAPON_DIE} is assumed (HR-N10). Write one, e.g. \`weapon ${quoteName(raw.name)} { ${kind} d8 }\`.`,
      );
    const reachAttr = this.one(raw, 'reach');
    const rangeAttr = this.one(raw, 'range');
    let reach: number | undefined;
    if (kind === 'ranged' && reachAttr) {
      this.report(
        f,
        reachAttr.range,
        'error',
        'HR-P2',
        `${raw.name} is a ranged weapon: it has a \`range\`, not a \`reach\` (HR-P2). Write \`range ${reachAttr.feet ?? 60}ft\`, or make it \`melee\`.`,
      );
    }
    if (kind === 'melee' && rangeAttr) {
      this.report(
        f,
        rangeAttr.range,
        'error',
        'HR-P2',
        `${raw.name} is a melee weapon: it has a \`reach\`, not a \`range\` (HR-P2). Write \`reach ${rangeAttr.feet ?? 5}ft\`, or make it \`ranged\`.`,
      );
    }
    const own = kind === 'melee' ? reachAttr : rangeAttr;
    if (own?.feet !== undefined) {
      const what = `${raw.name}'s ${own.spec.name}`;
      if (this.tooFar(f, own.range, own.feet, what)) {
        // refused
      } else if (own.feet < SQUARE) {
        // fix id: the edit is the number (5 ft), not the reach/range swap of HR-P2's other two diagnostics
        this.diags.push({
          file: f,
          range: own.range,
          severity: 'error',
          code: 'HR-P2',
          fix: MIN_REACH_FIX,
          message: `${what} is ${own.feet} ft: a weapon reaches at least the next square, 5 ft (HR-P2).`,
        });
      } else if (this.onGrid(f, own.range, own.feet, what)) reach = own.feet;
    }
    const handsAttr = this.one(raw, 'hands');
    let hands: number | undefined;
    if (handsAttr?.int !== undefined) {
      if (handsAttr.int < 0 || handsAttr.int > 2)
        this.report(
          f,
          handsAttr.range,
          'error',
          'HR-N7',
          `${raw.name} needs ${handsAttr.int} hands; a weapon needs 0, 1 or 2 (HR-N7).`,
        );
      else hands = handsAttr.int;
    }
    const mb = this.one(raw, 'might-bonus')?.int;
    const w = makeWeapon(raw.name, { kind, die, reach, hands, mightBonus: mb ?? null });
    this.weapons.set(raw, w);
    return w;
  }

  // ---- armor ------------------------------------------------------------

  armor(raw: RawBlock): Armor {
    const memo = this.armors.get(raw);
    if (memo) return memo;
    const f = raw.file;
    const bonusAttr = this.one(raw, 'bonus');
    const bonus = bonusAttr?.int;
    if (bonus !== undefined && bonus < 0)
      this.report(
        f,
        bonusAttr!.range,
        'warning',
        'HR-N4',
        `${raw.name}'s bonus ${bonus} lowers its wearer's defense rolls: armor adds to defense (HR-N4). Kept as written; check the sign.`,
      );
    const speedAttr = this.one(raw, 'speed');
    let speed = 0;
    if (
      speedAttr?.feet !== undefined &&
      !this.tooFar(f, speedAttr.range, speedAttr.feet, `${raw.name}'s speed`) &&
      this.onGrid(f, speedAttr.range, speedAttr.feet, `${raw.name}'s speed modifier`)
    )
      speed = speedAttr.feet;
    const a = makeArmor(raw.name, bonus, speed);
    this.armors.set(raw, a);
    return a;
  }

  // ---- dice scripts -----------------------------------------------------

  dice(raw: RawBlock): number[] {
    const memo = this.scripts.get(raw);
    if (memo) return memo;
    const rolls: number[] = [];
    const attrs = raw.attrs.filter((a) => a.spec.name === 'rolls');
    for (const a of attrs) {
      const bad = (a.ints ?? []).filter((n) => n < 1 || n > MAX_ROLL);
      if (bad.length)
        this.report(
          raw.file,
          a.range,
          'error',
          'HR-D5',
          `${bad.length === 1 ? `Roll ${bad[0]} is` : `Rolls ${bad.join(', ')} are`} outside 1–${MAX_ROLL}: a scripted result is a face of a d4…d12 (HR-D5). Fix or remove ${bad.length === 1 ? 'it' : 'them'}.`,
        );
      for (const n of a.ints ?? []) if (n >= 1 && n <= MAX_ROLL) rolls.push(n);
    }
    if (!attrs.length && !raw.misspelt?.has('rolls'))
      // the example is faces of every die (a 5 would not fit a d4), so writing it as given never breaks HR-D5
      this.report(
        raw.file,
        raw.nameRange,
        'warning',
        'HR-D5',
        `Dice ${raw.name} scripts nothing: add \`rolls 3 2 1\` (the results, in the order they are rolled, HR-D5).`,
      );
    this.scripts.set(raw, rolls);
    return rolls;
  }

  /** HR-M2: a grapple needs a free hand; with exactly one the check is halved. */
  protected checkGrappleHands(raw: RawBlock, c: Character): void {
    const f = raw.file;
    if (c.maneuver === 'grapple') {
      const w = c.weapons[0];
      const free = Math.max(0, c.hands - w.hands);
      const at = raw.attrs.find((a) => a.spec.name === 'maneuver')!.range;
      if (free === 0)
        this.report(
          f,
          at,
          'warning',
          'HR-M2',
          `${raw.name} grapples with no free hand (${c.hands} hand${c.hands === 1 ? '' : 's'}, ${w.name} in hand takes ${w.hands}): it can never grapple (HR-M2). Wield a one-handed weapon or Unarmed first.`,
        );
      else if (free === 1)
        this.report(
          f,
          at,
          'warning',
          'HR-M2',
          `${raw.name} grapples with one free hand (${w.name} in hand): its grapple check is halved, rounded up (HR-M2). Wield Unarmed first for a full check.`,
        );
    }
  }
}
