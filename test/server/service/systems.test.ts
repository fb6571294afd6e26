// The language service on a file of another system (Heart Rush): its schema drives
// diagnostics, hovers, completion, tokens and navigation; `system` is explained.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { completionLabels, hoverText, serviceWith } from '../cursor.js';
import { SEMANTIC_LEGEND } from '../../../server/service/structure.js';

const LIB =
  'system heart-rush\nweapon Spear { melee d8 reach 10ft hands 2 }\narmor Mail { bonus +2 speed -10ft }\ncharacter Edda { heart d10 might d8 agility d6 cunning d6 hp 36 wears Mail wields Spear }\ncharacter Wolf { heart d6 agility d8 cunning d8 hp 18 }\n';
const MAIN =
  'system heart-rush\nuse "lib.aces"\nencounter Ford {\n  field 120ft 60ft\n  side heroes { Edda at 50ft 30ft }\n  side pack { Wolf x2 at 100ft 10ft }\n}\n';

describe('server/service: a Heart Rush file', () => {
  it('checks clean through `use` of a file of the same system; a Halcyon Aces file using it is a use-system error', () => {
    const { ls, uri } = serviceWith(MAIN, { 'lib.aces': LIB });
    assert.deepEqual(
      ls.diagnostics(uri).map((d) => d.message),
      [],
    );
    const ha = serviceWith('use "lib.aces"\n', { 'lib.aces': LIB });
    assert.deepEqual(
      ha.ls.diagnostics(ha.uri).map((d) => d.code),
      ['use-system'],
    );
  });

  it('hover on `system` and on its id names the system; an unknown id is an unknown-system error with a did-you-mean', () => {
    assert.match(hoverText('sys<|>tem heart-rush\n'), /`system heart-rush`: the rule system of this file/);
    assert.match(hoverText('system heart-<|>rush\n'), /\*\*Heart Rush\*\* \(`system heart-rush`\) — /);
    const { ls, uri } = serviceWith('system hart-rush\ncharacter X { }\n');
    const ds = ls.diagnostics(uri);
    assert.deepEqual(
      ds.map((d) => d.code),
      ['unknown-system'],
    );
    assert.match(String(ds[0].message), /Did you mean 'heart-rush'\?/);
  });

  it('hover on a keyword shows the Heart Rush doc, not a Halcyon Aces one', () => {
    const h = hoverText(LIB.replace('hp 36', 'h<|>p 36'));
    assert.match(h, /HR-N3/);
    assert.doesNotMatch(h, /HA-/);
  });

  it('completes Heart Rush attributes in a character and its placement keys in a side', () => {
    const labels = completionLabels('system heart-rush\ncharacter X {\n  <|>\n}\n');
    for (const k of ['heart', 'might', 'hp', 'wears', 'wields']) assert.ok(labels.includes(k), k);
    assert.ok(!labels.includes('vitality'), 'no Halcyon Aces attribute');
    const keys = completionLabels(MAIN.replace('Edda at 50ft 30ft', 'Edda <|>'), { 'lib.aces': LIB });
    for (const k of ['at', 'stances', 'cover', 'surprised']) assert.ok(keys.includes(k), k);
  });

  it('go to definition and references follow Heart Rush refs (wears, wields, placements)', () => {
    const { ls, uri, pos } = serviceWith(MAIN.replace('Wolf x2', 'Wo<|>lf x2'), { 'lib.aces': LIB });
    assert.deepEqual(
      ls.definition(uri, pos).map((l) => `${l.uri}:${l.range.start.line}`),
      ['lib.aces:4'],
    );
    const refs = ls.references('lib.aces', { line: 2, character: 7 }, false);
    assert.deepEqual(
      refs.map((r) => `${r.uri}:${r.range.start.line}`),
      ['lib.aces:3'],
    );
  });

  it('semantic tokens come from its schema (an armor name is a token of its kind)', () => {
    const { ls, uri } = serviceWith(LIB);
    const data = ls.semanticTokens(uri).data;
    const src = LIB.split('\n');
    const toks: string[] = [];
    let line = 0;
    let ch = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      ch = data[i] ? data[i + 1] : ch + data[i + 1];
      toks.push(`${src[line].slice(ch, ch + data[i + 2])}:${SEMANTIC_LEGEND.tokenTypes[data[i + 3]]}`);
    }
    assert.ok(toks.includes('system:keyword') && toks.includes('heart-rush:namespace'), toks.join(' '));
    assert.ok(toks.includes('hp:property') && toks.includes('d10:enumMember'), toks.join(' '));
  });
});

describe('server/service: Heart Rush hovers through its editor contributions', () => {
  it('HR-N5 a character hover gives its numbers (speed after armor) and the exact stance matrix against each foe it meets', () => {
    const h = hoverText(MAIN.replace('Edda at', 'Ed<|>da at'), { 'lib.aces': LIB });
    assert.match(h, /\*\*Edda\*\* — character, 36 HP/);
    assert.match(h, /Speed \| 50 ft \(60 ft − 10 ft Mail, HR-N5\)/);
    assert.match(h, /\*\*vs Wolf 1\*\* at 100 ft 10 ft — 50 ft away, beyond the Spear's 10 ft/);
    assert.match(h, /\| might \| contest [\d.]+% \/ [\d.]+% \/ [\d.]+% \| — \|/);
  });

  it("HR-M4 a character hover gives its maneuver's exact chance of success against each foe, per stance for a trip", () => {
    const lib = readFileSync('samples/heart-rush/bestiary.aces', 'utf8');
    const main = readFileSync('samples/heart-rush/goblin-ambush.aces', 'utf8');
    const h = hoverText(main.replace('Goblin x5       at', 'Gob<|>lin x5       at'), { 'bestiary.aces': lib });
    assert.match(
      h,
      /Maneuver \(P\(success\), the resister wins ties, Help included; HR-M1\): trip vs Aldric: cunning \d+\.\d% · agility \d+\.\d% · might \d+\.\d%/,
    );
  });

  it("HR-C5 a hover on the built-in Unarmed shows Heart Rush's own (d4, one more die for might), not another system's", () => {
    const h = hoverText(LIB.replace('wields Spear', 'wields Unar<|>med'));
    assert.equal(h, '**Unarmed** — melee d4, reach 5 ft, 0 hands, might bonus one more weapon die (HR-C5)');
  });
});

describe('server/service: Arcana hovers through its editor contributions', () => {
  it('AR-D2, AR-A2: a placed character shows its derived Toughness and the exact odds of its attack on each foe', async () => {
    const { readFileSync } = await import('node:fs');
    const lib = readFileSync('samples/arcana/bestiary.aces', 'utf8');
    const main = readFileSync('samples/arcana/salt-street-raid.aces', 'utf8');
    const h = hoverText(main.replace('"Inspector Vale";', '"Inspector <|>Vale";'), { 'bestiary.aces': lib });
    assert.match(h, /\| Toughness \| \d+ — derived: armor \d+ \+ toughness edge \d+ \(AR-D2\) \|/);
    assert.match(
      h,
      /exact odds of one attack \(the standard 52-card Fate deck; the defender does not cheat\)[\s\S]*\| Silas Crane \| [\d.]+% \| [\d.]+ \| [\d.]+% \| [\d.]+% \|/,
    );
  });

  it('AR-A2, AR-A3, AR-D1: a weapon shows the stat it attacks with and its bonus in attack and damage both', async () => {
    const { readFileSync } = await import('node:fs');
    const lib = readFileSync('samples/arcana/bestiary.aces', 'utf8');
    const main = readFileSync('samples/arcana/salt-street-raid.aces', 'utf8');
    const on = (marked: string) => {
      const { ls, uri, pos } = serviceWith(marked, { 'raid.aces': main }, 'bestiary.aces');
      return (ls.hover(uri, pos)!.contents as { value: string }).value;
    };
    assert.equal(
      on(lib.replace('wields Pistol', 'wields Pis<|>tol')),
      '**Pistol** — ranged +3: Attack Total = Finesse + flip +3 + attack edges (AR-A3); +3 to the damage of a hit too (AR-D1)',
    );
    assert.match(
      on(lib.replace('weapon Rapier', 'weapon Ra<|>pier')),
      /^\*\*Rapier\*\* — melee finesse \+1: Attack Total = Finesse \+ flip \+1 \+ attack edges \(a finesse weapon, AR-A2\)/,
    );
    assert.match(
      on(lib.replace('weapon Saber', 'weapon Sa<|>ber')),
      /Attack Total = Strength \+ flip \+2 \+ attack edges \(AR-A2\)/,
    );
  });

  it("AR-M2, AR-M3, AR-M4, AR-M5: a maneuver shows its test and where its aspect goes, and each knower's exact chance (brute-force-checked maneuverOddsFor)", async () => {
    const { readFileSync } = await import('node:fs');
    const { maneuverOddsFor } = await import('../../../systems/arcana/engine/exact.js');
    const { fracNum } = await import('../../../engine/fraction.js');
    const lib = readFileSync('samples/arcana/bestiary.aces', 'utf8');
    const main = readFileSync('samples/arcana/salt-street-raid.aces', 'utf8');
    const { ls, uri, pos } = serviceWith(
      lib.replace('maneuver "Dust in the Eyes"', 'maneuver "Dust in<|> the Eyes"'),
      { 'raid.aces': main },
      'bestiary.aces',
    );
    const h = ls.hover(uri, pos)!.contents as { value: string };
    const on = (marked: string) => {
      const o = serviceWith(marked, { 'raid.aces': main }, 'bestiary.aces');
      return (o.ls.hover(o.uri, o.pos)!.contents as { value: string }).value;
    };
    assert.match(
      h.value,
      /^\*\*Dust in the Eyes\*\* — a maneuver: Finesse \+ flip against the opponent's Alertness \+ flip, strictly higher succeeds \(AR-M3\); success puts \*Blinded\* on the opponent \(AR-M4\) and draws a Fate Card \(AR-M5\)\./,
    );
    // the figure shown is the exact one: Bruno Kask against Silas Crane in the raid, 88/221
    const model = ls.state.entry('raid.aces')!.model as import('../../../systems/arcana/check.js').ArcanaModel;
    const raid = model.encounters.find((e) => e.name === 'Raid on Salt Street')!.model;
    const chars = raid.sides.flatMap((s) => s.placements.map((p) => p.character));
    const bruno = chars.find((c) => c.name === 'Bruno Kask')!,
      silas = chars.find((c) => c.name === 'Silas Crane')!;
    const dust = bruno.maneuvers.find((m) => m.name === 'Dust in the Eyes')!;
    const p = fracNum(maneuverOddsFor(bruno, dust, silas, raid));
    assert.ok(
      h.value.includes(`| Raid on Salt Street | Bruno Kask | Silas Crane | ${(100 * p).toFixed(1)}% |`),
      h.value,
    );
    const lantern = on(lib.replace('maneuver "Kick Over', 'maneuver "Kick<|> Over'));
    assert.match(
      lantern,
      /Strength \+ flip ≥ TN 12 succeeds \(AR-M2\); success puts \*Burning Straw\* on the scene \(AR-M4\) and draws a Fate Card \(AR-M5\)/,
    );
    assert.match(lantern, /\| Raid on Salt Street \| Bruno Kask \| — \| 53\.8% \|/); // 7/13
    // a scene maneuver with `against` is opposed: a chance per foe (it used to throw 'name its opponent')
    const { readFileSync: read } = await import('node:fs');
    const chant = serviceWith(
      lib.replace('maneuver "Chant of Dread"', 'maneuver "Chant<|> of Dread"'),
      { 'rite.aces': read('samples/arcana/cellar-rite.aces', 'utf8') },
      'bestiary.aces',
    );
    const ch = (chant.ls.hover(chant.uri, chant.pos)!.contents as { value: string }).value;
    assert.match(
      ch,
      /Alertness \+ flip against the opposition's Alertness \+ flip, strictly higher succeeds \(AR-M3\); success puts \*Creeping Dread\* on the scene/,
    );
    assert.match(ch, /\| The Cellar Rite \| Madame Orlova \| Inspector Vale \| [\d.]+% \|/);
    assert.match(
      on(lib.replace('maneuver "Take Cover"', 'maneuver "Take<|> Cover"')),
      /on itself \(AR-M4\); no Fate Card \(AR-M5\)/,
    );
  });
});

describe('server/service: Heart Rush inlay hints', () => {
  it('HR-N5 HR-N4: each character shows its speed after armor and its armor bonus after its name', () => {
    const { ls } = serviceWith(MAIN, { 'lib.aces': LIB });
    const hints = ls.inlayHints('lib.aces', { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } });
    const labels = hints.map((h) => `${h.position.line}:${typeof h.label === 'string' ? h.label : ''}`);
    assert.deepEqual(labels, ['3:speed 50 ft · armor +2', '4:speed 60 ft · armor +0']);
  });
});

describe('server/service: tactical grid hovers (TG-O2)', () => {
  it("TG-O2: an NPC's chance to be hit per modifier and a sheet's chances against each enemy, equal to counting d20 faces", async () => {
    const { readFileSync } = await import('node:fs');
    const { outcome, isSuccess } = await import('../../../systems/tactical-grid/engine/rolls.js');
    const lib = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
    const main = readFileSync('samples/tactical-grid/mill-road.aces', 'utf8');
    const rules = { crit: 20, fumble: 1, banes: null };
    const faces = (mod: number, diff: number) =>
      Array.from({ length: 20 }, (_, i) => i + 1).filter((f) => isSuccess(outcome(f, mod, diff, rules))).length;
    const npc = hoverText(main.replace('Raider x2 at', 'Rai<|>der x2 at'), { 'bestiary.aces': lib });
    assert.match(npc, /NPC, difficulty 13/);
    assert.ok(npc.includes(`| P(success) | ${(faces(2, 13) * 5).toFixed(1)}% |`), npc);
    const ryn = hoverText(main.replace('Ryn at c3', 'R<|>yn at c3'), { 'bestiary.aces': lib });
    assert.ok(ryn.includes(`| Raider 1 (h2) | 5 | clear | — | ${(faces(5, 13) * 5).toFixed(1)}% ·`), ryn);
    // issue 34 item 9: the raider meets Corner from where it stands (TG-X3, TG-A3: difficulty 13 + 1), as --exact says
    assert.ok(
      ryn.includes(`| ${(100 - faces(3, 14) * 5).toFixed(1)}% |`),
      'the raider hits Ryn when his Defense roll fails',
    );
  });

  it('TG-L2: a placement hover says, per enemy, whether the line of sight is clear at the start (the walls of the map) and whether it is in range', () => {
    const lib = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
    const main = readFileSync('samples/tactical-grid/mill-road.aces', 'utf8');
    const tamsin = hoverText(main.replace('Tamsin at b5', 'Tam<|>sin at b5'), { 'bestiary.aces': lib });
    // b5 → h5 crosses the wall at e5 f5; b5 → h2 passes above it
    assert.match(tamsin, /\| Raider 2 \(h5\) \| 6 \| blocked \|/);
    assert.match(tamsin, /\| Raider 1 \(h2\) \| 6[^|]* \| clear \|/);
    const chief = hoverText(main.replace('"Raider Chief" at k3', '"Raider Ch<|>ief" at k3'), { 'bestiary.aces': lib });
    assert.match(chief, /\| Ryn \(c3\) \| 8 \| (clear|blocked) \|/);
  });

  it('TG-X2 TG-X3: the placement hover names the tactics met from where each stands at the start — behind a foe facing away (Backstab), a foe with a wall at its back (Corner)', () => {
    const text = (hero: string, facing: string) => `system tactical-grid
character Hero { agi 3 per 1 com 4 tou 2 pro 2 special 2 wis 1 int 1 cha 2  melee }
character Brute { difficulty 12  health 3  speed 4  range 1  melee }
encounter Alley {
  map {
    grid square
    row ".#..."
    row "....."
    row "....."
  }
  side heroes { He<|>ro at ${hero} facing east }
  side foes { Brute at b2 facing ${facing} }
}
`;
    // beside the Brute, which faces north: nothing met; behind it (b3): Backstab; it faces the other way with
    // the wall b1 at its back: Corner
    assert.match(hoverText(text('a2', 'north')), /\| Brute \(b2\) \| 1 · adjacent \| clear \| — \|/);
    assert.match(hoverText(text('b3', 'north')), /\| Brute \(b2\) \| 1 · adjacent \| clear \| backstab \|/);
    assert.match(hoverText(text('a2', 'south')), /\| Brute \(b2\) \| 1 · adjacent \| clear \| corner \|/);
  });
});
