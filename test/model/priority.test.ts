// model/priority.ts and model/priority-run.ts: GM priority rules (issue 33) read against a toy vocabulary, and
// decided over a toy world, apart from any system.
import assert from 'node:assert/strict';
import { parse } from '../../grammar/index.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { readFile } from '../../model/read.js';
import type { SystemSchema } from '../../model/schema.js';
import {
  ruleCompletions,
  ruleInWords,
  tacticsBlock,
  type Tactics,
  type TacticsVocabulary,
} from '../../model/priority.js';
import { citeRule, decideByRules, type OptionFacts, type RuleWorld } from '../../model/priority-run.js';
import { scaleIt } from '../deep.js';

const vocab: TacticsVocabulary = {
  measures: { vitality: { doc: 'hit points', percent: true }, guard: { doc: 'guard' } },
  states: { broken: { doc: 'down' }, prone: { doc: 'on the ground' } },
  places: { 'in reach': { doc: 'within reach' }, here: { doc: 'same zone' } },
  actions: {
    strike: { doc: 'attack', aimed: true },
    technique: { doc: 'a technique', name: 'technique', aimed: true },
    'active-guard': { doc: 'guard' },
    stabilize: { doc: 'help a broken ally', aimed: true },
    'seize-initiative': { doc: 'seize' },
  },
  presets: { 'focus-weakest': { doc: 'weakest first' }, default: { doc: 'default' } },
};

const schema: SystemSchema = {
  blocks: {
    character: {
      kind: 'character',
      parents: ['file'],
      doc: '',
      example: 'Kael',
      attributes: [{ name: 'vitality', arg: 'int', doc: '' }],
    },
    encounter: { kind: 'encounter', parents: ['file'], doc: '', example: 'E', attributes: [] },
    side: {
      kind: 'side',
      parents: ['encounter'],
      doc: '',
      example: 'a',
      attributes: [],
      placements: [{ name: 'at', arg: 'name', doc: '' }],
    },
    tactics: tacticsBlock(['character', 'side'], ''),
  },
  tactics: vocab,
};

function read(text: string): { diags: Diagnostic[]; tactics: Tactics[] } {
  const diags: Diagnostic[] = [];
  const r = readFile(parse(text).file, 'f.aces', diags, schema);
  const tactics: Tactics[] = [];
  const walk = (b: (typeof r.blocks)[number]): void => {
    if (b.tactics) tactics.push(b.tactics);
    for (const p of b.placements) if (p.tactics) tactics.push(p.tactics);
    b.children.forEach(walk);
  };
  r.blocks.forEach(walk);
  return { diags, tactics };
}

const rulesOf = (body: string): { diags: Diagnostic[]; t: Tactics } => {
  const { diags, tactics } = read(`character Q {\n  vitality 10\n  tactics {\n${body}\n  }\n}\n`);
  assert.equal(tactics.length, 1);
  return { diags, t: tactics[0] };
};

describe('model/priority: GM priority rules read (issue 33)', () => {
  it("reads the issue's Queen Maud block: when, open with, target, never, otherwise", () => {
    const { diags, t } = rulesOf(
      [
        'when self vitality below 30%: active-guard',
        'when an ally is broken in reach: stabilize it',
        'open with technique "Tidal Cut"',
        'target lowest vitality',
        'never seize-initiative',
        'otherwise focus-weakest',
      ].join('\n'),
    );
    assert.deepEqual(diags, []);
    assert.equal(t.preset, 'focus-weakest');
    assert.deepEqual(
      t.rules.map((r) => r.form),
      ['when', 'when', 'when', 'target', 'never', 'otherwise'],
    );
    assert.deepEqual(t.rules[0].conditions, [
      { subject: 'self', measure: 'vitality', cmp: 'below', value: 30, percent: true },
    ]);
    assert.deepEqual(t.rules[1].conditions, [{ subject: 'ally', state: 'broken', place: 'in reach' }]);
    assert.deepEqual(t.rules[1].action, { word: 'stabilize', it: true });
    assert.deepEqual(t.rules[2].action, { word: 'technique', name: 'Tidal Cut' });
    assert.deepEqual(t.rules[2].conditions, [{ subject: 'round', cmp: 'is', value: 1 }]);
    assert.deepEqual(t.rules[3].selector, { by: 'lowest', measure: 'vitality' });
    assert.equal(t.rules[0].text, 'when self vitality below 30%: active-guard');
    assert.equal(t.rules[0].line, 4);
  });

  it('an unknown word is an error at that word with a did-you-mean; the other rules are still read', () => {
    const { diags, t } = rulesOf('when self vitalty below 3: active-guard\nnever seize-initiative');
    assert.equal(diags.length, 1);
    assert.equal(diags[0].code, 'tactics-rule');
    assert.deepEqual(diags[0].suggestions, ['vitality']);
    assert.match(diags[0].message, /'vitalty' is not .*Did you mean 'vitality'/);
    assert.equal(diags[0].range.start.line, 3);
    assert.equal(diags[0].range.start.character, 10);
    assert.equal(t.rules.length, 1);
  });

  it('a rule keeps where it is written: its line, its action\'s name and a "Name" selector (issue 33: a system checker reports names there)', () => {
    const { diags, t } = rulesOf('open with technique "Tidl Cut" at "Kael"\nnever seize-initiative');
    assert.deepEqual(diags, []);
    const [r, n] = t.rules;
    assert.deepEqual([r.range?.start.line, r.range?.start.character, r.range?.end.character], [3, 0, 40]);
    assert.deepEqual([r.nameRange?.start.character, r.nameRange?.end.character], [20, 30]);
    assert.equal(r.action?.at?.by, 'name');
    const at = r.action?.at as { range?: { start: { character: number } } };
    assert.equal(at.range?.start.character, 34);
    assert.equal(n.nameRange, undefined);
    assert.equal(n.range?.start.line, 4);
  });

  it('a percentage on a measure without a maximum, a missing colon, trailing words and an empty end are errors', () => {
    for (const [line, re] of [
      ['when self guard below 30%: active-guard', /percentage needs a measure with a maximum/],
      ['when self broken active-guard', /':' before the action/],
      ['never seize-initiative now', /Unexpected 'now'/],
      ['when round at least', /ends too early: expected a number/],
      ['otherwise sneaky', /'sneaky' is not a preset/],
      ['dance wildly', /how a rule starts/],
    ] as const) {
      const { diags } = rulesOf(line);
      assert.equal(diags.length, 1, line);
      assert.match(diags[0].message, re, line);
    }
  });

  it('a rule an earlier unconditional one shadows is a warning; a percentage elsewhere is an error', () => {
    const { diags } = rulesOf(
      'always active-guard\nwhen round is 2: active-guard\ntarget nearest\ntarget lowest vitality',
    );
    assert.deepEqual(
      diags.map((d) => [d.severity, d.range.start.line]),
      [
        ['warning', 4],
        ['warning', 6],
      ],
    );
    const bad = read('character Q { vitality 30% }\n').diags;
    assert.equal(bad.length, 1);
    assert.match(bad[0].message, /percentage; 'vitality' takes a plain number/);
  });

  it('issue 33: an earlier unconditional rule aimed at a "Name", a state or `it` shadows nothing (it may find nobody)', () => {
    const { diags } = rulesOf(
      'strike at "Kael"\nstrike at lowest vitality\ntarget broken\ntarget nearest\nstrike at nearest\nstrike',
    );
    assert.deepEqual(
      diags.map((d) => [d.severity, d.range.start.line]),
      [
        ['warning', 7],
        ['warning', 8],
      ],
      'rule 2 (a ranking) shadows rules 5 and 6; rule 1 shadows nothing, nor does rule 3',
    );
  });

  it('rules for a whole side and after a placement are read, the placement keeping its keys', () => {
    const { diags, tactics } = read(
      'encounter E {\n  side a {\n    tactics { never seize-initiative }\n    Q x2 at z tactics {\n      target nearest\n    }\n  }\n}\n',
    );
    assert.deepEqual(diags, []);
    assert.equal(tactics.length, 2);
    assert.deepEqual(tactics.map((t) => t.rules[0].form).sort(), ['never', 'target']);
  });

  it('says a rule in words', () => {
    const { t } = rulesOf(
      'when self vitality below 30% and foes at least 2: active-guard\nnever strike when not foe in reach',
    );
    assert.equal(
      ruleInWords(t.rules[0]),
      'Rule 1: takes active-guard when its own vitality is below 30% of its maximum and the number of able foes is at least 2 — the first rule that holds and is legal decides.',
    );
    assert.equal(
      ruleInWords(t.rules[1]),
      'Rule 2: never takes strike when no able foe is in reach (unless nothing else is legal).',
    );
  });

  it('completion offers what may come next at every point of a rule', () => {
    const next = (line: string): string[] =>
      ruleCompletions(parse(line).file.statements[0]?.terms ?? [], vocab).map((i) => i.word);
    assert.deepEqual(next(''), [
      'when',
      'open with',
      'target',
      'never',
      'otherwise',
      'always',
      'strike',
      'technique',
      'active-guard',
      'stabilize',
      'seize-initiative',
    ]);
    assert.ok(next('when').includes('self'));
    assert.ok(next('when self').includes('vitality'));
    assert.ok(next('when self vitality').includes('at least'));
    assert.deepEqual(next('when self vitality below 30%'), ['and', ':']);
    assert.ok(next('when an ally').includes('in reach'));
    assert.ok(next('when self broken:').includes('stabilize'));
    assert.deepEqual(next('when self broken: strike'), ['it', 'at']);
    assert.ok(next('target lowest').includes('guard'));
    assert.deepEqual(next('otherwise'), ['focus-weakest', 'default']);
  });
});

/** A toy world: combatants 0..n-1 with a side, vitality, max 10, a zone; broken when vitality 0. */
function world(sides: number[], vit: number[], zone: number[], round = 1): RuleWorld {
  return {
    round,
    count: sides.length,
    side: (c) => sides[c],
    able: (c) => vit[c] > 0,
    measure: (c) => vit[c],
    maximum: () => 10,
    is: (c, s) => s === 'broken' && vit[c] === 0,
    at: (a, o) => zone[a] === zone[o],
    distance: (a, o) => Math.abs(zone[a] - zone[o]),
    name: (c) => ['Queen Maud', 'Goblin 1', 'Goblin 2', 'Kael'][c],
  };
}

describe('model/priority-run: the first rule that holds and is legal decides (issue 33)', () => {
  const t = rulesOf(
    [
      'when self vitality below 30%: active-guard',
      'when an ally is broken in reach: stabilize it',
      'target lowest vitality',
      'never seize-initiative',
      'otherwise focus-weakest',
    ].join('\n'),
  ).t;
  t.owner = 'Queen Maud';
  // Queen 0 and Kael 3 on side 0; goblins 1, 2 on side 1
  const opts: OptionFacts[] = [
    { action: 'strike', target: 1 },
    { action: 'strike', target: 2 },
    { action: 'active-guard', target: -1 },
    { action: 'stabilize', target: 3 },
  ];

  it('a condition that holds takes its action; the log cites the rule', () => {
    const w = world([0, 1, 1, 0], [2, 5, 3, 6], [0, 0, 1, 0]);
    const c = decideByRules(t, 0, opts, 0, w)!;
    assert.equal(c.option, 2);
    assert.equal(citeRule(t, c.rule), 'rule 1: when self vitality below 30%: active-guard');
    assert.equal(citeRule(t, c.rule, false), 'rule 1 of Queen Maud: when self vitality below 30%: active-guard');
  });

  it('`it` is the ally the condition found; a condition that does not hold passes to the next rule', () => {
    assert.equal(decideByRules(t, 0, opts, 0, world([0, 1, 1, 0], [8, 5, 3, 0], [0, 0, 1, 0]))!.option, 3);
    // Kael broken but in another zone: not in reach; the target rule aims the policy's strike at the weakest goblin
    const c = decideByRules(t, 0, opts, 0, world([0, 1, 1, 0], [8, 5, 3, 0], [0, 0, 1, 2]))!;
    assert.deepEqual([c.option, c.rule.n], [1, 3]);
  });

  it('no rule decides: the policy stands; a never rule takes its action out unless it is all there is', () => {
    const w = world([0, 1, 1, 0], [8, 5, 3, 6], [0, 0, 1, 0]);
    assert.equal(
      decideByRules(
        t,
        0,
        [
          { action: 'active-guard', target: -1 },
          { action: undefined, target: -1 },
        ],
        1,
        w,
      ),
      undefined,
    );
    const seize = [
      { action: 'seize-initiative', target: -1 },
      { action: undefined, target: -1 },
    ];
    assert.deepEqual(decideByRules(t, 0, seize, 0, w)!.option, 1);
    assert.equal(decideByRules(t, 0, seize, 1, w), undefined);
    assert.equal(decideByRules(t, 0, [seize[0]], 0, w), undefined);
  });
});

describe('model/priority: a hostile tactics block (issue 33; issue 35 item 10: bounded output)', () => {
  scaleIt(
    '50,000 rules read in linear time (ten times the rules, under 30 times the time); shadow warnings and errors stay under the reader cap',
    () => {
      const block = (n: number): string => {
        const lines: string[] = [];
        for (let i = 0; i < n; i++) lines.push(`    always technique "T${i}"`, '    dance');
        return `character Q {\n  tactics {\n${lines.join('\n')}\n  }\n}\n`;
      };
      const timed = (text: string): { ms: number; r: ReturnType<typeof read> } => {
        const t0 = performance.now();
        const r = read(text);
        return { ms: performance.now() - t0, r };
      };
      const small = block(2_500),
        big = block(25_000);
      const smallMs = Math.min(timed(small).ms, timed(small).ms);
      const { ms, r } = timed(big);
      assert.equal(r.tactics[0].rules.length, 25_000);
      assert.ok(r.diags.length <= 1000, `${r.diags.length} diagnostics`);
      // ten times the rules: well under the hundred times a quadratic reading takes (a ratio, not a wall clock, so a
      // loaded machine slows both alike)
      assert.ok(
        ms < 30 * Math.max(smallMs, 20),
        `2,500 rules: ${Math.round(smallMs)} ms, 25,000: ${Math.round(ms)} ms`,
      );
    },
  );

  it('the keyed shadow check still names the earliest rule that pre-empts', () => {
    const { diags } = rulesOf('never strike\nalways strike\nwhen round is 2: strike');
    assert.deepEqual(
      diags.map((d) => [d.severity, d.range.start.line, /rule 1 /.test(d.message)]),
      [
        ['warning', 4, true],
        ['warning', 5, true],
      ],
    );
  });
});
