import assert from 'node:assert/strict';
import { applyEdits, serviceWith } from '../cursor.js';
import { OTHERS, MAIN } from '../fixtures.js';
import { checkText } from '../../helpers.js';

const ALL = { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } };

function fixes(text: string, others: Record<string, string> = {}): { title: string; result: string }[] {
  const { ls, uri } = serviceWith(text, others);
  return ls.codeActions(uri, ALL).map((a) => ({ title: a.title, result: applyEdits(text, a.edit!.changes![uri]) }));
}

function codesOf(text: string, others: Record<string, string> = {}): string[] {
  return checkText(text, 'main.aces', others)
    .diagnostics.filter((d) => d.file === 'main.aces')
    .map((d) => d.code);
}

describe('server/service code actions, lenses and inlay hints', () => {
  it('did-you-mean replaces an unknown name with the suggestion, and the file checks clean', () => {
    const text = MAIN.replace('wields Longsword', 'wields Longswrod');
    const f = fixes(text, OTHERS).find((x) => x.title === "Change to 'Longsword'");
    assert.ok(f);
    assert.deepEqual(codesOf(f.result, OTHERS), []);
  });

  it("sets Guard to the rules' value (HA-N2)", () => {
    const text = MAIN.replace('armor 1', 'armor 1  guard 14');
    const f = fixes(text, OTHERS).find((x) => x.title === "Set Guard to the rules' value 10")!;
    assert.match(f.result, /armor 1  guard 10/);
    assert.deepEqual(codesOf(f.result, OTHERS), []);
  });

  it('creates a missing weapon stub at the end of the file', () => {
    const text = MAIN.replace('wields Longsword', 'wields Halberd');
    const f = fixes(text, OTHERS).find((x) => x.title === "Create weapon 'Halberd'")!;
    assert.match(f.result, /\nweapon Halberd \{ melee \+1 \}\n$/);
    assert.deepEqual(codesOf(f.result, OTHERS), []);
  });

  it('adds a missing zone to the encounter', () => {
    const text = MAIN.replace('Kael at floor', 'Kael at cellar');
    const f = fixes(text, OTHERS).find((x) => x.title === "Add zone 'cellar' to this encounter")!;
    assert.match(f.result, /zone roof +\{ height 20ft  drop floor 20ft \}\n  zone cellar \{ \}/);
    assert.ok(!codesOf(f.result, OTHERS).includes('HA-Z1'));
  });

  it('adds a missing zone link when nobody can reach anybody (HA-Z2)', () => {
    const text = MAIN.replace('zone bar   { adjacent floor }', 'zone bar   { }').replace(
      'drop floor 20ft',
      'height 30ft',
    );
    assert.ok(codesOf(text, OTHERS).includes('HA-Z2'));
    const f = fixes(text, OTHERS).find((x) => x.title.startsWith("Link zone 'floor' to 'bar'"))!;
    assert.ok(f, JSON.stringify(fixes(text, OTHERS).map((x) => x.title)));
    assert.match(f.result, /zone floor +\{ adjacent bar \}/);
    assert.ok(!codesOf(f.result, OTHERS).includes('HA-Z2'));
  });

  it('adds missing vitality and stats', () => {
    const text = 'character X {\n  heart 2\n}\n';
    const all = fixes(text);
    const v = all.find((x) => x.title === 'Add `vitality 10`')!;
    assert.equal(v.result, 'character X {\n  heart 2\n  vitality 10\n}\n');
    const s = all.find((x) => x.title.startsWith('Add body, mind, spirit'))!;
    assert.equal(s.result, 'character X {\n  heart 2\n  body 2  mind 2  spirit 2\n}\n');
  });

  it('did-you-mean puts a value or keyword in as the bare word, in every system (a quoted stance reads as a name)', () => {
    const cases: [string, string, string][] = [
      [
        'system heart-rush\ncharacter X { hp 5 }\nencounter E {\n side a { X at 0ft 0ft stances agilty cunning }\n side b { X at 5ft 0ft }\n}\n',
        'agilty',
        'stances agility cunning',
      ],
      ['system heart-rush\ncharacter X { hp 5 tactics suport }\n', 'suport', 'tactics support'],
      [
        'system arcana\ncharacter X { strength 2 finesse 2 agility 2 alertness 2 tactics cuning }\n',
        'cuning',
        'tactics cunning',
      ],
      ['system tactical-grid\ncharacter X { difficulty 12 health 3 speed 5 range 1 ai gaurd }\n', 'gaurd', 'ai guard'],
      ['technique T { cost 1 stat bdy against guard }\n', 'bdy', 'stat body'],
    ];
    for (const [text, typo, fixed] of cases) {
      const f = fixes(text).find((x) => x.title.startsWith('Change to') && !x.result.includes(typo));
      assert.ok(f, `${typo}: ${JSON.stringify(fixes(text).map((x) => x.title))}`);
      assert.ok(f.result.includes(fixed), `${typo} → ${f.result}`);
      assert.deepEqual(
        codesOf(f.result).filter((c) => c === 'bad-value' || c.startsWith('unknown')),
        [],
        f.result,
      );
    }
  });

  it("a placement key's argument written without its key gets the key inserted, not the argument replaced (`Raider a3` → `Raider at a3`)", () => {
    const text = (side: string) =>
      `system tactical-grid\ncharacter R { difficulty 12 health 3 speed 5 range 1 }\nencounter E {\n map { row "...." row "...." }\n side a { ${side} }\n side b { R at b1 }\n}\n`;
    const missing = fixes(text('R a3 facing east'));
    const f = missing.find((x) => x.title === "Insert 'at' before 'a3'")!;
    assert.ok(f, JSON.stringify(missing.map((x) => x.title)));
    assert.match(f.result, /side a \{ R at a3 facing east \}/);
    assert.ok(!missing.some((x) => x.title === "Change to 'at'"));
    // a misspelt key before its argument is still replaced
    const typo = fixes(text('R att a2')).find((x) => x.title === "Change to 'at'")!;
    assert.match(typo.result, /side a \{ R at a2 \}/);
  });

  it("a placement's missing square or zone goes right after its name (and copies), not after the line's last placement; after a dangling `at`, the value alone", () => {
    const hr =
      'system heart-rush\ncharacter A { hp 5 }\ncharacter B { hp 5 }\nencounter E {\n side one { A  B at 5ft 0ft }\n side two { B at 20ft 0ft }\n}\n';
    const place = fixes(hr).find((x) => x.title.startsWith('Place it at'))!;
    assert.match(place.result, /side one \{ A at 0ft 0ft {2}B at 5ft 0ft \}/);
    assert.deepEqual(codesOf(place.result), []);
    const ha = (side: string) =>
      `character Kael { heart 1 body 2 mind 1 spirit 1 vitality 9 }\ncharacter Sable { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n zone road { adjacent hill }\n zone hill { }\n side one { ${side} }\n side two { Sable at road }\n}\n`;
    assert.match(
      fixes(ha('Kael  Sable at road')).find((x) => x.title === 'Start at road')!.result,
      /side one \{ Kael at road {2}Sable at road \}/,
    );
    assert.match(
      fixes(ha('Kael x2')).find((x) => x.title === 'Start at road')!.result,
      /side one \{ Kael x2 at road \}/,
    );
    const typing = fixes(ha('Kael at\n')).find((x) => x.title === 'Start at road')!;
    assert.match(typing.result, /side one \{ Kael at road\n/);
    assert.deepEqual(codesOf(typing.result), []);
  });

  it('code lenses run, step and preview each encounter with typed arguments', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const lenses = ls.codeLenses(uri);
    assert.deepEqual(
      lenses.map((l) => l.command!.command),
      ['aces.runEncounter', 'aces.stepEncounter', 'aces.previewOdds'],
    );
    assert.deepEqual(lenses[0].command!.arguments, [{ uri, encounter: 'Ambush', line: 16 }]);
    // plain words for every LSP editor: no font glyph that may draw as a box (VS Code adds codicons, client/core/lens-icons.ts)
    assert.deepEqual(
      lenses.map((l) => l.command!.title),
      ['Run', 'Step', 'Odds'],
    );
  });

  it('inlay hints show derived Guard and assumed Resolve after the armor line', () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const hints = ls.inlayHints(uri, ALL);
    const kael = hints.find((h) => h.position.line === 5)!;
    assert.equal(kael.label, 'Guard 10 · Resolve 6 (assumed)');
    assert.equal(kael.position.character, MAIN.split('\n')[5].length);
    const thug = hints.find((h) => h.position.line === 12)!;
    assert.equal(thug.label, 'Guard 7 · Resolve 6 (assumed)');
  });

  it('Monte Carlo odds of an encounter are remembered for its inlay hint and lens', async () => {
    const { ls, uri } = serviceWith(MAIN, OTHERS);
    const o = (await ls.encounterOdds({ uri, encounter: 'Ambush', runs: 200 }))!;
    assert.equal(o.runs, 200);
    assert.equal(o.sides.length, 2);
    assert.ok(Math.abs(o.sides[0].p + o.sides[1].p + o.stalemate + o.draw - 1) < 1e-9);
    const hint = ls.inlayHints(uri, ALL).find((h) => h.position.line === 16)!;
    assert.match(String(hint.label), /^heroes \d+% · thugs \d+%.*\(200 runs\)$/);
    assert.match(ls.codeLenses(uri)[2].command!.title, /Odds: heroes/);
    assert.equal(await ls.encounterOdds({ uri, encounter: 'Nope' }), null);
  });
});

describe('server/service quick fixes keyed by fix id (issue 8 item 5)', () => {
  it('HA-A4 a technique named in wields: one diagnostic saying so, and a fix that moves it to techniques', () => {
    const text = `technique Bolt { cost 1 stat mind against guard range far }
character Kael {
  heart 2 body 3 mind 2 spirit 1
  vitality 20
  wields Bolt
}
`;
    const { ls, uri } = serviceWith(text);
    const d = ls.diagnostics(uri);
    assert.deepEqual(
      d.map((x) => x.code),
      ['HA-A4'],
    );
    assert.match(String(d[0].message), /'Bolt' is a technique, not a weapon/);
    const all = ls.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } });
    const f = all.find((a) => a.title === "Move 'Bolt' to techniques")!;
    assert.ok(f, JSON.stringify(all.map((a) => a.title)));
    assert.ok(
      !all.some((a) => a.title.startsWith('Create weapon')),
      'no offer to declare a weapon named after the technique',
    );
    const edited = applyEdits(text, f.edit!.changes![uri]);
    assert.match(edited, /^  techniques Bolt$/m);
    const after = serviceWith(edited);
    assert.deepEqual(after.ls.diagnostics(after.uri), []);
  });

  it('one diagnostic per mistake: a misspelt vitality or stat is not also reported missing', () => {
    const { ls, uri } = serviceWith(`character Kael {
  heart 2 body 3 mind 2 spirt 1
  vitalty 20
}
`);
    assert.deepEqual(
      ls.diagnostics(uri).map((x) => x.code),
      ['unknown-keyword', 'unknown-keyword'],
    );
  });

  it('a zoneless encounter may name its implicit zone: `at field`', () => {
    const { ls, uri } = serviceWith(`character Kael { heart 2 body 3 mind 2 spirit 1 vitality 20 }
encounter E {
  side a {
    Kael at field
  }
  side b {
    Kael at field
  }
}
`);
    assert.deepEqual(ls.diagnostics(uri), []);
  });
});
