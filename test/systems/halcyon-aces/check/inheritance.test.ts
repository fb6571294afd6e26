// Stat-block inheritance (issue 8 item 6, docs/LANGUAGE.md "Inheritance"):
// `character "Elite Thug" extends Thug { body 4 vitality 30 }`.
import assert from 'node:assert/strict';
import { check, codes, covered, diags, withCode } from '../../../helpers.js';

const BESTIARY = `weapon Cudgel { melee +1 }
technique Headbutt { cost 1 stat body }
character Thug {
  heart 1  body 3  mind 1  spirit 2
  vitality 12
  wields Cudgel
  techniques Headbutt
  tactics focus-weakest
}
`;

function block(text: string, name: string, others: Record<string, string> = {}) {
  const b = check(text, others).model.blocks.find((x) => x.name === name && x.file === 'test.aces');
  assert.ok(b, `${name} was built`);
  return b;
}

describe('model: stat-block inheritance (extends)', () => {
  it('takes everything of the base and replaces only what it writes, across `use`', () => {
    const text = `use "bestiary.aces"\ncharacter "Elite Thug" extends Thug { body 4 vitality 30 }\n`;
    assert.deepEqual(diags(text, { 'bestiary.aces': BESTIARY }), []);
    const b = block(text, 'Elite Thug', { 'bestiary.aces': BESTIARY });
    assert.deepEqual(b.stats, { heart: 1, body: 4, mind: 1, spirit: 2 });
    assert.equal(b.vitality, 30);
    assert.equal(b.weapon.name, 'Cudgel');
    assert.deepEqual(
      b.techniques.map((t) => t.name),
      ['Headbutt'],
    );
    assert.equal(b.tactic, 'focus-weakest');
    assert.deepEqual(b.base, { name: 'Thug', file: 'bestiary.aces' });
    assert.deepEqual(b.inherited, ['heart', 'mind', 'spirit', 'wields', 'techniques', 'tactics']);
  });

  it('derives Guard (HA-N2) and Resolve (HA-N3) again from the merged stats', () => {
    const text = `${BESTIARY}character Brute extends Thug { body 5 armor 1 spirit 4 }\n`;
    const b = block(text, 'Brute');
    assert.equal(b.guard, 5 + 5 + 1);
    assert.equal(b.resolve, 5 + 4);
    assert.equal(block(text, 'Thug').guard, 5 + 3);
  });

  it('replaces a list attribute whole (techniques), and chains through several levels', () => {
    const text = `${BESTIARY}technique Roar { cost 2 stat heart }\ncharacter "Elite Thug" extends Thug { body 4 }\ncharacter Boss extends "Elite Thug" { techniques Roar  vitality 40 }\n`;
    assert.deepEqual(diags(text), []);
    const boss = block(text, 'Boss');
    assert.deepEqual(
      boss.techniques.map((t) => t.name),
      ['Roar'],
    );
    assert.equal(boss.stats.body, 4, 'from Elite Thug');
    assert.equal(boss.stats.heart, 1, 'from Thug, through Elite Thug');
    assert.deepEqual(boss.base, { name: 'Elite Thug', file: 'test.aces' });
  });

  it('a derived block is placed and fought like any other', () => {
    const text = `${BESTIARY}character "Elite Thug" extends Thug { body 4 vitality 30 }\ncharacter Kael { heart 2 body 3 mind 2 spirit 2 vitality 20 player }\nencounter E { side a { Kael } side b { "Elite Thug" x2 } }\n`;
    const r = check(text);
    assert.deepEqual(r.diagnostics, []);
    const foes = r.model.encounters[0].combatants.filter((c) => c.side === 'b');
    assert.deepEqual(
      foes.map((c) => [c.id, c.block.vitality, c.block.guard, c.block.weapon.name]),
      [
        ['Elite Thug 1', 30, 9, 'Cudgel'],
        ['Elite Thug 2', 30, 9, 'Cudgel'],
      ],
    );
  });

  it('an unknown base is one error, with a did-you-mean, and no "missing stats" besides', () => {
    const text = `${BESTIARY}character Lost extends Thugg { vitality 5 }\n`;
    const ds = diags(text);
    assert.deepEqual(
      ds.map((d) => d.code),
      ['unknown-name'],
    );
    assert.equal(covered(text, ds[0]), 'Thugg');
    assert.match(ds[0].message, /No character named 'Thugg' to extend.*Did you mean 'Thug'\?/);
  });

  it('a loop of extends is reported on each block of the loop, and nothing hangs', () => {
    const text = `character A extends B { heart 1 body 1 mind 1 spirit 1 vitality 3 }\ncharacter B extends A { body 2 }\ncharacter C extends C { heart 1 body 1 mind 1 spirit 1 vitality 3 }\n`;
    const cycles = withCode(text, 'extends-cycle');
    assert.deepEqual(
      cycles.map((d) => covered(text, d)),
      ['B', 'A', 'C'],
    );
    assert.match(cycles[0].message, /A inherits from itself: A → B → A/);
    assert.deepEqual(
      codes(text).filter((c) => c !== 'extends-cycle'),
      [],
      'the chain up to the loop still merges: B has its stats from A',
    );
  });

  it('what an inherited attribute breaks is reported once, where it is written', () => {
    const base = `character Thug { heart 1 body 3 mind 1 spirit 1 vitality 12 wields Clubb }\n`;
    const text = `${base}character "Elite Thug" extends Thug { body 4 }\n`;
    const ds = withCode(text, 'unknown-name');
    assert.equal(ds.length, 1);
    assert.equal(ds[0].range.start.line, 0, "on Thug's own `wields`, not again for Elite Thug");
  });

  it('inherited names resolve in the scope of the file that wrote them', () => {
    // lib.aces uses weapons.aces; main uses lib.aces only (use is transitive, but the rule holds either way)
    const others = {
      'weapons.aces': 'weapon Cudgel { melee +1 }\n',
      'lib.aces': 'use "weapons.aces"\ncharacter Thug { heart 1 body 3 mind 1 spirit 1 vitality 12 wields Cudgel }\n',
    };
    const text = `use "lib.aces"\ncharacter Elite extends Thug { vitality 20 }\n`;
    assert.deepEqual(diags(text, others), []);
    assert.equal(block(text, 'Elite', others).weapon.name, 'Cudgel');
  });

  it('`extends` belongs to characters; elsewhere and malformed it is a clear error', () => {
    assert.match(
      diags('weapon Knife extends Cudgel { melee }\n')[0].message,
      /A weapon cannot extend another; only characters can/,
    );
    const noName = diags('character X extends { heart 1 body 1 mind 1 spirit 1 vitality 1 }\n');
    assert.match(noName[0].message, /'extends' needs the name of the character to start from/);
    const two = diags(`${BESTIARY}character X extends Thug Other { }\n`);
    assert.match(two[0].message, /a character extends one other/);
    const typo = diags(`${BESTIARY}character X extend Thug { }\n`);
    assert.match(typo[0].message, /Did you mean 'extends'\?/);
  });
});
