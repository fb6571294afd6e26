// `extends` for Arcana characters (issue 12; docs/LANGUAGE.md "Inheritance"): the shared inheritance of
// model/check-kit.ts with Arcana's own required stats (AR-N1).
import assert from 'node:assert/strict';
import { ar, BASE_DEFS, fight, show, withCode } from './lang.js';

describe('Arcana: a character extends another', () => {
  it("AR-N1: the derived character has the base's stats and weapon, with what it writes replacing them whole", () => {
    const r = ar(
      `${BASE_DEFS}character "Thug Boss" extends Thug { strength 5 health 14 }\n${fight('side a { Hero }\n  side b { "Thug Boss" }')}`,
    );
    assert.equal(r.diagnostics.filter((d) => d.severity === 'error').length, 0, show(r));
    const boss = r.model.characters.find((c) => c.name === 'Thug Boss')!;
    const thug = r.model.characters.find((c) => c.name === 'Thug')!;
    assert.equal(boss.strength, 5);
    assert.equal(boss.finesse, thug.finesse);
    assert.equal(boss.health, 14);
    assert.equal(boss.wields.name, thug.wields.name);
    const hover = r.model.hovers.find((h) => h.markdown.includes('Thug Boss'))!.markdown;
    assert.match(hover, /\*extends\* \*\*Thug\*\* — inherited: .*finesse/);
  });

  it('AR-N1: an unknown base is one unknown-name error with a did-you-mean, not also missing stats', () => {
    const r = ar(`${BASE_DEFS}character Boss extends Thugg { health 14 }\n`);
    const unknown = withCode(r, 'unknown-name');
    assert.equal(unknown.length, 1, show(r));
    assert.match(unknown[0].message, /No character named 'Thugg' to extend.*Did you mean 'Thug'/);
    assert.equal(withCode(r, 'AR-N1').length, 0, show(r));
  });

  it('a loop of extends is an extends-cycle error; a mistake in an inherited attribute is reported once, on the base', () => {
    const loop = ar(
      `character A extends B { strength 2 finesse 2 agility 2 alertness 2 }\ncharacter B extends A { health 9 }\n`,
    );
    assert.ok(withCode(loop, 'extends-cycle').length >= 1, show(loop));
    const bad = ar(
      `${BASE_DEFS}character Brute { strength 3 finesse 2 agility 2 alertness 2 wields Sabre }\ncharacter "Big Brute" extends Brute { health 20 }\n`,
    );
    assert.equal(withCode(bad, 'unknown-name').length, 1, show(bad));
  });
});
