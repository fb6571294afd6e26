// The Heart Rush schema, rule texts and registration behind the seam.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { REGISTRY } from '../../../systems/index.js';
import { HEART_RUSH } from '../../../systems/heart-rush/index.js';
import { RULE_TEXT } from '../../../systems/heart-rush/rules.js';
import { HR_SCHEMA } from '../../../systems/heart-rush/schema.js';
import { MAX_TURNS } from '../../../model/roster.js';
import { MAX_COMBATANTS } from '../../../model/roster.js';
import { char, codes, diags, fight } from './lang.js';

describe('Heart Rush behind the seam', () => {
  it('registered after Halcyon Aces, which stays first and the fallback', () => {
    assert.deepEqual(REGISTRY.systems.map((s) => s.id).slice(0, 2), ['halcyon-aces', 'heart-rush']);
    assert.equal(REGISTRY.fallback.id, 'halcyon-aces');
    assert.equal(REGISTRY.byId('heart-rush'), HEART_RUSH);
    assert.deepEqual([HEART_RUSH.id, HEART_RUSH.name], ['heart-rush', 'Heart Rush']);
  });
  it('every rule text is one plain sentence under an HR id the system claims', () => {
    for (const [id, text] of Object.entries(RULE_TEXT)) {
      assert.match(id, HEART_RUSH.ruleIds, id);
      assert.match(text, /^[^\n]+\.$/, id);
    }
    assert.doesNotMatch('HA-N1', HEART_RUSH.ruleIds);
  });
  it('every HR id the checker reports has a rule text', () => {
    // check.ts and its parts (check-gear.ts, check-tactics.ts)
    const dir = 'systems/heart-rush';
    const parts = readdirSync(dir).filter((n) => /^check.*\.ts$/.test(n));
    assert.ok(parts.includes('check-gear.ts'), parts.join());
    const src = parts.map((n) => readFileSync(`${dir}/${n}`, 'utf8')).join('\n');
    const ids = new Set(src.match(/HR-[A-Z]+\d+/g));
    assert.ok(ids.size >= 20);
    for (const id of ids) assert.ok(RULE_TEXT[id], id);
  });
  it('the schema: the seven blocks (tactics: issue 33); every keyword documented with its HR id; defaults shown as assumed', () => {
    assert.deepEqual(Object.keys(HR_SCHEMA.blocks).sort(), [
      'armor',
      'character',
      'dice',
      'encounter',
      'side',
      'tactics',
      'weapon',
    ]);
    for (const b of Object.values(HR_SCHEMA.blocks)) {
      // a rules block is unnamed: no name token
      assert.ok(b.doc && b.example && (b.token || b.rules) && b.snippet, b.kind);
      for (const a of [...b.attributes, ...(b.placements ?? [])]) {
        assert.ok(a.rule && RULE_TEXT[a.rule], `${b.kind}.${a.name} has a rule with a text`);
        assert.match(a.doc, /HR-[A-Z]+\d+/, `${b.kind}.${a.name} cites its id`);
      }
    }
    const assumed = ['seed', 'rounds', 'field'].map((n) =>
      HR_SCHEMA.blocks.encounter.attributes.find((a) => a.name === n)!,
    );
    for (const name of [
      'heart',
      'might',
      'agility',
      'cunning',
      'wears',
      'wields',
      'speed',
      'size',
      'hands',
      'rush',
      'tactics',
      'maneuver',
      'inflicts',
      'shrug',
    ])
      assumed.push(HR_SCHEMA.blocks.character.attributes.find((a) => a.name === name)!);
    for (const name of ['die', 'reach', 'range', 'hands', 'might-bonus'])
      assumed.push(HR_SCHEMA.blocks.weapon.attributes.find((a) => a.name === name)!);
    for (const a of assumed) assert.match(a.doc, /[Aa]ssumed/, a.name);
    assert.match(HR_SCHEMA.blocks.character.attributes.find((a) => a.name === 'heart')!.doc, /assumed d8/);
    assert.match(HR_SCHEMA.blocks.character.attributes.find((a) => a.name === 'speed')!.doc, /Assumed 60ft/);
    for (const k of ['character', 'weapon', 'armor', 'dice']) assert.ok(HR_SCHEMA.blocks[k].definable, k);
    assert.equal(HR_SCHEMA.blocks.weapon.bareWord!.attr, 'die');
    assert.equal(HR_SCHEMA.blocks.armor.bareNumber, 'bonus');
    assert.deepEqual(
      HR_SCHEMA.blocks.side.placements!.map((p) => p.name),
      ['at', 'dice', 'stances', 'surprised', 'hidden', 'cover'],
    );
  });
});

describe('Heart Rush checker: limits', () => {
  it(`limit: more than ${MAX_COMBATANTS} combatants in one encounter`, () => {
    const text =
      char('A') +
      char('B') +
      `encounter E {\n side a { A x100 at 0ft 0ft\n A x100 at 0ft 5ft }\n side b { B x5 at 0ft 100ft }\n}\n`;
    assert.deepEqual(codes(text), ['limit']);
  });
  it(`limit: rounds × combatants above ${MAX_TURNS.toLocaleString('en-US')}`, () => {
    const d = diags(char('A') + char('B') + fight('A x30 at 0ft 0ft', 'B at 0ft 100ft', 'rounds 5000'));
    assert.deepEqual(
      d.map((x) => x.code),
      ['limit'],
    );
    assert.deepEqual(codes(char('A') + char('B') + fight('A x30 at 0ft 0ft', 'B at 0ft 100ft', 'rounds 3000')), []);
  });
  it('limit: a distance beyond 100,000 ft', () => {
    assert.deepEqual(codes(char('A') + char('B') + fight('A at 0ft 0ft', 'B at 0ft 1000000ft')), ['limit']);
  });
});
