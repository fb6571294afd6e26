// GM priority rules in the tactical grid (issue 33): the checker's effective rules per combatant, its errors and
// warnings; a scene per rule form where the scripted combatant does what its rule says and the log names the
// rule; every decision kind (who acts, the action, the tag, the effect); the scripted sample's fast path equals its
// event path (and fresh simulators: the kept searches and choices); play's DecisionPoint carries the rule; the same
// seed gives the same bytes; rules that never decide leave the fight byte-identical to the preset they name.
import assert from 'node:assert/strict';
import { fightCount } from '../../deep.js';
import { readFileSync } from 'node:fs';
import type { DecisionPoint } from '../../../model/system.js';
import { combatLog, TGSim } from '../../../systems/tactical-grid/engine/index.js';
import { runChunk, tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import { TG_ENGINE, type SeamEncounter } from '../../../systems/tactical-grid/engine/seam.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { TG_TACTICS } from '../../../systems/tactical-grid/schema.js';
import { RULE_TEXT } from '../../../systems/tactical-grid/rules.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { emptyTally } from '../../../engine/tally.js';
import { fastPathIsEventPath, sameSeedSameLog, type EngineUnderTest } from '../engine-contract.js';
import { combatEvents } from '../../../systems/tactical-grid/engine/index.js';
import { check, diags } from './lang.js';

const BESTIARY = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
const SAMPLE = readFileSync('samples/tactical-grid/scripted-boss.aces', 'utf8');

function sampleInfo(text = SAMPLE): SeamEncounter {
  const r = check(text, { 'bestiary.aces': BESTIARY }, true);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors, []);
  return r.model.encounters[0] as unknown as SeamEncounter;
}
const sample = (): Encounter => sampleInfo().encounter;
/** The sample with every tactics block taken out (the same fight as the GM's presets alone). */
const UNSCRIPTED = SAMPLE.replace(/\n {2}tactics \{[^}]*\n {2}\}/, '').replace(/ tactics \{[^}]*\n {4}\}/, '');

/**
 * A ranged sheet "Archer" (tags Longbow 3 offensive, Cloak 2 defensive; effects 2) at a2 against the NPCs Tough
 * (health 5) at d2 and Frail (health 1) at e3, its first roll a scripted 15 (TG-V1): `rules` go in its character.
 */
function scene(rules: string, opts: { sideA?: string; sideB?: string; archer?: string } = {}): Encounter {
  const text = `system tactical-grid
character Archer { agi 2 per 4 com 3 tou 2 pro 1 special 2 wis 1 int 1 cha 1  tag "Longbow" 3 offensive  tag "Cloak" 2 defensive ${opts.archer ?? ''}
  ${rules}
}
character Tough { difficulty 12 health 5 speed 4 range 1 tag "Club" 2 melee }
character Frail { difficulty 12 health 1 speed 4 range 1 tag "Knife" 1 melee }
character Squire { agi 2 per 1 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1 melee }
encounter E {
  seed 1
  rounds 30
  map {
    grid square
    row "........"
    row "........"
    row "........"
    row "........"
  }
  side a { Archer at a2 facing east dice 15
    ${opts.sideA ?? ''} }
  side b {
    Tough at d2 facing west
    Frail at e3 facing west
    ${opts.sideB ?? ''}
  }
}
`;
  const r = check(text, {}, true);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    [],
  );
  return r.model.encounters[0].encounter;
}
const lines = (enc: Encounter, seed = 1): string[] => combatLog(enc, seed).split('\n');
/** The log lines of round n (its `round n` line excluded). */
function roundLines(log: string[], n: number): string[] {
  const from = log.indexOf(`round ${n}`);
  const to = log.indexOf(`round ${n + 1}`);
  return log.slice(from + 1, to < 0 ? undefined : to);
}

describe('tactical-grid GM priority rules: the checker (issue 33)', () => {
  const head = (rules: string, extra = '') =>
    `character A { agi 2 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1 tag "Blade" 2 ${extra}\n${rules}\n}\ncharacter N { difficulty 13 health 3 speed 5 range 1 melee }\n`;
  const enc = (a: string, b = 'N at f4 facing west') =>
    `encounter E {\nmap {\ngrid square\nrow "......"\nrow "......"\nrow "......"\nrow "......"\n}\nside a {\n${a}\n}\nside b {\n${b}\n}\n}\n`;

  it('TG-R3 issue 33: a tag a rule names that the combatant lacks is an error with a did-you-mean, on the rule', () => {
    const ds = diags(head('tactics {\n  tag "Blad"\n}') + enc('A at a1 facing east'));
    const d = ds.find((x) => x.code === 'tactics-rule')!;
    assert.equal(d.severity, 'error');
    assert.match(d.message, /Rule 1 names the tag "Blad", but A has no such tag \(TG-R3\)\. Did you mean 'Blade'\?/);
    assert.equal(d.range.start.line, 3); // (the file's `system` line is line 0)
    assert.equal(d.range.start.character, 6); // on the name: its quick fix writes the suggestion there
    assert.deepEqual(d.suggestions, ['Blade']);
  });
  it('issue 33: a "Name" no combatant answers to is an error with a did-you-mean; copies answer to their name', () => {
    const ds = diags(
      head('tactics {\n  target "Nn"\n  attack at "N"\n}') + enc('A at a1 facing east', 'N x2 at f4, f3'),
    );
    const errs = ds.filter((x) => x.code === 'tactics-rule');
    assert.equal(errs.length, 1, JSON.stringify(errs));
    assert.match(
      errs[0].message,
      /Rule 1 aims at "Nn", but no combatant of this encounter is called that\. Did you mean 'N'/,
    );
  });
  it('TG-P1 TG-E1 TG-T2 issue 33: rules a combatant can never follow are warnings naming it', () => {
    const npc = 'character B { difficulty 13 health 3 speed 5 range 1 tag "Claw" 2 melee }\n';
    const ds = diags(
      head('tactics {\n  stun\n  act\n}', 'special 0') +
        npc +
        enc('A at a1 facing east', 'B at f4 facing west tactics {\n  tag "Claw"\n}'),
    ).filter((d) => d.code === 'tactics-rule');
    const msgs = ds.map((d) => `${d.severity}: ${d.message}`);
    assert.ok(
      msgs.some((m) => /^warning: Rule 1 can never decide for A: its effects pool is 0.*TG-E1/.test(m)),
      msgs.join('\n'),
    );
    assert.ok(
      msgs.some((m) => /^warning: Rule 2 can never decide for A: it is alone on its side.*TG-T2/.test(m)),
      msgs.join('\n'),
    );
    assert.ok(
      msgs.some((m) => /^warning: Rule 1 can never decide for B: it is an NPC and never rolls.*TG-P1/.test(m)),
      msgs.join('\n'),
    );
  });
  it('TG-T4 TG-E5 issue 33: a bare action of two words (`hold still`, `hinder speed`) is a rule of its own', () => {
    const r = check(head('tactics {\n  hold still\n  hinder speed\n}', 'special 2') + enc('A at a1 facing east'));
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === 'tactics-rule'),
      [],
    );
    const t = r.model.encounters[0].encounter.sides[0].placements[0].tactics!;
    assert.deepEqual(
      t.rules.map((x) => [x.form, x.action?.word]),
      [
        ['always', 'hold still'],
        ['always', 'hinder speed'],
      ],
    );
  });
  it('issue 33: two tactics blocks in one character or side are an error; the first counts', () => {
    const ds = diags(head('tactics { never act }\ntactics { act }') + enc('A at a1 facing east'));
    assert.ok(ds.some((d) => d.code === 'tactics-rule' && /more than one `tactics \{ … \}` block/.test(d.message)));
  });
  it("issue 33: a placement's block, else the character's, else the side's; owner and `otherwise` (the preset) set", () => {
    const text =
      head('tactics {\n  never act\n  otherwise hold\n}') +
      'character C { agi 2 per 2 com 2 tou 2 pro 1 special 1 wis 1 int 1 cha 1 }\n' +
      enc(
        'tactics { otherwise nearest }\nA at a1 facing east\nC at a2 facing east\nC at a3 facing east tactics {\n  target nearest\n}',
      );
    const r = check(text);
    const ps = r.model.encounters[0].encounter.sides[0].placements;
    assert.deepEqual(
      ps.map((p) => [p.name, p.tactics?.owner, p.tactics?.preset, p.ownRules, p.tactics?.rules.length]),
      [
        ['A', 'A', 'hold', true, 2],
        ['C 1', 'side a', 'nearest', false, 1],
        ['C 2', 'C', undefined, false, 1],
      ],
    );
    // the engine's units take `otherwise` as their preset (their `ai`), and the rules cross to workers as plain data
    const enc2 = TG_ENGINE.fromWire!(TG_ENGINE.toWire!(r.model.encounters[0] as unknown as SeamEncounter));
    const sim = new TGSim(enc2.encounter);
    assert.deepEqual(
      sim.units.map((u) => [u.ai, u.tactics?.owner ?? null]),
      [
        ['hold', 'A'],
        ['nearest', 'side a'],
        ['default', 'C'],
        ['default', null],
      ],
    );
  });
  it('issue 33: the vocabulary: every word has a doc citing a TG rule or the game; presets are the ai words', () => {
    for (const part of [TG_TACTICS.measures, TG_TACTICS.states, TG_TACTICS.places, TG_TACTICS.actions])
      for (const [w, v] of Object.entries(part)) {
        assert.match(v.doc, /TG-[A-Z]+\d+/, w);
        for (const id of v.doc.match(/TG-[A-Z]+\d+/g)!) assert.ok(RULE_TEXT[id], `${w}: ${id} has a rule text`);
      }
    assert.deepEqual(Object.keys(TG_TACTICS.presets), [
      'default',
      'focus-weakest',
      'nearest',
      'hold',
      'healer',
      'guard',
    ]);
  });
  it('issue 33: the scripted sample checks clean', () => {
    const r = check(SAMPLE, { 'bestiary.aces': BESTIARY }, true);
    assert.deepEqual(r.diagnostics, []);
  });
});

describe('tactical-grid GM priority rules: scenes, one per rule form and decision (issue 33)', () => {
  it('TG-V5 issue 33: `target lowest harm left` aims the attack at Frail, not the Tough one the policy takes; the log cites the rule', () => {
    // TGS-45: the policy takes the blow that takes the most harm off the foe (Tough); Frail's fall would end no more harm
    const plain = roundLines(lines(scene('')), 1);
    assert.match(
      plain.find((l) => l.startsWith('attack Archer'))!,
      /→ Tough/,
    );
    const log = roundLines(lines(scene('tactics { target lowest harm left }')), 1);
    assert.match(
      log.find((l) => l.startsWith('attack Archer'))!,
      /→ Frail/,
    );
    // the rule's line right after the first line of what it decided (its move)
    const turn = log.findIndex((l) => l.startsWith('turn a Archer'));
    assert.match(log[turn + 1], /^attack Archer → Frail/);
    assert.equal(log[turn + 2], '  ↳ Archer follows your rule 1: target lowest harm left');
  });
  it('TG-V7 issue 33: `never attack when round is 1`: no attack in round 1 (it Readies), attacks from round 2', () => {
    const log = lines(scene('tactics { never attack when round is 1 }'));
    const r1 = roundLines(log, 1);
    assert.ok(r1.includes('  ↳ Archer follows your rule 1: never attack when round is 1'), r1.join('\n'));
    assert.ok(!r1.some((l) => l.startsWith('attack Archer')), r1.join('\n'));
    assert.ok(roundLines(log, 2).some((l) => l.startsWith('attack Archer')));
  });
  it('TG-V5 issue 33: `open with attack at "Tough"`: round 1 on Tough; round 2 the policy decides again', () => {
    const log = lines(scene('tactics {\n open with attack at "Tough"\n}'));
    const r1 = roundLines(log, 1);
    assert.match(
      r1.find((l) => l.startsWith('attack Archer'))!,
      /→ Tough/,
    );
    assert.ok(r1.includes('  ↳ Archer follows your rule 1: open with attack at "Tough"'));
    assert.ok(!roundLines(log, 2).some((l) => l.includes('follows your')));
  });
  it('TG-R3 TG-V6 issue 33: `when self is acting: tag "Cloak"` spends the Cloak on its own attack (a GM rule, not TG-V6)', () => {
    const r1 = roundLines(lines(scene('tactics { when self is acting: tag "Cloak" }')), 1);
    const i = r1.indexOf('  ↳ Archer follows your rule 1: when self is acting: tag "Cloak"');
    assert.ok(i >= 0, r1.join('\n'));
    assert.equal(r1[i - 1], 'tag Archer "Cloak" exhausted (2✦) — by a GM rule');
    assert.match(r1[i + 1], /^attack Archer .* \+1 "Cloak"/);
  });
  it("TG-E4 issue 33: `weaken` after a success takes a star off the target's tag where the policy would not", () => {
    // holding at a2 and aimed at Tough, it shoots from afar: TG-V6 Splashes Frail beside it, and never Weakens
    const aim = { archer: 'ai hold' };
    const plain = lines(scene('tactics { target highest harm left }', aim));
    assert.ok(plain.some((l) => l.startsWith('effect Archer splash → Tough')));
    assert.ok(!plain.some((l) => l.startsWith('effect Archer weaken')));
    const log = lines(scene('tactics {\n weaken\n target highest harm left\n}', aim));
    const i = log.findIndex((l) => l.startsWith('effect Archer weaken → Tough'));
    assert.ok(i > 0, log.join('\n'));
    assert.match(log[i - 2], /^tag Tough "Club" weakened/);
    assert.equal(log[i - 1], '  ↳ Archer follows your rule 1: weaken');
  });
  it("TG-T2 TG-V2 issue 33: `when round is 1: act` gives a member its side turn over the policy's pick; `never act` passes it", () => {
    // (the policy's pick is the Squire: the Archer's best blow is a lone charge she would decline, TGS-44, TGS-58)
    const plainTurn = lines(scene('', { sideA: 'Squire at a3 facing east' })).find((l) => l.startsWith('turn a'))!;
    assert.match(plainTurn, /^turn a Squire/);
    const enc = scene('tactics { when round is 1: act }', { sideA: 'Squire at a3 facing east' });
    const log = lines(enc);
    const i = log.findIndex((l) => l.startsWith('turn a'));
    assert.match(log[i], /^turn a Archer at a2 .* — by a GM rule$/);
    assert.equal(log[i + 1], '  ↳ Archer follows your rule 1: when round is 1: act');
    const refused = lines(scene('', { sideA: 'Squire at a3 facing east tactics { never act when round is 1 }' }));
    const j = refused.findIndex((l) => l.startsWith('turn a'));
    assert.match(refused[j], /^turn a Archer/);
    assert.equal(refused[j + 1], '  ↳ Squire follows your rule 1 of Squire: never act when round is 1');
  });
  it("TG-V5 issue 33: a side's block is every member's, cited with its owner", () => {
    const log = lines(scene('', { sideB: 'tactics { target nearest }' }));
    assert.ok(
      log.some((l) => /^ {2}↳ (Tough|Frail) follows your rule 1 of side b: target nearest$/.test(l)),
      log.join('\n'),
    );
  });
  it('TG-V5 issue 33: `otherwise PRESET` alone (and rules that never hold) is the preset, byte for byte', () => {
    for (const preset of ['focus-weakest', 'nearest', 'hold'])
      for (const seed of [1, 2, 3]) {
        const a = combatLog(scene('', { archer: `ai ${preset}` }), seed);
        const b = combatLog(scene(`tactics {\n never act when round is 0\n otherwise ${preset}\n}`), seed);
        assert.equal(b, a, `${preset} seed ${seed}`);
      }
  });
});

describe('tactical-grid GM priority rules: the scripted sample (issue 33)', function () {
  this.timeout(120_000);
  const ENGINE: EngineUnderTest<Encounter, TGSim> = {
    gens: [sample],
    combatLog,
    runChunk,
    newSim: (enc) => new TGSim(enc),
    combatEvents,
    emptyTally: (enc) => emptyTally(fileOrderShape(enc), TG_COUNTERS.length),
    tallyCombat,
  };
  fastPathIsEventPath(
    'TG-V1 issue 33: the scripted sample: runChunk tallies equal the event path combat by combat',
    ENGINE,
  );
  sameSeedSameLog('TG-V1 issue 33', ENGINE);

  it('TG-V1 TG-V2 issue 33: kept searches and choices (the fast path) equal fresh simulators on the scripted sample', () => {
    const enc = sample();
    const kept = new TGSim(enc, { keepSearches: true }),
      fresh = new TGSim(enc);
    const shape = fileOrderShape(enc);
    for (let seed = 1, n = fightCount('TG_SCRIPTED_KEPT', 75, 150); seed <= n; seed++) {
      kept.run(seed);
      fresh.run(seed);
      const a = emptyTally(shape, TG_COUNTERS.length),
        b = emptyTally(shape, TG_COUNTERS.length);
      tallyCombat(kept, a, 0);
      tallyCombat(fresh, b, 0);
      assert.deepEqual(a, b, `seed ${seed}`);
    }
    assert.ok(kept.keptChoices > 0);
  });

  it('TG-V1 issue 33: an unscripted fight does no rule work (no rule world is ever made); a scripted one does', () => {
    const crypt = sampleInfo(readFileSync('samples/tactical-grid/crypt.aces', 'utf8')).encounter;
    const plain = new TGSim(crypt, { keepSearches: true });
    for (let seed = 1; seed <= 20; seed++) plain.run(seed);
    assert.equal((plain as unknown as { ruleWorld: unknown }).ruleWorld, null);
    assert.ok(crypt.sides.every((sd) => sd.placements.every((p) => p.tactics === undefined && !('tactics' in p))));
    const scripted = new TGSim(sample());
    scripted.run(1);
    assert.notEqual((scripted as unknown as { ruleWorld: unknown }).ruleWorld, null);
  });

  it('issue 33: every rule of the sample decides in some fight, and the log names it', () => {
    const enc = sample();
    const cited = new Set<string>();
    for (let seed = 1; seed <= 12; seed++)
      for (const l of combatLog(enc, seed).split('\n')) {
        const m = /follows your (rule \d+(?: of [^:]+)?):/.exec(l);
        if (m) cited.add(m[1]);
      }
    // Vasha's rule 1 (`never act when round is 1`) decides nothing since TGS-43 (issue 32): the policy itself lets the
    // guards (3 health left, Vasha 10) act first in round 1, so she is never the pick it refuses (its scene: above)
    assert.deepEqual([...cited].sort(), [
      'rule 1 of Court Guard',
      'rule 2',
      'rule 2 of Court Guard',
      'rule 3',
      'rule 4',
      'rule 5',
    ]);
  });

  it("TG-V2 TG-V5 TG-V6 issue 33: play's DecisionPoint carries the rule that decided (chosen = the rule's option); play is the logged fight", () => {
    const info = sampleInfo();
    const rules = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) {
      const points: DecisionPoint[] = [];
      const played = TG_ENGINE.play!(info, seed, { decide: (p) => (points.push(p), undefined) });
      const it = TG_ENGINE.events(info, seed);
      let n = it.next();
      while (n.done !== true) n = it.next();
      const o = n.value as { outcome: string; winner: number; rounds: number };
      assert.deepEqual(played, { winner: o.outcome === 'win' ? o.winner : -1, rounds: o.rounds }, `seed ${seed}`);
      for (const p of points) {
        assert.ok(p.chosen >= 0 && p.chosen < p.options.length);
        if (p.rule !== undefined) rules.add(`${p.kind}: ${p.rule}`);
      }
    }
    for (const want of [
      'action: Vasha, rule 2: when a foe is wounded in reach: attack it',
      'action: Vasha, rule 3: target lowest harm left',
      'effect: Vasha, rule 4: when foes at least 2: stun',
      'action: Court Guard, rule 1: open with attack at "Tamsin"',
      'action: Court Guard, rule 2: target nearest',
    ])
      assert.ok(rules.has(want), `${want}\n${[...rules].join('\n')}`);
  });

  it('TG-V1 issue 33: the rules change the odds, and take no random numbers of their own (the same seed, the same bytes)', () => {
    const n = fightCount('TG_SCRIPTED_RUNS', 200, 400);
    const scripted = runChunk(sample(), 5, 0, n);
    const plain = runChunk(sampleInfo(UNSCRIPTED).encounter, 5, 0, n);
    assert.ok(!UNSCRIPTED.includes('tactics {'));
    assert.notDeepEqual(scripted.wins, plain.wins);
    assert.deepEqual(runChunk(sample(), 5, 0, n), scripted);
    assert.equal(combatLog(sample(), 9), combatLog(sample(), 9));
  });
});
