// A tiny rule system that exists only in the tests, to prove the seam is not
// shaped around Halcyon Aces: coin-flip duels. Each round every standing
// fighter flips a coin against a random standing enemy; heads takes 1 hp.
// Its own blocks (`fighter`), its own placement key (`row N`), its own step
// unit (a flip), its own counter (knocked out). Its decisions (issue 32's seam:
// `play` with a DecisionControl) are whom to flip at or to wait, or a shout that
// changes nothing but the dice, so the regret probe is tested without the real
// systems (test/balance/regret.test.ts).

import type {
  CheckContext,
  DecisionControl,
  FastPath,
  PlayedFight,
  RuleSystem,
  SystemEngine,
  SystemModel,
} from '../../model/system.js';
import { combatSeed, seededStream } from './toy-rng.js';
import { tallyEnd } from '../../engine/tally.js';

/**
 * How a toy fighter decides whom to flip at (its policy): `random` (the default) a foe drawn from the fight's stream;
 * `weakest` the foe with the fewest hp (the best play); `idle` it waits (the worst: it never flips).
 */
export type ToyPolicy = 'random' | 'weakest' | 'idle';

export interface ToyEncounter {
  name: string;
  seed: number;
  rounds: number;
  sides: string[];
  /** `rule`: the GM's rule its decisions carry (issue 33's DecisionPoint.rule), for the probe's per-rule figures. */
  combatants: { id: string; side: string; hp: number; policy?: ToyPolicy; rule?: string }[];
  file: string;
  /**
   * The decisions a turn offers (issue 32's seam): `targets` (the default) whom to flip at, or to wait; `shouts`: a
   * shout first (roar, growl, hiss: equal in worth, each draws 0, 1 or 2 numbers from the stream, so each meets other
   * dice) and then a flip at a random foe, as the policy `random` does.
   */
  decisions?: 'targets' | 'shouts';
}

type ToyEvent =
  | { type: 'round'; round: number }
  | { type: 'flip'; who: string; at: string; heads: boolean; hp: number }
  | { type: 'wait'; who: string }
  | { type: 'end'; winner: string | null };

const SHOUTS = ['roar', 'growl', 'hiss'];

function* fight(
  enc: ToyEncounter,
  seed: number,
  onEnd?: (winner: number, rounds: number, out: boolean[]) => void,
  control?: DecisionControl,
): Generator<ToyEvent, { winner: string | null; rounds: number }> {
  let next = seededStream(seed);
  const hp = enc.combatants.map((c) => c.hp);
  const sideOf = enc.combatants.map((c) => enc.sides.indexOf(c.side));
  let round = 0;
  let index = 0;
  /** Offers a decision to the control; the option taken, after reseeding the stream when asked. */
  const decide = (actor: number, kind: string, options: string[], chosen: number): number => {
    if (!control) return chosen;
    const rule = enc.combatants[actor].rule;
    const o = control.decide({ actor, kind, round, options, chosen, ...(rule ? { rule } : {}) }, index++);
    if (o?.reseed !== undefined) next = seededStream(o.reseed);
    return o?.option ?? chosen;
  };
  const standing = (s: number) => hp.some((h, i) => h > 0 && sideOf[i] === s);
  while (round < enc.rounds && enc.sides.filter((_, s) => standing(s)).length > 1) {
    round++;
    yield { type: 'round', round };
    for (let i = 0; i < hp.length; i++) {
      if (hp[i] <= 0) continue;
      const foes = hp.map((h, j) => j).filter((j) => hp[j] > 0 && sideOf[j] !== sideOf[i]);
      if (!foes.length) break;
      let t: number;
      if (enc.decisions === 'shouts') {
        const shout = decide(i, 'shout', SHOUTS, 0);
        for (let k = 0; k < shout; k++) next();
        t = foes[next() % foes.length];
      } else {
        const policy = enc.combatants[i].policy ?? 'random';
        const chosen =
          policy === 'idle'
            ? foes.length
            : policy === 'weakest'
              ? foes.indexOf(foes.reduce((a, j) => (hp[j] < hp[a] ? j : a)))
              : next() % foes.length;
        const options = [...foes.map((j) => `flip at ${enc.combatants[j].id}`), 'wait'];
        const pick = decide(i, 'target', options, chosen);
        if (pick === foes.length) {
          yield { type: 'wait', who: enc.combatants[i].id };
          continue;
        }
        t = foes[pick];
      }
      const heads = next() % 2 === 0;
      if (heads) hp[t]--;
      yield { type: 'flip', who: enc.combatants[i].id, at: enc.combatants[t].id, heads, hp: hp[t] };
    }
  }
  const left = enc.sides.map((_, s) => standing(s));
  const w = left.filter(Boolean).length === 1 ? left.indexOf(true) : -1;
  onEnd?.(
    w,
    round,
    hp.map((h) => h <= 0),
  );
  yield { type: 'end', winner: w >= 0 ? enc.sides[w] : null };
  return { winner: w >= 0 ? enc.sides[w] : null, rounds: round };
}

export const TOY_ENGINE: SystemEngine<ToyEncounter> = {
  events: (enc, seed) => fight(enc, seed),
  render(e) {
    const x = e as ToyEvent;
    if (x.type === 'round') return `round ${x.round}`;
    if (x.type === 'flip') return `  ${x.who} flips at ${x.at}: ${x.heads ? `heads, ${x.at} ${x.hp} hp` : 'tails'}`;
    if (x.type === 'wait') return `  ${x.who} waits`;
    return x.winner ? `${x.winner} win` : 'nobody wins';
  },
  steps: {
    small: { label: 'flip', starts: (e) => e.type === 'flip' || e.type === 'wait' },
    large: { label: 'round', starts: (e) => e.type === 'round' },
    closes: (e) => e.type === 'end',
  },
  counters: [{ key: 'out', label: 'Knocked out', kind: 'chance' }],
  fastPath(enc): FastPath {
    return {
      shape: {
        sides: enc.sides,
        ids: enc.combatants.map((c) => c.id),
        sideOf: enc.combatants.map((c) => enc.sides.indexOf(c.side)),
        roundCap: enc.rounds,
      },
      run(seed, from, to, t) {
        for (let i = from; i < to; i++) {
          const g = fight(enc, combatSeed(seed, i), (w, rounds, out) => {
            tallyEnd(t, w >= 0 ? 'victory' : rounds >= enc.rounds ? 'stalemate' : 'draw', w, rounds, i);
            out.forEach((o, c) => (t.sums[0][c] += o ? 1 : 0));
          });
          while (!g.next().done);
        }
      },
    };
  },
  play(enc, seed, control): PlayedFight {
    let played: PlayedFight = { winner: -1, rounds: 0 };
    const g = fight(enc, seed, (winner, rounds) => (played = { winner, rounds }), control);
    while (!g.next().done);
    return played;
  },
  toWire: (enc) => enc,
  fromWire: (w) => w as ToyEncounter,
  outcomeText: (o) =>
    (o as { winner: string | null }).winner ? `${(o as { winner: string }).winner} won` : 'nobody won',
};

export const TOY: RuleSystem<SystemModel & { encounters: ToyEncounter[] }> = {
  id: 'toy',
  name: 'Toy Duels',
  summary: 'Coin-flip duels, for the tests.',
  ruleIds: /^TOY-\d+$/,
  ruleText: { 'TOY-1': 'A fighter has at least 1 hp.' },
  schema: {
    blocks: {
      fighter: {
        kind: 'fighter',
        parents: ['file'],
        doc: 'A fighter.',
        example: 'Bob',
        definable: true,
        attributes: [{ name: 'hp', arg: 'int', min: -99, max: 99, rule: 'TOY-1', doc: 'Hit points.' }],
      },
      encounter: {
        kind: 'encounter',
        parents: ['file'],
        doc: 'A duel.',
        example: 'Duel',
        attributes: [{ name: 'seed', arg: 'int', min: 0, max: 4294967295, doc: 'Seed.' }],
      },
      side: {
        kind: 'side',
        parents: ['encounter'],
        doc: 'A team.',
        example: 'reds',
        attributes: [],
        placements: [{ name: 'row', arg: 'int', min: 1, max: 9, doc: '`row N`: where it stands.' }],
      },
    },
  },
  check(ctx: CheckContext) {
    const encounters: ToyEncounter[] = [];
    for (const f of ctx.files) {
      for (const b of f.read.blocks) {
        if (b.kind === 'fighter') {
          const hp = b.attrs.find((a) => a.spec.name === 'hp')?.int;
          if (hp === undefined || hp < 1)
            ctx.diagnostics.push({
              file: f.path,
              range: b.nameRange,
              severity: 'error',
              code: 'TOY-1',
              message: `${b.name} needs hp 1 or more (TOY-1).`,
            });
        }
        if (b.kind !== 'encounter') continue;
        const sides = b.children.filter((c) => c.kind === 'side');
        const combatants: ToyEncounter['combatants'] = [];
        for (const s of sides) {
          for (const p of s.placements) {
            const def = ctx.scopeOf(f.path).lookup('fighter', p.name.text);
            if (!def) {
              ctx.diagnostics.push({
                file: f.path,
                range: p.name.range,
                severity: 'error',
                code: 'unknown-name',
                message: `No fighter named '${p.name.text}'.`,
              });
              continue;
            }
            const hp = Math.max(1, def.attrs.find((a) => a.spec.name === 'hp')?.int ?? 1);
            for (let k = 1; k <= p.copies; k++)
              combatants.push({ id: p.copies > 1 ? `${p.name.text} ${k}` : p.name.text, side: s.name, hp });
          }
        }
        encounters.push({
          name: b.name,
          seed: b.attrs.find((a) => a.spec.name === 'seed')?.int ?? 1,
          rounds: 30,
          sides: sides.map((s) => s.name),
          combatants,
          file: f.path,
        });
      }
    }
    return { encounters };
  },
  loadEngine: async () => TOY_ENGINE as unknown as SystemEngine,
};
