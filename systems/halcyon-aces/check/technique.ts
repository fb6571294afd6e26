// A technique block (HA-A4, HA-M1/M2): its cost in actions, the stat it
// draws, the defence it meets, its targets and range.

import type { RawBlock } from '../../../model/read.js';
import type { Band, Stat, Technique } from '../model.js';
import { STATS } from '../model.js';
import type { HaCheck } from './context.js';

/** The technique a block declares, built once. */
export function techniqueBlock(cx: HaCheck, raw: RawBlock): Technique {
  return cx.memo(cx.techniques, raw, () => buildTechnique(cx, raw));
}

function buildTechnique(cx: HaCheck, raw: RawBlock): Technique {
  const f = raw.file;
  const costAttr = cx.one(raw, 'cost');
  let cost = costAttr?.int ?? 1;
  if (!costAttr)
    cx.report(
      f,
      raw.nameRange,
      'error',
      'HA-A4',
      `${raw.name} has no cost: add \`cost 1\`, \`cost 2\` or \`cost 3\` (actions, HA-A4).`,
    );
  else if (costAttr.int !== undefined && (costAttr.int < 1 || costAttr.int > 3)) {
    // Say what is wrong for each side of the range and what to write instead (HA-A4).
    const why =
      costAttr.int < 1
        ? `a technique takes at least 1 of the turn's 3 actions, so it cannot be free`
        : `a turn has only 3 actions`;
    cx.report(
      f,
      costAttr.range,
      'error',
      'HA-A4',
      `${raw.name} costs ${costAttr.int} actions, but a technique costs 1 to 3 (HA-A4): ${why}. Write \`cost ${costAttr.int < 1 ? 1 : 3}\`.`,
    );
    cost = Math.max(1, Math.min(3, costAttr.int));
  }
  const statAttr = cx.one(raw, 'stat');
  const stat = cx.enumValue<Stat>(raw, statAttr, STATS) ?? 'body';
  if (!statAttr)
    cx.report(
      f,
      raw.nameRange,
      'error',
      'bad-value',
      `${raw.name} needs the stat it draws: add \`stat spirit\` (or heart, body, mind).`,
    );
  const against =
    cx.enumValue<'guard' | 'resolve'>(raw, cx.one(raw, 'against'), ['guard', 'resolve']) ??
    (stat === 'spirit' || stat === 'heart' ? 'resolve' : 'guard');
  const targets =
    cx.enumValue<'single' | 'dual' | 'sweep'>(raw, cx.one(raw, 'targets'), ['single', 'dual', 'sweep']) ?? 'single';
  const reach = cx.enumValue<Band>(raw, cx.one(raw, 'range'), ['engaged', 'near', 'far']) ?? 'engaged';
  const bonus = cx.one(raw, 'bonus')?.int ?? 0;
  const t: Technique = { name: raw.name, cost, stat, against, targets, reach, bonus, range: raw.nameRange, file: f };
  return t;
}
