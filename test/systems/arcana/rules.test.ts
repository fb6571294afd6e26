// Issue 33: a GM's priority rules in Arcana, end to end. The checker says whose rules each combatant follows and
// what they name; a scripted combatant does what its rules say at every decision (target and action together,
// its cheats), on the fast path, the log and `play` alike, and the log names the rule under the decision.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { DecisionControl, DecisionPoint } from '../../../model/system.js';
import { probeRuleKey } from '../../../model/priority-run.js';
import type { ArEncounter } from '../../../systems/arcana/index.js';
import { ArSim, combatEvents, combatLog, renderEvent, type ArEvent } from '../../../systems/arcana/engine/index.js';
import { AR_COUNTERS, fastPath, runChunk, tallyCombat } from '../../../systems/arcana/engine/fast-path.js';
import { AR_ENGINE } from '../../../systems/arcana/engine/seam.js';
import { T_AGGRESSIVE, T_CUNNING } from '../../../systems/arcana/engine/decisions.js';
import { ArRules } from '../../../systems/arcana/engine/rules.js';
import type { Encounter } from '../../../systems/arcana/model.js';
import { emptyTally } from '../../../engine/tally.js';
import { fastPathIsEventPath, sameSeedSameLog, type EngineUnderTest } from '../engine-contract.js';
import { ar, diags, encounterOf, show } from './lang.js';

const BESTIARY = { 'bestiary.aces': readFileSync('samples/arcana/bestiary.aces', 'utf8') };
const SAMPLE = 'samples/arcana/scripted-boss.aces';

/** `system arcana`, the bestiary, and `body`. */
const withBestiary = (body: string) => ar(`use "bestiary.aces"\n${body}`, BESTIARY);

/** Vale and Bruno against `foes` (side lines), with `extra` definitions first. */
const raidOf = (foes: string, extra = '', enc = '') =>
  withBestiary(
    `${extra}\nencounter E {\n  seed 3  rounds 30  concede all\n  aspects "Crates"\n${enc}  side raiders { "Inspector Vale"; "Bruno Kask" }\n  side smugglers {\n${foes}\n  }\n}\n`,
  );

const rulesDiags = (r: ReturnType<typeof ar>) => diags(r).filter((d) => d.code === 'tactics-rule');

/** The scripted sample, checked from its file (it `use`s the bestiary). */
function sample(): ArEncounter {
  const r = ar(readFileSync(SAMPLE, 'utf8').replace(/^system arcana\n/, ''), BESTIARY);
  assert.deepEqual(diags(r), [], show(r));
  return encounterOf(r);
}

/** One fight's events, each with the state when it was logged: Health, who is marked, the round. */
interface Seen {
  readonly e: ArEvent;
  readonly hp: number[];
  readonly marked: boolean[];
  readonly out: number[];
}
function watch(enc: Encounter, seed: number): { sim: ArSim; seen: Seen[] } {
  const sim = new ArSim(enc);
  const seen: Seen[] = [];
  sim.sink = {
    push: (e: ArEvent) =>
      seen.push({
        e,
        hp: Array.from(sim.hp),
        marked: sim.names.map((_, c) => sim.marked(c)),
        out: Array.from(sim.out),
      }),
  };
  sim.run(seed);
  sim.sink = null;
  return { sim, seen };
}

/** The declarations of `who` in seeds 1…n, each with the event after it (the rule line, when a rule decided). */
function declarations(enc: Encounter, who: string, n = 40): { d: Seen; next: ArEvent | undefined; sim: ArSim }[] {
  const out: { d: Seen; next: ArEvent | undefined; sim: ArSim }[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const { sim, seen } = watch(enc, seed);
    seen.forEach((s, k) => {
      if (s.e.type === 'declare' && s.e.who === who) out.push({ d: s, next: seen[k + 1]?.e, sim });
    });
  }
  return out;
}

const SILAS = (rules: string, extra = '') =>
  `character Boss extends "Silas Crane" {\n  health 30  maneuvers Feint, "Take Cover"\n${extra}  tactics {\n${rules}\n  }\n}\n`;

describe('Arcana GM priority rules: the checker (issue 33)', () => {
  it('issue 33 AR-M1: a maneuver named nowhere is an error on the name with a did-you-mean; one the combatant lacks is a warning', () => {
    const r = raidOf('    Boss', SILAS('    open with maneuver "Dust in teh Eyes"\n    always maneuver Intimidate'));
    const d = rulesDiags(r);
    assert.equal(d.length, 2, show(r));
    assert.equal(d[0].severity, 'error');
    assert.match(d[0].message, /Rule 1 names the maneuver 'Dust in teh Eyes'.*Did you mean 'Dust in the Eyes'/);
    assert.deepEqual(d[0].suggestions, ['Dust in the Eyes']);
    assert.equal(d[0].range.start.character, 23, 'on the name, so the quick fix replaces the name');
    assert.equal(d[1].severity, 'warning');
    assert.match(d[1].message, /Rule 2 can never fire for Boss: it does not know Intimidate \(AR-M1\)/);
  });

  it('issue 33 AR-M4 AR-T6: a self maneuver aimed at someone, and nearest/farthest (no map), are warnings', () => {
    const r = raidOf('    Boss', SILAS('    maneuver "Take Cover" at lowest health\n    target farthest'));
    assert.deepEqual(
      rulesDiags(r).map((d) => [d.severity, /\(AR-M4\)|\(AR-T6\)/.exec(d.message)?.[0]]),
      [
        ['warning', '(AR-M4)'],
        ['warning', '(AR-T6)'],
      ],
      show(r),
    );
  });

  it('issue 33 AR-T6: a "Name" who is nobody is an error with a did-you-mean; an ally, or a character not here, a warning', () => {
    const r = raidOf(
      '    Boss\n    Deckhand tactics { attack at "Boss" }',
      SILAS('    when round is 2: attack at "Bruno Kaks"\n    attack at "Ada Finch"'),
    );
    const d = rulesDiags(r);
    assert.equal(d.length, 3, show(r));
    assert.match(d[0].message, /Rule 1 aims at "Bruno Kaks", who is neither a character nor in 'E'.*'Bruno Kask'/);
    assert.equal(d[0].severity, 'error');
    assert.deepEqual(d[0].suggestions, ['Bruno Kask']);
    assert.match(d[1].message, /"Ada Finch", who is not in 'E': the rule never fires there/);
    assert.equal(d[1].severity, 'warning');
    assert.match(d[2].message, /aims Deckhand at "Boss", who fights on its own side/);
    assert.equal(d[2].severity, 'warning');
  });

  it('issue 33: two tactics blocks in one character or one side are an error; the first counts', () => {
    const r = raidOf(
      '    tactics { target highest health }\n    tactics { otherwise aggressive }\n    Boss',
      SILAS('    otherwise cunning', '  tactics { otherwise aggressive }\n'),
    );
    const d = rulesDiags(r);
    assert.deepEqual(
      d.map((x) => [x.severity, /already has a tactics block/.test(x.message)]),
      [
        ['error', true],
        ['error', true],
      ],
      show(r),
    );
    assert.equal(encounterOf(r).model.sides[1].placements[0].rules?.preset, 'aggressive');
  });

  it("issue 33: whose rules — a placement's, else its character's (or its base's), else its side's; owner and \"own\" for the log", () => {
    const r = raidOf(
      '    tactics { target highest health }\n    Boss; Heir; Deckhand x2 tactics { attack at "Bruno Kask" }; "Street Tough"',
      SILAS('    open with maneuver Feint') + 'character Heir extends Boss { health 12 }\n',
    );
    assert.deepEqual(diags(r), [], show(r));
    const ps = encounterOf(r).model.sides[1].placements;
    assert.deepEqual(
      ps.map((p) => [p.name, p.rules?.owner, p.rules?.rules[0].text, p.ownRules]),
      [
        ['Boss', 'Boss', 'open with maneuver Feint', true],
        ['Heir', 'Boss', 'open with maneuver Feint', false],
        ['Deckhand 1', 'Deckhand', 'attack at "Bruno Kask"', false],
        ['Deckhand 2', 'Deckhand', 'attack at "Bruno Kask"', false],
        ['Street Tough', 'side smugglers', 'target highest health', false],
      ],
    );
    assert.equal(encounterOf(r).model.sides[0].placements[0].rules, undefined, 'no rules: nothing carried');
  });

  it("issue 33: `otherwise PRESET` is the combatant's tactic, over the `tactics` attribute; a block of `otherwise` alone asks no rule", () => {
    const r = raidOf('    Boss', SILAS('    otherwise aggressive', '  tactics cunning\n'));
    assert.deepEqual(diags(r), [], show(r));
    const sim = new ArSim(encounterOf(r).model);
    const boss = sim.names.indexOf('Boss');
    assert.equal(sim.tactic[boss], T_AGGRESSIVE);
    assert.equal(sim.rules[boss], null);
    assert.equal(sim.ruled, null, 'nobody has rules that decide: no rule work at all');
    const plain = new ArSim(
      encounterOf(raidOf('    Boss', SILAS('    target highest health', '  tactics cunning\n'))).model,
    );
    assert.equal(plain.tactic[boss], T_CUNNING);
  });

  it('issue 33: the scripted sample checks clean', () => {
    assert.equal(sample().name, 'Showdown at the Counting House');
  });
});

describe('Arcana GM priority rules: scripted combatants do what their rules say (issue 33)', () => {
  it('issue 33 AR-M1 AR-R1: `open with maneuver Feint at highest attack` — round 1 only, on the foe with the highest Attack, and the log names the rule', () => {
    const enc = encounterOf(raidOf('    Boss', SILAS('    open with maneuver Feint at highest attack'))).model;
    const ds = declarations(enc, 'Boss');
    assert.ok(ds.length > 40);
    let first = 0;
    for (const { d, next } of ds) {
      const e = d.e as Extract<ArEvent, { type: 'declare' }>;
      if (e.round === 1) {
        first++;
        // Vale: Finesse 4 + Pistol 3 = 7; Bruno: Strength 4 + Saber 2 + edge 1 = 7: the first of them, Vale
        assert.equal(e.choice, 'maneuver Feint on Inspector Vale');
        assert.equal(e.reason, 'your rule 1');
        assert.equal(e.targetReason, 'your rule 1');
        assert.equal(renderEvent(next!), '  ↳ Boss follows your rule 1: open with maneuver Feint at highest attack');
      } else assert.notEqual(next?.type, 'rule', renderEvent(d.e));
    }
    assert.equal(first, 40);
  });

  it('issue 33 AR-M4 AR-D4: `when self health below 50%: maneuver "Take Cover"` — exactly when its Health is below half', () => {
    const enc = encounterOf(raidOf('    Boss', SILAS('    when self health below 50%: maneuver "Take Cover"'))).model;
    let low = 0;
    for (const { d, next, sim } of declarations(enc, 'Boss')) {
      const e = d.e as Extract<ArEvent, { type: 'declare' }>;
      const hurt = d.hp[sim.names.indexOf('Boss')] * 2 < 30;
      assert.equal(e.choice === 'maneuver Take Cover on itself', hurt, renderEvent(e));
      assert.equal(next?.type === 'rule', hurt);
      if (hurt) {
        low++;
        assert.equal(
          renderEvent(next!),
          '  ↳ Boss follows your rule 1: when self health below 50%: maneuver "Take Cover"',
        );
      }
    }
    assert.ok(low >= 5, `the rule fired ${low} times`);
  });

  it("issue 33 AR-S2 AR-S3: `when a foe is marked: attack it` — attacks a foe bearing its side's aspect whenever there is one", () => {
    const enc = encounterOf(
      raidOf(
        '    Boss',
        SILAS('    when a foe is marked: attack it\n    always maneuver Feint', '  tactics cunning\n'),
      ),
    ).model;
    let hunted = 0;
    for (const { d, next, sim } of declarations(enc, 'Boss')) {
      const e = d.e as Extract<ArEvent, { type: 'declare' }>;
      const marked = sim.names.filter((n, c) => sim.side[c] === 0 && d.out[c] === 0 && d.marked[c]);
      if (marked.length) {
        hunted++;
        assert.ok(marked.includes(e.target), renderEvent(e));
        assert.match(e.choice, /^attack on /);
        assert.match(renderEvent(next!) ?? '', /follows your rule 1: when a foe is marked: attack it$/);
      } else {
        assert.match(e.choice, /^maneuver Feint on /);
        assert.match(renderEvent(next!) ?? '', /follows your rule 2: always maneuver Feint$/);
      }
    }
    assert.ok(hunted >= 5, `the rule fired ${hunted} times`);
  });

  it("issue 33 AR-M1: `otherwise aggressive` — every decision no rule makes is the preset's, over `tactics cunning`", () => {
    const cunning = encounterOf(raidOf('    Boss', SILAS('    open with maneuver Feint', '  tactics cunning\n'))).model;
    const later = (enc: Encounter) =>
      declarations(enc, 'Boss').filter(({ d }) => (d.e as Extract<ArEvent, { type: 'declare' }>).round > 1);
    assert.ok(
      later(cunning).some(({ d }) => /^maneuver /.test((d.e as Extract<ArEvent, { type: 'declare' }>).choice)),
      'as cunning it maneuvers after round 1',
    );
    const enc = encounterOf(
      raidOf('    Boss', SILAS('    open with maneuver Feint\n    otherwise aggressive', '  tactics cunning\n')),
    ).model;
    const rest = later(enc);
    assert.ok(rest.length > 40);
    for (const { d, next } of rest) {
      const e = d.e as Extract<ArEvent, { type: 'declare' }>;
      // ARS-27: aggressive attacks unless a maneuver on its foe sets up a cheat worth more: here it always attacks
      assert.match(e.choice, /^attack on /);
      assert.match(e.reason, /^aggressive: /);
      assert.notEqual(next?.type, 'rule', 'the preset is no rule: no rule line');
    }
  });

  it('issue 33 AR-T6: `target highest health` — whatever it does, aimed at the able foe with the most Health', () => {
    const enc = encounterOf(raidOf('    Boss', SILAS('    target highest health'))).model;
    let aimed = 0;
    for (const { d, next, sim } of declarations(enc, 'Boss')) {
      const e = d.e as Extract<ArEvent, { type: 'declare' }>;
      if (e.choice.endsWith('on itself') || e.choice.endsWith('on the scene')) continue;
      const foes = sim.names.map((_, c) => c).filter((c) => sim.side[c] === 0 && d.out[c] === 0);
      const most = Math.max(...foes.map((c) => d.hp[c]));
      assert.equal(d.hp[sim.names.indexOf(e.target)], most, renderEvent(e));
      assert.equal(e.targetReason, 'your rule 1');
      assert.equal(renderEvent(next!), '  ↳ Boss follows your rule 1: target highest health');
      aimed++;
    }
    assert.ok(aimed > 40);
  });

  it('issue 33 AR-C1 AR-C4: `never cheat` and `never cheat-defense` — its cards stay in hand; without them it cheats', () => {
    const cheatsFor = (rules: string): { cheats: number; kept: number } => {
      const block = rules ? `  tactics {\n${rules}\n  }\n` : '';
      const enc = encounterOf(
        withBestiary(
          `character V2 extends "Inspector Vale" {\n${block}}\nencounter E {\n  seed 3  rounds 30  concede all\n  aspects "Crates"\n  side raiders { V2; "Bruno Kask" }\n  side smugglers { "Silas Crane" }\n}\n`,
        ),
      ).model;
      let cheats = 0,
        kept = 0;
      for (let seed = 1; seed <= 60; seed++)
        for (const s of watch(enc, seed).seen) {
          if (s.e.type === 'cheat' && s.e.flipFor === 'V2') cheats++;
          if (s.e.type === 'rule' && s.e.who === 'V2') kept++;
        }
      return { cheats, kept };
    };
    const free = cheatsFor('');
    assert.ok(free.cheats > 20, `without rules Vale cheats ${free.cheats} times`);
    const never = cheatsFor('    never cheat\n    never cheat-defense');
    assert.equal(never.cheats, 0);
    assert.ok(never.kept > 20, 'each cheat a rule stopped is logged');
  });

  it('issue 33 AR-C1: `when self health below 100%: cheat` — once hurt, it cheats a failing flip even when no card changes the outcome', () => {
    const enc = encounterOf(
      withBestiary(
        `character V2 extends "Inspector Vale" {\n  tactics { when self health below 100%: cheat }\n}\nencounter E {\n  seed 3  rounds 30\n  aspects "Crates"\n  side raiders { V2; "Bruno Kask" }\n  side smugglers { "Silas Crane" }\n}\n`,
      ),
    ).model;
    let ruled = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { seen, sim } = watch(enc, seed);
      const v = sim.names.indexOf('V2');
      seen.forEach((s, k) => {
        if (s.e.type !== 'rule' || s.e.who !== 'V2') return;
        ruled++;
        const before = seen[k - 1].e;
        assert.equal(before.type, 'cheat', 'the rule line follows the cheat it made');
        assert.equal((before as Extract<ArEvent, { type: 'cheat' }>).flipFor, 'V2');
        assert.ok(s.hp[v] < 12);
        assert.equal(renderEvent(s.e), '  ↳ V2 follows your rule 1: when self health below 100%: cheat');
      });
    }
    assert.ok(ruled >= 5, `the rule fired ${ruled} times`);
  });
});

describe('Arcana GM priority rules: every path alike (issue 33)', () => {
  const ENGINE: EngineUnderTest<Encounter, ArSim> = {
    gens: [() => sample().model],
    combatLog,
    runChunk,
    newSim: (enc) => new ArSim(enc),
    combatEvents,
    emptyTally: (enc) => emptyTally(fastPath(enc).shape, AR_COUNTERS.length),
    tallyCombat,
  };

  fastPathIsEventPath('issue 33 AR-F1: the scripted sample — runChunk tallies equal the event path per combat', ENGINE);
  sameSeedSameLog('issue 33 AR-F1', ENGINE);

  it('issue 32 item 5, issue 33 AR-C1 AR-C4: the shortcuts (a cheat no rule can decide: decideByRules unasked; a turn’s options kept per actor, target and able foes) equal their plain twins, every log byte of 60 fights of the scripted sample and of a block with cheat rules', () => {
    const scripted = encounterOf(
      raidOf(
        '    Boss\n    Deckhand x2',
        SILAS(
          '    when self health below 60%: cheat\n    never cheat-defense when self health above 50%\n    target lowest health',
        ),
      ),
    ).model;
    for (const enc of [sample().model, scripted]) {
      const logs = (): string[] => Array.from({ length: 60 }, (_, s) => combatLog(enc, s));
      const fast = logs();
      ArRules.shortcut = false;
      try {
        assert.deepEqual(logs(), fast);
      } finally {
        ArRules.shortcut = true;
      }
      assert.match(fast.join('\n'), /follows your rule/);
    }
  });

  it('issue 33: rules change the fight — the scripted sample with its rules is not the sample without them', () => {
    const enc = sample().model;
    const bare: Encounter = {
      ...enc,
      sides: [
        enc.sides[0],
        { ...enc.sides[1], placements: enc.sides[1].placements.map((p) => ({ ...p, rules: undefined })) },
      ],
    };
    const a = runChunk(enc, 1, 0, 400);
    const b = runChunk(bare, 1, 0, 400);
    assert.notDeepEqual(a.sums, b.sums);
    assert.match(
      combatLog(enc, 5),
      /↳ Silas the Cornered follows your rule 1: open with maneuver Feint at highest attack/,
    );
    assert.doesNotMatch(combatLog(bare, 5), /follows your rule/);
  });

  it('issue 33: the rules cross to the worker threads as plain data (toWire/fromWire), and the step view marks each rule line', () => {
    const enc = sample();
    const back = AR_ENGINE.fromWire(AR_ENGINE.toWire(enc));
    assert.deepEqual(back.model.sides[1].placements[0].rules, enc.model.sides[1].placements[0].rules);
    assert.equal(combatLog(back.model, 7), combatLog(enc.model, 7));
    const mark = AR_ENGINE.steps.marks!.find((m) => m.label === 'GM rule')!;
    const events = [...AR_ENGINE.events(enc, 7)];
    const marked = events.filter((e) => mark.is(e));
    assert.ok(marked.length > 0);
    assert.deepEqual(
      marked.map((e) => AR_ENGINE.render(e)),
      combatLog(enc.model, 7)
        .split('\n')
        .filter((l) => l.startsWith('  ↳ ')),
    );
  });

  it("issue 33: play's decision points carry the rule that chose (probeRuleKey); a control that never overrides changes nothing", () => {
    const enc = sample();
    const tac = enc.model.sides[1].placements[0].rules!;
    const points: DecisionPoint[] = [];
    const control: DecisionControl = { decide: (p) => (points.push(p), undefined) };
    for (let seed = 1; seed <= 20; seed++) {
      const it = AR_ENGINE.events(enc, seed);
      let r = it.next();
      while (!r.done) r = it.next();
      const o = r.value as { outcome: string; winner: number; rounds: number };
      const played = AR_ENGINE.play!(enc, seed, control);
      assert.deepEqual(played, { winner: o.outcome === 'victory' ? o.winner : -1, rounds: o.rounds });
    }
    const boss = enc.combatants.findIndex((c) => c.id === 'Silas the Cornered');
    const ruled = points.filter((p) => p.rule !== undefined);
    assert.ok(ruled.length > 20);
    const opener = points.find((p) => p.actor === boss && p.round === 1 && p.kind === 'action')!;
    assert.equal(opener.rule, probeRuleKey(tac, tac.rules[0]));
    assert.equal(opener.rule, 'Silas the Cornered, rule 1: open with maneuver Feint at highest attack');
    assert.match(opener.options[opener.chosen], /^Feint on (Inspector Vale|Bruno Kask)$/);
    const kinds = new Set(ruled.map((p) => `${p.kind} ${p.rule!.replace(/:.*/, '')}`));
    for (const k of [
      'target Silas the Cornered, rule 1',
      'action Silas the Cornered, rule 2',
      'answer-cheat Silas the Cornered, rule 5',
    ])
      assert.ok(kinds.has(k), [...kinds].join(' · '));
    // Vale and Bruno have no rules: none of their points carries one
    for (const p of points) if (enc.combatants[p.actor].side === 'raiders') assert.equal(p.rule, undefined);
  });

  it("issue 33: a control that aims a scripted turn elsewhere gets the rules' action for that target", () => {
    const r = raidOf('    Boss', SILAS('    always maneuver Feint at "Inspector Vale"'));
    const enc = encounterOf(r);
    const points: DecisionPoint[] = [];
    AR_ENGINE.play!(enc, 4, {
      decide(p) {
        points.push(p);
        // Boss's first target: Bruno instead of the rule's Vale
        if (p.kind === 'target' && p.round === 1 && enc.combatants[p.actor].id === 'Boss')
          return { option: p.options.indexOf('Bruno Kask') };
        return undefined;
      },
    });
    const k = points.findIndex((p) => p.kind === 'target' && enc.combatants[p.actor].id === 'Boss');
    assert.equal(points[k].options[points[k].chosen], 'Inspector Vale');
    assert.match(points[k].rule ?? '', /^Boss, rule 1: always maneuver Feint at "Inspector Vale"$/);
    const action = points[k + 1];
    assert.equal(action.kind, 'action');
    // the rule aims at Vale only: against Bruno no rule decides, the policy's action stands
    assert.equal(action.rule, undefined);
    assert.match(action.options[action.chosen], /on Bruno Kask$|^attack Bruno Kask$|on itself$|on the scene$/);
  });
});
