// GM priority rules in the Halcyon Aces checker (issue 33; systems/halcyon-aces/check/tactics.ts): which rules each
// combatant follows and whose they are, one block per parent, names a rule gives that name nothing (errors with a
// did-you-mean on the name), and rules a combatant can never take (warnings).
import assert from 'node:assert/strict';
import { check, covered, diags } from '../../../helpers.js';

const GEAR =
  'weapon Club { melee +1 }\nweapon Gun { firearm +2 scatter }\n' +
  'technique "Tidal Cut" { cost 2 stat body targets dual bonus +2 }\n';
const Q = (rules: string, extra = 'techniques "Tidal Cut"') =>
  `character Q { heart 3 body 4 mind 3 spirit 4 vitality 30 wields Club ${extra}\n  tactics {\n${rules}\n  }\n}\n`;
const FOE = 'character Kael { heart 2 body 4 mind 2 spirit 1 vitality 24 }\n';
const ENC = (court = 'Q at hall', extra = '') =>
  `encounter E {\n${extra}  zone gate { adjacent hall }\n  zone hall { }\n  side party { Kael at gate }\n  side court {\n    ${court}\n  }\n}\n`;
const tacticsDiags = (text: string) => diags(text).filter((d) => d.code === 'tactics-rule');

describe('Halcyon Aces checker: GM priority rules (issue 33)', () => {
  it('the sample-like boss is clean and carries its rules, owner and preset to the encounter', () => {
    const text =
      GEAR +
      FOE +
      Q(
        '    when self vitality below 30%: active-guard\n    open with technique "Tidal Cut"\n    otherwise defensive',
      ) +
      ENC();
    assert.deepEqual(diags(text), []);
    const c = check(text).model.encounters[0].combatants.find((x) => x.id === 'Q')!;
    assert.equal(c.tactics?.owner, 'Q');
    assert.equal(c.ownTactics, true);
    assert.equal(c.tactics?.preset, 'defensive');
    assert.equal(c.tactics?.rules.length, 3);
    assert.equal(check(text).model.encounters[0].combatants.find((x) => x.id === 'Kael')!.tactics, undefined);
  });

  it("the most specific block decides alone: a placement's, else the character's (or its base's), else the side's", () => {
    const text =
      GEAR +
      FOE +
      Q('    never brace') +
      'character "Elite Q" extends Q { vitality 40 }\n' +
      'character Thug { heart 1 body 3 mind 1 spirit 1 vitality 10 wields Club }\n' +
      `encounter E {\n  zone gate { adjacent hall }\n  zone hall { }\n  side party { Kael at gate }\n  side court {\n    tactics { never seize-initiative }\n    Q at hall\n    "Elite Q" at hall\n    Thug x2 at hall\n    Thug at hall tactics {\n      never stride\n    }\n  }\n}\n`;
    assert.deepEqual(diags(text), []);
    const by = new Map(check(text).model.encounters[0].combatants.map((c) => [c.id, c]));
    const rule = (id: string) => by.get(id)!.tactics?.rules[0].text;
    assert.equal(rule('Q'), 'never brace');
    assert.equal(rule('Elite Q'), 'never brace');
    assert.equal(by.get('Elite Q')!.tactics?.owner, 'Q');
    assert.equal(by.get('Elite Q')!.ownTactics, false);
    assert.equal(rule('Thug 1'), 'never seize-initiative');
    assert.equal(by.get('Thug 1')!.tactics?.owner, 'side court');
    assert.equal(rule('Thug 3'), 'never stride');
    assert.equal(by.get('Thug 3')!.tactics?.owner, 'Thug');
    assert.equal(by.get('Kael')!.tactics, undefined);
  });

  it('a character that writes its own block does not keep its base\'s; "otherwise" is the preset over `tactics PRESET`', () => {
    const text =
      GEAR +
      FOE +
      Q('    never brace', 'tactics kite') +
      'character R extends Q {\n  tactics {\n    otherwise support\n  }\n}\n' +
      ENC('R at hall');
    assert.deepEqual(diags(text), []);
    const r = check(text).model.encounters[0].combatants.find((x) => x.id === 'R')!;
    assert.deepEqual(
      r.tactics?.rules.map((x) => x.text),
      ['otherwise support'],
    );
    assert.equal(r.tactics?.preset, 'support');
    assert.equal(r.block.tactic, 'kite');
  });

  it('two tactics blocks in one character or one side are an error on the second', () => {
    const text =
      GEAR +
      FOE +
      Q('    never brace').replace(/\}\n$/, '  tactics { never stride }\n}\n') +
      ENC('tactics { never brace }\n    tactics { never dash }\n    Q at hall');
    const d = tacticsDiags(text);
    assert.deepEqual(
      d.map((x) => [x.severity, covered(text, x)]),
      [
        ['error', 'tactics'],
        ['error', 'tactics'],
      ],
    );
    assert.match(d[0].message, /^Q has more than one tactics block/);
    assert.match(d[1].message, /^Side 'court' has more than one tactics block/);
  });

  it('HA-A4 a technique a rule names that does not exist is an error on the name with a did-you-mean', () => {
    const text = GEAR + FOE + Q('    open with technique "Tidl Cut"') + ENC();
    const d = tacticsDiags(text);
    assert.equal(d.length, 1);
    assert.equal(d[0].severity, 'error');
    assert.equal(covered(text, d[0]), '"Tidl Cut"');
    assert.match(d[0].message, /Rule 1 names technique 'Tidl Cut'.*Did you mean 'Tidal Cut'\?/);
    assert.deepEqual(d[0].suggestions, ['Tidal Cut']);
  });

  it('HA-Z1 a zone and HA-I6 a combatant a rule names that the encounter lacks are errors on the name', () => {
    const text = GEAR + FOE + Q('    when round at least 3: stride gat\n    target "Kaell"') + ENC();
    const d = tacticsDiags(text);
    assert.deepEqual(
      d.map((x) => covered(text, x)),
      ['gat', '"Kaell"'],
    );
    assert.match(d[0].message, /Rule 1 moves to zone 'gat'.*\(HA-Z1\).*Did you mean 'gate'\?/);
    assert.deepEqual(d[0].suggestions, ['gate']);
    assert.match(d[1].message, /Rule 2 aims at "Kaell".*Did you mean 'Kael'\?/);
    assert.deepEqual(d[1].suggestions, ['Kael']);
  });

  it('HA-A4 HA-W3 HA-S1 HA-L1 HA-U1 a rule this combatant can never take is a warning, once per rule', () => {
    const text =
      GEAR +
      FOE +
      'character Mira { heart 3 body 2 mind 3 spirit 4 vitality 18 }\n' +
      Q(
        [
          '    when round is 2: technique',
          '    always scatter',
          '    strike Gun',
          '    when self vitality below 50%: link-strike',
          '    team-ultimate',
          '    target "Mira"',
        ].join('\n'),
        '',
      ) +
      'character "Elite Q" extends Q { vitality 40 }\n' +
      ENC('Q at hall\n    "Elite Q" at hall');
    const d = tacticsDiags(text);
    assert.ok(
      d.every((x) => x.severity === 'warning'),
      d.map((x) => x.message).join('\n'),
    );
    const said = d.map((x) => x.message);
    assert.equal(said.length, 6, said.join('\n'));
    assert.match(said[0], /Rule 1 can never decide for Q: Q has no techniques \(HA-A4\)/);
    assert.match(said[1], /Rule 2 .*no Scatter weapon \(HA-W3\)/);
    assert.match(said[2], /Rule 3 .*does not wield 'Gun' \(it wields Club\)/);
    assert.match(said[3], /Rule 4 .*does not turn Link Strikes on \(HA-L1\)/);
    assert.match(said[4], /Rule 5 .*does not turn Team Ultimates on \(HA-U1\)/);
    assert.match(said[5], /Rule 6 .*"Mira" does not fight in encounter 'E'/);
  });

  it('rules a combatant can take, and an unknown name in a placement block, are checked where they are written', () => {
    const ok =
      GEAR + FOE + Q('    always technique "Tidal Cut" at lowest vitality\n    strike Club\n    never stride') + ENC();
    assert.deepEqual(tacticsDiags(ok), []);
    const bad =
      GEAR +
      FOE +
      'character Thug { heart 1 body 3 mind 1 spirit 1 vitality 10 wields Club }\n' +
      ENC('Thug x2 at hall tactics {\n      strike Clubb\n    }');
    const d = tacticsDiags(bad);
    assert.equal(d.length, 1, d.map((x) => x.message).join('\n'));
    assert.equal(covered(bad, d[0]), 'Clubb');
    assert.match(d[0].message, /names weapon 'Clubb'.*Did you mean 'Club'\?/);
  });
});
