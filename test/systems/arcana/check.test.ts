// The Arcana checker (ARCANA.md "In the language"): every error and warning the
// spec lists, triggered and not, titled with its AR id; the spec's example file
// checks clean and builds the model the engine tests build by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ARCANA } from '../../../systems/arcana/index.js';
import { RULE_TEXT } from '../../../systems/arcana/rules.js';
import { SCHEMA } from '../../../systems/arcana/schema.js';
import { STANDARD_DECK } from '../../../systems/arcana/model.js';
import { REGISTRY } from '../../../systems/index.js';
import { ar, BASE_DEFS, check, diags, encounterOf, exampleFile, fight, show, TWO_SIDES, withCode } from './lang.js';
import { raid } from './scene.js';
import { sharedSpec, sharedSpecOrSkip } from '../../shared-spec.js';
import { combatEvents } from '../../../systems/arcana/engine/index.js';
import { value } from '../../../systems/arcana/engine/deck.js';

/** BASE_DEFS + extra definitions + an encounter. */
const world = (defs: string, enc: string = fight(TWO_SIDES)) => ar(BASE_DEFS + defs + enc);
const clean = (r: ReturnType<typeof ar>) =>
  assert.deepEqual(
    diags(r).map((d) => `${d.code} ${d.message}`),
    [],
    show(r),
  );
const one = (r: ReturnType<typeof ar>, code: string, severity: 'error' | 'warning', re?: RegExp) => {
  const got = withCode(r, code);
  assert.equal(got.length, 1, show(r));
  assert.equal(got[0].severity, severity, show(r));
  if (re) assert.match(got[0].message, re);
  return got[0];
};

describe('Arcana checker', () => {
  describe('the spec example file', () => {
    it('is the spec\'s "In the language" example, verbatim', function () {
      const text = readFileSync(sharedSpecOrSkip(this, 'rules/ARCANA.md'), 'utf8');
      const i = text.indexOf('```aces\n') + 8;
      assert.equal(exampleFile(), text.slice(i, text.indexOf('```', i)));
    });
    it('checks clean', () => {
      const r = check(exampleFile());
      assert.deepEqual(r.diagnostics, [], show(r));
      assert.equal(r.systemOf('test.aces')?.id, 'arcana');
    });
    it('builds the model the engine tests build by hand (scene.ts raid())', () => {
      const e = encounterOf(check(exampleFile()));
      assert.deepEqual(e.model, raid());
      assert.equal(e.model.deck, STANDARD_DECK);
    });
    it("carries the shells' EncounterInfo: name, seed, rounds, sides, combatants, range, file", () => {
      const e = encounterOf(check(exampleFile(), {}));
      assert.deepEqual(
        [e.name, e.seed, e.rounds, e.sides, e.file],
        ['Raid on Salt Street', 13, 30, ['investigators', 'smugglers'], 'test.aces'],
      );
      assert.deepEqual(
        e.combatants.map((c) => [c.id, c.side, c.group]),
        [
          ['Inspector Vale', 'investigators', null],
          ['Bruno Kask', 'investigators', null],
          ['Silas Crane', 'smugglers', null],
          ['Deckhand 1', 'smugglers', 'Dock Rats'],
          ['Deckhand 2', 'smugglers', 'Dock Rats'],
          ['Deckhand 3', 'smugglers', 'Dock Rats'],
          ['Deckhand 4', 'smugglers', 'Dock Rats'],
        ],
      );
      assert.equal(exampleFile().split('\n')[e.range!.start.line].includes('"Raid on Salt Street"'), true);
    });
    it('its definitions are usable from another Arcana file through `use`', () => {
      const r = check(
        'system arcana\nuse "raid.aces"\nencounter Rematch { side a { "Bruno Kask" } side b { "Silas Crane" } }',
        { 'raid.aces': exampleFile() },
      );
      assert.deepEqual(r.diagnostics, [], show(r));
      assert.deepEqual(
        encounterOf(r, 'Rematch').model.sides.map((s) => s.placements.map((p) => p.character.name)),
        [['Bruno Kask'], ['Silas Crane']],
      );
    });
  });

  describe('the rule system', () => {
    it('is registered after Halcyon Aces, which stays the fallback', () => {
      assert.deepEqual(REGISTRY.systems.map((s) => s.id).slice(0, 1), ['halcyon-aces']);
      assert.equal(REGISTRY.fallback.id, 'halcyon-aces');
      assert.equal(REGISTRY.byId('arcana'), ARCANA);
    });
    it('every AR id of the spec has a rule text, and every id matches ruleIds', function () {
      const spec = sharedSpec('rules/ARCANA.md');
      const ids = spec ? [...new Set(readFileSync(spec, 'utf8').match(/AR-[A-Z]+\d+/g))] : Object.keys(RULE_TEXT);
      for (const id of ids) assert.ok(RULE_TEXT[id], `no text for ${id}`);
      for (const id of Object.keys(RULE_TEXT)) assert.match(id, ARCANA.ruleIds);
    });
    it('every keyword is documented, and every attribute with a rule names a known AR id', () => {
      for (const b of Object.values(SCHEMA)) {
        assert.ok(b.doc.length > 10, b.kind);
        for (const a of [...b.attributes, ...(b.placements ?? [])]) {
          assert.ok(a.doc.length > 10, `${b.kind}.${a.name}`);
          if (a.rule) assert.ok(RULE_TEXT[a.rule], `${b.kind}.${a.name}: ${a.rule}`);
        }
      }
      assert.equal(SCHEMA.character.attributes.find((a) => a.name === 'wields')!.ref, 'weapon');
      assert.equal(SCHEMA.character.attributes.find((a) => a.name === 'maneuvers')!.ref, 'maneuver');
      assert.equal(SCHEMA.encounter.attributes.find((a) => a.name === 'deck')!.ref, 'deck');
      assert.match(SCHEMA.character.attributes.find((a) => a.name === 'health')!.doc, /Assumed 10/);
    });
  });

  describe("AR-I2 ARS-13 what the texts say of a group's initiative", () => {
    it('AR-I2 ARS-13: `explain`, the `group` and `alertness` docs say a group adds its Alertness once, as the engine does', () => {
      // the engine: 4 Deckhands of Alertness 1 flip for initiative with + 1, not + 4 (W11, W12)
      const enc = encounterOf(check(exampleFile())).model;
      const rats = [...combatEvents(enc)].find((e) => e.type === 'initiative' && e.holder === 'Dock Rats');
      assert.ok(rats && rats.type === 'initiative');
      assert.equal(rats.alertness, 1);
      assert.equal(rats.score, value(rats.card) + 1);
      const group = SCHEMA.side.placements!.find((p) => p.name === 'group')!.doc;
      const alertness = SCHEMA.character.attributes.find((a) => a.name === 'alertness')!.doc;
      for (const text of [RULE_TEXT['AR-I2'], group, alertness]) {
        assert.match(text, /Alertness once/, text);
        assert.doesNotMatch(text, /all its members' Alertness|every member's Alertness|adds each member's/, text);
      }
    });
  });

  describe('AR-N1 stats', () => {
    it('AR-N1: a missing stat is an error naming it', () => {
      one(
        world('character Odd { strength 2 finesse 2 agility 2 }', fight('side a { Hero } side b { Odd }')),
        'AR-N1',
        'error',
        /no Alertness/,
      );
    });
    it('AR-N1: a negative stat is an error', () => {
      one(
        world('character Odd { strength -1 finesse 2 agility 2 alertness 2 }', fight('side a { Hero } side b { Odd }')),
        'AR-N1',
        'error',
        /cannot be negative/,
      );
    });
    it('AR-N1: a stat of 0 or above 6 is a warning', () => {
      one(
        world('character Odd { strength 0 finesse 2 agility 2 alertness 2 }', fight('side a { Hero } side b { Odd }')),
        'AR-N1',
        'warning',
        /outside 1–6/,
      );
      one(
        world('character Odd { strength 7 finesse 2 agility 2 alertness 2 }', fight('side a { Hero } side b { Odd }')),
        'AR-N1',
        'warning',
        /7, outside/,
      );
    });
    it('AR-N1: all four stats from 1 to 6 are clean', () => {
      clean(
        world('character Odd { strength 1 finesse 6 agility 1 alertness 6 }', fight('side a { Hero } side b { Odd }')),
      );
    });
  });

  describe('AR-D3 / AR-D2 Health, armor, Toughness', () => {
    it('AR-D3: health 0 (or less) is an error', () => {
      one(
        world(
          'character Odd { strength 2 finesse 2 agility 2 alertness 2 health 0 }',
          fight('side a { Hero } side b { Odd }'),
        ),
        'AR-D3',
        'error',
        /above 0/,
      );
    });
    it('AR-D3: health 1 is clean, and no health means an assumed 10', () => {
      const r = world(
        'character Odd { strength 2 finesse 2 agility 2 alertness 2 health 1 }',
        fight('side a { Hero } side b { Odd }'),
      );
      clean(r);
      assert.deepEqual(
        r.model.characters.map((c) => [c.name, c.health]),
        [
          ['Hero', 10],
          ['Thug', 10],
          ['Odd', 1],
        ],
      );
    });
    it('AR-D2: negative armor is an error', () => {
      one(
        world(
          'character Odd { strength 2 finesse 2 agility 2 alertness 2 armor -1 }',
          fight('side a { Hero } side b { Odd }'),
        ),
        'AR-D2',
        'error',
        /cannot be negative/,
      );
    });
    it('AR-D2: a declared toughness other than armor + toughness edge is a warning showing the derived value, and is kept', () => {
      const r = world(
        'character Odd { strength 2 finesse 2 agility 2 alertness 2 armor 2 toughness-edge 1 toughness 5 }',
        fight('side a { Hero } side b { Odd }'),
      );
      one(r, 'AR-D2', 'warning', /armor 2 \+ toughness edge 1 = 3/);
      assert.equal(r.model.characters.find((c) => c.name === 'Odd')!.toughness, 5);
    });
    it('AR-D2 AR-D3: the hover of a character shows the derived Toughness and an undeclared Health 10 as assumed', () => {
      const r = check(exampleFile());
      const h = (name: string) =>
        r.model.hovers.find((x) => exampleFile().split('\n')[x.range.start.line].includes(`character ${name}`))!
          .markdown;
      assert.match(h('"Inspector Vale"'), /\| Toughness \| 1 — derived: armor 1 \+ toughness edge 0 \(AR-D2\) \|/);
      assert.match(h('"Inspector Vale"'), /\| Health \| 12 \|/);
      assert.match(h('Deckhand'), /\| Health \| 6 \|/);
      const odd = world(
        'character Odd { strength 2 finesse 2 agility 2 alertness 2 armor 1 toughness 4 }',
        fight('side a { Hero } side b { Odd }'),
      );
      const hover = odd.model.hovers.find((x) => x.markdown.startsWith('**Odd**'))!.markdown;
      assert.match(hover, /\| Health \| 10 — \*assumed\* \(AR-D3\) \|/);
      assert.match(hover, /\| Toughness \| 4 \(declared; the rules derive armor 1 \+ toughness edge 0 = 1, AR-D2\) \|/);
    });
    it('AR-D2: armor 0 and a toughness equal to the derived one are clean; undeclared Toughness is derived', () => {
      const r = world(
        'character Odd { strength 2 finesse 2 agility 2 alertness 2 armor 2 toughness-edge 1 toughness 3 }\ncharacter Even { strength 2 finesse 2 agility 2 alertness 2 armor 0 toughness-edge 2 }',
        fight('side a { Hero } side b { Odd; Even }'),
      );
      clean(r);
      assert.equal(r.model.characters.find((c) => c.name === 'Even')!.toughness, 2);
    });
  });

  describe('AR-O1 sides and players', () => {
    it('AR-O1: one side is an error', () => {
      one(world('', fight('side heroes { Hero; Thug }')), 'AR-O1', 'error', /exactly two sides.*has 1/);
    });
    it('AR-O1: three sides is an error', () => {
      one(world('', fight('side a { Hero } side b { Thug } side c { Thug }')), 'AR-O1', 'error', /has 3/);
    });
    it('AR-O1: an empty side is an error', () => {
      one(world('', fight('side heroes { Hero } side thugs { }')), 'AR-O1', 'error', /nobody in it/);
    });
    it("AR-O1: no player anywhere is a warning (the first side is the players')", () => {
      one(world('', fight('side a { Thug } side b { Thug }')), 'AR-O1', 'warning', /first side, 'a'/);
    });
    it('AR-O1: players on both sides is a warning', () => {
      one(world('', fight('side a { Hero } side b { Hero; Thug x2 }')), 'AR-O1', 'warning', /Both sides/);
    });
    it("AR-O1: two non-empty sides with players on one of them are clean; the players' side may come second", () => {
      clean(world('', fight(TWO_SIDES)));
      clean(world('', fight('side thugs { Thug x2 } side heroes { Hero }')));
    });
  });

  describe('AR-H1 / AR-H2 / AR-H3 hands', () => {
    it('AR-H3: a `hand` above the hand limit is an error', () => {
      one(
        world(
          'character Big { player strength 2 finesse 2 agility 2 alertness 2 hand 6 }',
          fight('side a { Big } side b { Thug }'),
        ),
        'AR-H3',
        'error',
        /6 cards, more than the hand limit 5/,
      );
    });
    it('AR-H3: a `hand-of-fate` above the hand limit is an error', () => {
      one(world('', fight(TWO_SIDES, 'hand-of-fate 6')), 'AR-H3', 'error', /Hand of Fate starts with 6/);
    });
    it('AR-H3: a `hand-limit` below 1 is an error', () => {
      one(world('', fight(TWO_SIDES, 'hand-limit 0 hand-of-fate 0')), 'AR-H3', 'error', /at least 1/);
    });
    it('AR-H3: hands at the limit are clean', () => {
      clean(
        world(
          'character Big { player strength 2 finesse 2 agility 2 alertness 2 hand 5 }',
          fight('side a { Big } side b { Thug }', 'hand-of-fate 5'),
        ),
      );
      clean(
        world(
          'character Big { player strength 2 finesse 2 agility 2 alertness 2 hand 7 }',
          fight('side a { Big } side b { Thug }', 'hand-limit 7'),
        ),
      );
    });
    it('AR-H2: `hand` on an opposition character is a warning (ignored)', () => {
      const r = world(
        'character Boss { strength 2 finesse 2 agility 2 alertness 2 hand 4 }',
        fight('side a { Hero } side b { Boss }'),
      );
      one(r, 'AR-H2', 'warning', /ignored/);
    });
    it("AR-H2: `hand` on a players'-side character, or an opposition character without one, is clean", () => {
      clean(
        world(
          'character Boss { player strength 2 finesse 2 agility 2 alertness 2 hand 4 }',
          fight('side a { Boss } side b { Thug }'),
        ),
      );
      clean(world('', fight(TWO_SIDES)));
    });
  });

  describe('AR-F4 the deck must hold the starting deal and initiative', () => {
    it('AR-F4: a deck smaller than the deal plus initiative flips is an error', () => {
      // Hero 3 + Hand of Fate 3 + 2 initiative holders = 8 > 6
      one(
        world('deck Tiny { homebrew cards 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ }', fight('side a { Hero } side b { Thug }', 'deck Tiny')),
        'AR-F4',
        'error',
        /deals 8 cards.*holds 6/,
      );
    });
    it('AR-F4: a deck that just fits is clean (a stacked `only` deck counts its cards; a stacked deck is 52)', () => {
      clean(
        world(
          'deck Fits { stacked only cards 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ }',
          fight('side a { Hero } side b { Thug }', 'deck Fits'),
        ),
      );
      clean(world('deck Top { stacked cards A♠ }', fight('side a { Hero } side b { Thug }', 'deck Top')));
    });
  });

  describe('AR-M4 / AR-M2 maneuvers', () => {
    const using = (m: string, who = 'Hero') =>
      world(
        `maneuver M { ${m} }\ncharacter Man { player strength 3 finesse 3 agility 3 alertness 3 maneuvers M }`,
        fight(`side a { ${who === 'Hero' ? 'Man' : who} } side b { Thug }`),
      );
    it('AR-M4: `tn` on a maneuver targeting an opponent is an error', () => {
      one(using('target opponent tn 12'), 'AR-M4', 'error', /always opposed/);
      one(using('tn 12'), 'AR-M4', 'error', /always opposed/); // opponent is assumed
    });
    it('AR-M4: `against` on a maneuver targeting oneself is an error', () => {
      one(using('target self against agility'), 'AR-M4', 'error', /nobody opposes it/);
    });
    it('AR-M4: both `tn` and `against` (on the scene) is an error', () => {
      one(using('target scene tn 12 against agility'), 'AR-M4', 'error', /both `tn` and `against`/);
    });
    it('AR-M4: opponent with against, self with tn, scene with either are clean', () => {
      for (const m of ['against agility', 'target self tn 10', 'target scene tn 12', 'target scene against alertness'])
        clean(using(m));
    });
    it('AR-M2: an unopposed maneuver that cannot fail (TN − stat ≤ 2) is a warning', () => {
      one(using('target self stat agility tn 5'), 'AR-M2', 'warning', /cannot fail/);
    });
    it('AR-M2: an unopposed maneuver that cannot succeed (TN − stat > 14) is a warning', () => {
      one(using('target scene stat agility tn 18'), 'AR-M2', 'warning', /never succeed/);
    });
    it("AR-M2: the encounter's TN counts for a maneuver without its own", () => {
      const r = world(
        'maneuver M { target self stat agility }\ncharacter Man { player strength 3 finesse 3 agility 3 alertness 3 maneuvers M }',
        fight('side a { Man } side b { Thug }', 'tn 4'),
      );
      one(r, 'AR-M2', 'warning', /the encounter's TN/);
    });
    it('AR-M2: TN − stat of 3 and of 14 are clean; defaults: finesse, opponent, against alertness, aspect = name', () => {
      clean(using('target self stat agility tn 6'));
      clean(using('target self stat agility tn 17'));
      const r = using('aspect Dazed');
      assert.deepEqual(
        r.model.maneuvers.find((m) => m.name === 'M'),
        { name: 'M', stat: 'finesse', target: 'opponent', against: 'alertness', tn: null, aspect: 'Dazed' },
      );
    });
  });

  describe('AR-A2 weapons', () => {
    it('AR-A2: two weapons in `wields` is an error', () => {
      one(
        world(
          'character Two { player strength 2 finesse 2 agility 2 alertness 2 wields Saber, Pistol }',
          fight('side a { Two } side b { Thug }'),
        ),
        'AR-A2',
        'error',
        /one weapon/,
      );
    });
    it('AR-A2: one weapon, or none (Unarmed, melee +0), is clean', () => {
      const r = world(
        'character Bare { player strength 2 finesse 2 agility 2 alertness 2 }',
        fight('side a { Bare } side b { Thug }'),
      );
      clean(r);
      assert.deepEqual(r.model.characters.find((c) => c.name === 'Bare')!.wields, {
        name: 'Unarmed',
        kind: 'melee',
        finesse: false,
        bonus: 0,
      });
      assert.deepEqual(r.model.weapons, [
        { name: 'Saber', kind: 'melee', finesse: false, bonus: 2 },
        { name: 'Pistol', kind: 'ranged', finesse: false, bonus: 3 },
      ]);
    });
  });

  describe('AR-G1 groups', () => {
    it('AR-G1: a group of one is a warning', () => {
      one(world('', fight('side a { Hero } side b { Thug group }')), 'AR-G1', 'warning', /group of one/);
    });
    it('AR-G1: `xN group` shares one label, "Name group" unless given; `xN` alone are separate holders', () => {
      const r = world('', fight('side a { Hero } side b { Thug x2 group; Thug x2 group "Back Alley"; Thug x2 }'));
      clean(r);
      assert.deepEqual(
        encounterOf(r).model.sides[1].placements.map((p) => [p.name, p.group]),
        [
          ['Thug 1', 'Thug group'],
          ['Thug 2', 'Thug group'],
          ['Thug 3', 'Back Alley'],
          ['Thug 4', 'Back Alley'],
          ['Thug 5', null],
          ['Thug 6', null],
        ],
      );
    });
    it('AR-G1 ARS-16: one label on placements of different characters is an error on the second label, with no "group of one" warning', () => {
      const text = `system arcana\n${BASE_DEFS}character Boss { strength 3 finesse 3 agility 3 alertness 5 wields Saber }\n${fight('side a { Hero } side b { Thug x2 group "Mob"; Boss group "Mob" }')}`;
      const r = check(text);
      const d = one(r, 'AR-G1', 'error', /already holds Thug; Boss is another stat block/);
      assert.equal(d.range.start.offset, text.lastIndexOf('"Mob"'));
      assert.equal(d.range.end.offset, text.lastIndexOf('"Mob"') + 5);
      assert.doesNotMatch(show(r), /group of one/);
    });
    it('AR-G1 ARS-16: lines of one character under one label are one group; a group of one is counted after merging', () => {
      const r = world('', fight('side a { Hero } side b { Thug x1 group "Mob"; Thug x3 group "Mob" }'));
      clean(r);
      assert.deepEqual(
        encounterOf(r).model.sides[1].placements.map((p) => p.group),
        ['Mob', 'Mob', 'Mob', 'Mob'],
      );
      one(
        world('', fight('side a { Hero } side b { Thug x1 group "Mob"; Thug x3 group "Rats" }')),
        'AR-G1',
        'warning',
        /group of one: Thug/,
      );
    });
    it("AR-G1 ARS-16: a label that is a character's name does not number that character; the log would name two holders alike, a warning", () => {
      const r = world('', fight('side a { Hero } side b { Thug x2 group "Hero" }'));
      assert.deepEqual(
        encounterOf(r).combatants.map((c) => c.id),
        ['Hero', 'Thug 1', 'Thug 2'],
      );
      one(r, 'AR-G1', 'warning', /'Hero' is also the name of a combatant/);
      const both = world('', fight('side a { Hero; Thug x2 group "Mob" } side b { Thug x2 group "Mob" }'));
      assert.equal(withCode(both, 'AR-G1').length, 2, show(both));
      assert.match(withCode(both, 'AR-G1')[0].message, /also a group label on the other side/);
    });
    it('AR-G1: an unquoted label that names no character is the label too; one that names a character places it', () => {
      const r = world('', fight('side a { Hero } side b { Thug x2 group Rats }'));
      clean(r);
      assert.deepEqual(
        encounterOf(r).model.sides[1].placements.map((p) => p.group),
        ['Rats', 'Rats'],
      );
      const s = world('', fight('side a { Hero; Thug } side b { Thug x2 group Hero }'));
      assert.deepEqual(
        encounterOf(s).model.sides[1].placements.map((p) => [p.name, p.group]),
        [
          ['Thug 2', 'Thug group'],
          ['Thug 3', 'Thug group'],
          ['Hero 2', null],
        ],
      );
    });
  });

  describe('AR-S1 aspects', () => {
    it('AR-S1: one aspect declared twice on a character, or on the scene, is a warning', () => {
      one(
        world(
          'character Dup { player strength 2 finesse 2 agility 2 alertness 2 aspects Brave, "Quick Wits", Brave }',
          fight('side a { Dup } side b { Thug }'),
        ),
        'AR-S1',
        'warning',
        /already has the aspect "Brave"/,
      );
      one(world('', fight(TWO_SIDES, 'aspects Fog, Fog')), 'AR-S1', 'warning', /scene/);
    });
    it('AR-S1 AR-S2: an empty aspect name is an error, on a character, the scene or a maneuver; the maneuver keeps its assumed aspect', () => {
      one(
        world('character Blank { strength 2 finesse 2 agility 2 alertness 2 aspects "" }\n'),
        'AR-S1',
        'error',
        /needs a name/,
      );
      one(world('', fight('side a { Hero } side b { Thug }', 'aspects "  "')), 'AR-S1', 'error', /needs a name/);
      const r = world('maneuver Shove { aspect "" }\n');
      one(r, 'AR-S2', 'error', /needs a name/);
      assert.equal(r.model.maneuvers.find((m) => m.name === 'Shove')!.aspect, 'Shove');
    });
    it('AR-S1: distinct aspects are clean, and kept in order', () => {
      const r = world(
        'character Dup { player strength 2 finesse 2 agility 2 alertness 2 aspects Brave, "Quick Wits" }',
        fight('side a { Dup } side b { Thug }', 'aspects Fog'),
      );
      clean(r);
      assert.deepEqual(r.model.characters.find((c) => c.name === 'Dup')!.aspects, ['Brave', 'Quick Wits']);
      assert.deepEqual(encounterOf(r).model.aspects, ['Fog']);
    });
  });

  describe('AR-L1 the system line', () => {
    it('AR-L1: `system arcana` after other statements is an error', () => {
      const r = check(`weapon Saber { melee +2 }\nsystem arcana\n`);
      assert.ok(
        diags(r).some((d) => d.severity === 'error' && /first statement/.test(d.message)),
        show(r),
      );
    });
    it('AR-L1: an unknown system is an error with a did-you-mean', () => {
      const r = check('system arcanna\n');
      const d = diags(r).find((x) => x.code === 'unknown-system')!;
      assert.deepEqual(d.suggestions, ['arcana']);
    });
    it('AR-L1: using a Halcyon Aces file from an Arcana file is an error', () => {
      const r = check('system arcana\nuse "ha.aces"\n', { 'ha.aces': 'weapon Club { melee +1 }\n' });
      assert.equal(withCode(r, 'use-system').length, 1, show(r));
    });
    it('AR-L1: comments before `system arcana` are fine; without it a file is Halcyon Aces', () => {
      const r = check(`# a raid\n${exampleFile()}`);
      assert.deepEqual(r.diagnostics, [], show(r));
      const ha = check('character Bob { strength 2 }\n');
      assert.equal(ha.systemOf('test.aces')?.id, 'halcyon-aces');
      assert.ok(withCode(ha, 'unknown-keyword').length > 0);
    });
  });

  describe('Halcyon Aces words (unknown-keyword with did-you-mean)', () => {
    it('`vitality` suggests `health`, `body` suggests `strength`', () => {
      const r = world(
        'character Old { player vitality 12 body 3 finesse 2 agility 2 alertness 2 }',
        fight('side a { Old } side b { Thug }'),
      );
      const ds = withCode(r, 'unknown-keyword');
      assert.deepEqual(
        ds.map((d) => d.suggestions),
        [['health'], ['strength']],
        show(r),
      );
      assert.match(ds[0].message, /'vitality' is not an Arcana word.*AR-D3.*Did you mean 'health'\?/);
      assert.equal(withCode(r, 'AR-N1').length, 0, 'a misspelt stat is not also reported missing');
    });
    it('`zone` and `at` cite AR-T6, one diagnostic each', () => {
      const r = world(
        '',
        'encounter Fight {\n  zone floor { }\n  side a { Hero at floor }\n  side b { Thug at Floor }\n}\n',
      );
      const ds = diags(r);
      assert.deepEqual(
        ds.map((d) => d.code),
        ['unknown-keyword', 'unknown-keyword', 'unknown-keyword'],
        show(r),
      );
      for (const d of ds) assert.match(d.message, /AR-T6/);
      assert.deepEqual(
        encounterOf(r).model.sides.map((s) => s.placements.map((p) => p.name)),
        [['Hero'], ['Thug']],
      );
    });
    it('`heart`, `technique`, `techniques` and a per-placement `deck` are unknown too, pointing to Arcana', () => {
      const r = world(
        'technique Blast { cost 1 }\ncharacter Old { player heart 2 strength 2 finesse 2 agility 2 alertness 2 techniques Blast }',
        fight('side a { Old deck Mine } side b { Thug }'),
      );
      const ds = withCode(r, 'unknown-keyword');
      assert.equal(ds.length, 4, show(r));
      assert.deepEqual(
        ds.map((d) => d.suggestions ?? []),
        [['maneuver'], [], ['maneuvers'], []],
      );
      assert.match(ds[3].message, /AR-F1/);
      assert.equal(diags(r).length, 4, show(r));
    });
    it('Arcana words are clean', () => {
      clean(
        world(
          'character New { player health 12 strength 3 finesse 2 agility 2 alertness 2 maneuvers Trip }',
          fight('side a { New } side b { Thug }'),
        ),
      );
    });
  });

  describe('names and values', () => {
    it('unknown-name with did-you-mean: a weapon, a maneuver, a character, a deck', () => {
      const r = world(
        'character Typo { player strength 2 finesse 2 agility 2 alertness 2 wields Sabre maneuvers Trap }',
        fight('side a { Typo } side b { Thugg }', 'deck Nope'),
      );
      assert.deepEqual(
        withCode(r, 'unknown-name').map((d) => d.suggestions ?? []),
        [['Saber'], ['Trip'], [], ['Thug']],
        show(r),
      );
    });
    it('duplicate-name: two encounters, two characters, two sides of one name', () => {
      const r = world(
        'character Hero { strength 1 finesse 1 agility 1 alertness 1 }',
        fight(TWO_SIDES) + fight('side a { Hero } side a { Thug }'),
      );
      assert.equal(withCode(r, 'duplicate-name').length, 3, show(r));
    });
    it('bad-value: an unknown tactic, target or opposition-card mode, with did-you-mean', () => {
      const r = world(
        'maneuver Bad { target scen }\ncharacter T { player strength 2 finesse 2 agility 2 alertness 2 tactics agressive }',
        fight('side a { T } side b { Thug }', 'opposition-card defence'),
      );
      assert.deepEqual(
        withCode(r, 'bad-value').map((d) => d.suggestions),
        [['scene'], ['aggressive'], ['defense']],
        show(r),
      );
    });
    it('limit: rounds × characters past 100,000 turns is an error on `rounds`', () => {
      assert.equal(
        withCode(world('', fight('side a { Hero } side b { Thug x10 }', 'rounds 10000')), 'limit').length,
        1,
      );
      assert.equal(withCode(world('', fight('side a { Hero } side b { Thug x9 }', 'rounds 10000')), 'limit').length, 0);
    });
    it("the encounter's attributes reach the model, with every default assumed", () => {
      const r = world(
        'deck Mine { stacked cards A♠ K♠ }',
        fight(
          TWO_SIDES,
          'seed 7 rounds 12 deck Mine opposition-card all hand-of-fate 2 hand-limit 4 tn 11 concede all aspects Rain',
        ),
      );
      clean(r);
      const m = encounterOf(r).model;
      assert.deepEqual(
        [
          m.seed,
          m.rounds,
          m.deck.cards.length,
          m.oppositionCard,
          m.handOfFate,
          m.handLimit,
          m.tn,
          m.concede,
          m.aspects,
        ],
        [7, 12, 2, 'all', 2, 4, 11, 'all', ['Rain']],
      );
      const d = encounterOf(world('', fight(TWO_SIDES))).model;
      assert.deepEqual(
        [d.seed, d.rounds, d.deck, d.oppositionCard, d.handOfFate, d.handLimit, d.tn, d.concede, d.aspects],
        [1, 50, STANDARD_DECK, 'defense', 3, 5, 10, 'majority', []],
      );
    });
  });
});
