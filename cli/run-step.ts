// `aces run FILE --step`: a seeded fight a GM walks through (issue 14 item 6):
// next step, next round, back one step, go to round N, run to the next mark
// (the system's notable events: a crit, a Broken, a cheat…), to the end. Driven
// by the shared CombatSession (the fight recorded once and walked, so a step back
// shows the lines of the first pass), with a state line of every combatant's key
// meter from the system's watch after each round and each jump.

import type { FightSnapshot } from '../model/system.js';
import { CombatSession } from '../model/session.js';
import { stepAnswer, stepHelp, stepPrompt } from './step-keys.js';
import type { Style } from './style.js';

/** Asks for a command: a key (`key`) or a line of digits (`line`, after g or m); undefined: no more input (stop). */
export type StepAsk = (question: string, kind: 'key' | 'line') => Promise<string | undefined>;

/** One line of the fight's state: `round 2 · Tess Vitality 5/16 · Old Hob Vitality 0/20 Broken · …`. */
export function stateLine(snap: FightSnapshot): string {
  const who = snap.combatants.map((c) => {
    const m = c.meters[0];
    const meter = m ? ` ${m.label} ${m.value}${m.max !== undefined ? `/${m.max}` : ''}` : '';
    const st = c.statuses.length ? ` (${c.statuses.join(', ')})` : '';
    return `${c.name}${meter}${st}`;
  });
  return `# ${snap.round ? `round ${snap.round}` : 'start'} · ${who.join(' · ')}`;
}

export async function stepThrough(
  s: CombatSession,
  ask: StepAsk,
  io: { out(s: string): void; style: Style },
  units: { small: string; large: string },
  maxLines: number,
): Promise<number> {
  let shown = 0;
  let lastStateRound = -1;
  const print = (lines: readonly string[]): boolean => {
    for (const l of lines) {
      io.out(l);
      if (++shown >= maxLines) {
        io.out(
          io.style.dim(
            `# log stopped at ${maxLines.toLocaleString('en-US')} lines (the limit of one log); use \`aces odds\` for many combats, or lower \`rounds\`.`,
          ),
        );
        return false;
      }
    }
    return true;
  };
  const state = (force: boolean): void => {
    const snap = s.snapshot();
    if (!snap || (!force && snap.round === lastStateRound)) return;
    lastStateRound = snap.round;
    io.out(io.style.dim(stateLine(snap)));
  };
  /** After a step back or a jump back: where the log now ends (the lines before it were printed already). */
  const rewound = (what: string, lines: readonly string[]): void => {
    shown = lines.length;
    io.out(io.style.dim(`# ${what} (the same fight, seed ${s.seed}); the log now ends:`));
    for (const l of lines.slice(-3)) io.out(io.style.dim(`#   ${l}`));
    state(true);
  };

  if (!print(s.start().lines)) return 1;
  state(true);
  // at the end the GM may still step back or go to a round: only q (or the end of input) leaves
  let endSaid = false;
  for (;;) {
    if (s.done && !endSaid) {
      endSaid = true;
      io.out(io.style.dim(`# the fight is over: b back · g go to a ${units.large} · q stop`));
    }
    if (!s.done) endSaid = false;
    const key = await ask(io.style.dim(stepPrompt(units.small, units.large)), 'key');
    if (key === undefined) {
      io.out(io.style.dim('# end of input: stopped.'));
      return 0;
    }
    const answer = stepAnswer(key);
    if (answer === undefined) continue;
    if (answer === 'quit') {
      io.out(io.style.dim('# stopped.'));
      return 0;
    }
    if (answer === 'help') {
      for (const l of stepHelp(units.small, units.large, s.marks)) io.out(io.style.dim(l));
      continue;
    }
    if (answer === 'back') {
      const r = s.back();
      rewound(`back one ${units.small}`, r.lines);
      continue;
    }
    if (answer === 'goto') {
      const n = Number((await ask(io.style.dim(`${units.large}? `), 'line'))?.trim());
      if (!Number.isInteger(n) || n < 1) {
        io.out(io.style.dim(`# no ${units.large} given.`));
        continue;
      }
      const r = s.jumpToRound(n);
      if (r.rewound) rewound(`back to the start of ${units.large} ${n}`, r.lines);
      else {
        if (!print(r.lines)) return 1;
        io.out(
          io.style.dim(
            s.done ? `# the fight ended before ${units.large} ${n}.` : `# at the start of ${units.large} ${n}.`,
          ),
        );
        state(true);
      }
      continue;
    }
    if (s.done && (answer === 'turn' || answer === 'round' || answer === 'end' || answer === 'mark')) {
      io.out(io.style.dim('# the fight is over.'));
      continue;
    }
    if (answer === 'mark') {
      const marks = s.marks;
      if (!marks.length) {
        io.out(io.style.dim('# this system names no marks to run to.'));
        continue;
      }
      let label = marks[0];
      if (marks.length > 1) {
        const pick = Number(
          (await ask(io.style.dim(`${marks.map((m, i) => `${i + 1} ${m}`).join(' · ')}? `), 'line'))?.trim(),
        );
        if (!Number.isInteger(pick) || pick < 1 || pick > marks.length) {
          io.out(io.style.dim('# no mark picked.'));
          continue;
        }
        label = marks[pick - 1];
      }
      const r = s.nextMark(label);
      if (!r.found) {
        io.out(io.style.dim(`# no more ${label} in this fight.`));
        continue;
      }
      if (!print(r.lines)) return 1;
      state(true);
      continue;
    }
    const r = answer === 'turn' ? s.nextTurn() : answer === 'round' ? s.nextRound() : s.toEnd();
    if (!print(r.lines)) return 1;
    // a state line at every round's end (and when a step crossed into a new round without stopping at its start)
    if (s.done || s.atRoundStart) {
      state(true);
      lastStateRound = s.round + 1;
    } else state(false);
  }
}
