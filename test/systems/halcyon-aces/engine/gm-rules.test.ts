// GM priority rules in a Halcyon Aces fight (issue 33; engine/gm-rules.ts): a scripted combatant does what its
// rules say at every decision point (action, seize, reaction), and the log line right after names the rule; the
// fast path, the event path and `play` see the same fight; the same file and seed give the same bytes; a fight
// nobody scripted runs as before (no rule work at all: the goldens hold its bytes).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { DecisionPoint } from '../../../../model/system.js';
import type { CombatEvent } from '../../../../systems/halcyon-aces/engine/events.js';
import { renderLog, runCombat, simulate } from '../../../../systems/halcyon-aces/engine/combat.js';
import { compile } from '../../../../systems/halcyon-aces/engine/compile.js';
import { monteCarloSync } from '../../../../systems/halcyon-aces/engine/montecarlo.js';
import { HA_ENGINE } from '../../../../systems/halcyon-aces/engine/seam.js';
import type { Encounter } from '../../../../systems/halcyon-aces/model.js';
import { diskHost } from '../../../../cli/files.js';
import { check, checkFiles } from '../../../helpers.js';

const SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);

function encounterOf(text: string): Encounter {
  const r = check(text);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  return r.model.encounters[0];
}

function events(enc: Encounter, seed: number): CombatEvent[] {
  const out: CombatEvent[] = [];
  const it = runCombat(enc, seed);
  for (let r = it.next(); !r.done; r = it.next()) out.push(r.value);
  return out;
}

type Rule = Extract<CombatEvent, { type: 'rule' }>;
const isRule = (e: CombatEvent | undefined): e is Rule => e?.type === 'rule';

/** A knight and a brute in one hall: `rules` is the knight's tactics block (empty: none). */
const duel = (rules: string, knightExtra = '', foe = 'Brute') => `
weapon Longsword { melee +2 }
weapon Club { melee +2 }
technique Hex { cost 1  stat spirit  against resolve  range near  bonus +1 }
character Knight { heart 3 body 4 mind 1 spirit 3  vitality 24  armor 1  wields Longsword  techniques Hex ${knightExtra}
${rules ? `  tactics {\n${rules}\n  }` : ''}
}
character Brute { heart 1 body 4 mind 1 spirit 1  vitality 30  wields Club }
character Imp { heart 1 body 2 mind 1 spirit 1  vitality 6  wields Club }
encounter Duel {
  seed 1
  zone hall { adjacent yard }
  zone yard {}
  side order { Knight at hall }
  side pack { ${foe} at hall }
}
`;

describe('Halcyon Aces GM priority rules in a fight (issue 33)', () => {
  it('HA-A5 when: the knight takes Active Guard whenever its rule holds, and the line after says so', () => {
    const enc = encounterOf(duel('    when self vitality below 50%: active-guard'));
    let guards = 0;
    for (const seed of SEEDS) {
      const ev = events(enc, seed);
      for (let i = 0; i < ev.length; i++) {
        const e = ev[i];
        if (e.type !== 'active-guard' || e.actor !== 'Knight') continue;
        guards++;
        const next = ev[i + 1];
        assert.ok(isRule(next), `seed ${seed}: the line after the guard is ${next?.type}`);
        assert.equal(next.cite, 'rule 1: when self vitality below 50%: active-guard');
        assert.equal(
          HA_ENGINE.render(next),
          '  ↳ Knight follows your rule 1: when self vitality below 50%: active-guard',
        );
      }
      // every rule line of this fight is the guard's
      for (let i = 0; i < ev.length; i++) if (isRule(ev[i])) assert.equal(ev[i - 1].type, 'active-guard');
    }
    assert.ok(guards >= 5, `guards: ${guards}`);
    // without the rule its default policy never guards here
    const plain = encounterOf(duel(''));
    for (const seed of SEEDS)
      assert.equal(events(plain, seed).filter((e) => e.type === 'active-guard').length, 0, `seed ${seed}`);
  });

  it('HA-A4 open with: round 1 opens with the named technique (Near, so from the start), later rounds do not', () => {
    const enc = encounterOf(duel('    open with technique Hex').replace('Knight at hall', 'Knight at yard'));
    for (const seed of SEEDS) {
      const ev = events(enc, seed);
      let round = 0;
      for (let i = 0; i < ev.length; i++) {
        const e = ev[i];
        if (e.type === 'round-start') round = e.round;
        if (e.type === 'attack' && e.actor === 'Knight' && e.kind !== 'brace') {
          if (round === 1) {
            assert.equal(e.kind, 'technique', `seed ${seed}: round 1`);
            const next = ev[i + 1];
            assert.ok(isRule(next) && next.cite === 'rule 1: open with technique Hex', `seed ${seed}`);
          } else assert.ok(!isRule(ev[i + 1]), `seed ${seed} round ${round}: no rule after round 1`);
        }
      }
    }
  });

  it('HA-A3 target: every Strike goes at the foe with the highest Vitality in reach, each with its line', () => {
    const text = duel('    target highest vitality')
      .replace('techniques Hex', '')
      .replace('Brute at hall', 'Brute at hall\n    Imp x2 at hall');
    const enc = encounterOf(text);
    let strikes = 0;
    for (const seed of SEEDS) {
      const ev = events(enc, seed);
      const vit = new Map<string, number>([
        ['Brute', 30],
        ['Imp 1', 6],
        ['Imp 2', 6],
      ]);
      for (let i = 0; i < ev.length; i++) {
        const e = ev[i];
        if (e.type === 'attack' && e.actor === 'Knight' && e.kind === 'strike') {
          strikes++;
          const up = [...vit].filter(([, v]) => v > 0);
          const most = Math.max(...up.map(([, v]) => v));
          const t = e.results[0].target;
          assert.equal(vit.get(t), most, `seed ${seed}: struck ${t} (${vit.get(t)}) not the highest (${most})`);
          const next = ev[i + 1];
          assert.ok(isRule(next) && next.cite === 'rule 1: target highest vitality', `seed ${seed}`);
        }
        if (e.type === 'attack') for (const r of e.results) if (vit.has(r.target)) vit.set(r.target, r.vitalityAfter);
        if (e.type === 'splash' && vit.has(e.target)) vit.set(e.target, e.vitalityAfter);
        if (e.type === 'round-end') for (const v of e.vitality) if (vit.has(v.id)) vit.set(v.id, v.vitality);
      }
    }
    assert.ok(strikes >= SEEDS.length, `strikes: ${strikes}`);
  });

  it('HA-I5 never: a combatant whose policy seizes at a low card never does, and its rule line says why', () => {
    // the policy seizes at initiative 5 or less with an enemy in reach (policy/tactics.ts wantsSeize)
    const seizes = (enc: Encounter) =>
      SEEDS.flatMap((seed) => events(enc, seed)).filter((e) => e.type === 'seize' && e.actor === 'Knight').length;
    const plain = (rules: string) => encounterOf(duel(rules).replace('techniques Hex', ''));
    assert.ok(seizes(plain('')) > 0, 'the unscripted knight seizes in some fights');
    const enc = plain('    never seize-initiative');
    assert.equal(seizes(enc), 0);
    const lines = SEEDS.flatMap((seed) => events(enc, seed)).filter(isRule);
    assert.ok(lines.length > 0);
    for (const l of lines) assert.equal(l.cite, 'rule 1: never seize-initiative');
  });

  it('HA-R2 never brace: the scripted side keeps its Reaction; unscripted it Braces', () => {
    const braces = (enc: Encounter) =>
      SEEDS.flatMap((seed) => events(enc, seed)).filter(
        (e) => e.type === 'attack' && e.kind === 'brace' && e.actor === 'Knight',
      ).length;
    const moving = (rules: string) =>
      duel(rules).replace('Knight at hall', 'Knight at yard').replace('Brute at hall', 'Brute at hall');
    // the brute closes in on the knight's zone: the knight may Brace (HA-R2)
    const plain = encounterOf(moving(''));
    assert.ok(braces(plain) > 0);
    const enc = encounterOf(moving('    never brace'));
    assert.equal(braces(enc), 0);
    const lines = SEEDS.flatMap((seed) => events(enc, seed)).filter(isRule);
    assert.ok(lines.length > 0 && lines.every((l) => l.cite === 'rule 1: never brace'));
  });

  it('HA-B4 when … it: a guard stabilizes the Broken ally its condition found, and says so', () => {
    const text = `
weapon Club { melee +2 }
weapon Greataxe { melee +4 heavy brutal }
character Squire { heart 5 body 2 mind 1 spirit 1  vitality 8  wields Club }
character Captain { heart 1 body 3 mind 1 spirit 1  vitality 12  wields Club }
character Ogre { heart 1 body 5 mind 1 spirit 1  vitality 40  wields Greataxe  tactics focus-weakest }
encounter Rescue {
  zone keep {}
  side guards {
    tactics {
      when an ally is broken engaged: stabilize it
    }
    Squire x2 at keep
    Captain at keep
  }
  side brutes { Ogre at keep }
}
`;
    const enc = encounterOf(text);
    let tries = 0;
    for (const seed of SEEDS) {
      const ev = events(enc, seed);
      for (let i = 0; i < ev.length; i++) {
        const e = ev[i];
        if (e.type !== 'stabilize-ally') continue;
        tries++;
        const line = ev[i + 1];
        assert.ok(isRule(line), `seed ${seed}`);
        assert.equal(line.cite, 'rule 1 of side guards: when an ally is broken engaged: stabilize it');
        assert.equal(line.actor, e.actor);
      }
    }
    assert.ok(tries >= 5, `stabilize tries: ${tries}`);
  });

  it('otherwise: `otherwise defensive` alone plays byte for byte as `tactics defensive` (no rule decides)', () => {
    const a = encounterOf(duel('    otherwise defensive'));
    const b = encounterOf(duel('', 'tactics defensive'));
    assert.equal(compile(a).gm, null);
    assert.equal(compile(a).tactic[0], compile(b).tactic[0]);
    for (const seed of SEEDS.slice(0, 8)) assert.equal(renderLog(a, seed), renderLog(b, seed), `seed ${seed}`);
    // and the preset named by `otherwise` is not the default's play
    const plain = encounterOf(duel(''));
    assert.ok(SEEDS.some((seed) => renderLog(plain, seed) !== renderLog(a, seed)));
  });

  it('unscripted: the samples without rules compile none, so no decision of theirs does rule work', () => {
    const files = ['archer-ambush', 'boss-warlord', 'tavern-brawl', 'worked-examples'].map((f) =>
      join(process.cwd(), 'samples', `${f}.aces`),
    );
    const encs = checkFiles(files, diskHost(process.cwd())).model.encounters;
    assert.ok(encs.length >= 6);
    for (const e of encs) {
      assert.equal(compile(e).gm, null, e.name);
      assert.ok(e.combatants.every((c) => c.tactics === undefined));
    }
  });

  describe('the scripted sample, samples/scripted-boss.aces', () => {
    const enc = checkFiles([join(process.cwd(), 'samples', 'scripted-boss.aces')], diskHost(process.cwd())).model
      .encounters[0];

    it('checks clean and has its scripted combatants (the Queen, the Thugs), nobody else', () => {
      assert.equal(enc.name, "Queen Maud's Court");
      const gm = compile(enc).gm!;
      assert.deepEqual(
        enc.combatants.filter((_, i) => gm[i] !== null).map((c) => c.id),
        ['Queen Maud', 'Thug 1', 'Thug 2'],
      );
    });

    it('every rule decides in some fight, and the log cites it after the action it decided', () => {
      const seen = new Set<string>();
      for (let seed = 1; seed <= 60; seed++) for (const e of events(enc, seed)) if (isRule(e)) seen.add(e.cite);
      const want = [
        'rule 1: when self vitality below 30%: active-guard',
        'rule 2: open with technique "Undertow"',
        'rule 3: target lowest vitality',
        'rule 4: never technique "Undertow" when foes engaged at least 2',
        'rule 1 of Thug: when an ally is broken engaged: stabilize it',
        'rule 2 of Thug: target "Mira"',
      ];
      assert.deepEqual(
        want.filter((w) => !seen.has(w)),
        [],
        [...seen].join('\n'),
      );
    });

    it('the fast path (no events) is the event path, fight by fight (50 seeds)', () => {
      for (let seed = 1; seed <= 50; seed++) {
        const it = runCombat(enc, seed);
        let r = it.next();
        while (!r.done) r = it.next();
        assert.deepEqual(simulate(enc, seed), r.value, `seed ${seed}`);
      }
    });

    it("play's DecisionPoints carry the rule that chose (the probe's key), and play ends as events() does", () => {
      const points: DecisionPoint[] = [];
      for (let seed = 1; seed <= 12; seed++) {
        const it = runCombat(enc, seed);
        let r = it.next();
        while (!r.done) r = it.next();
        const played = HA_ENGINE.play!(enc, seed, {
          decide(p) {
            points.push(p);
            return undefined;
          },
        });
        assert.equal(played.winner, r.value.winner === null ? -1 : enc.sides.indexOf(r.value.winner));
        assert.equal(played.rounds, r.value.rounds);
      }
      const ruled = points.filter((p) => p.rule !== undefined);
      assert.ok(ruled.length > 0);
      for (const p of ruled) assert.match(p.rule!, /^(Queen Maud|Thug), rule \d: /);
      assert.ok(ruled.some((p) => p.rule === 'Queen Maud, rule 3: target lowest vitality' && p.kind === 'action'));
      assert.ok(points.some((p) => p.rule === undefined));
    });

    it('same file and seed, same bytes; the same odds twice', () => {
      for (const seed of [1, 7, 42]) assert.equal(renderLog(enc, seed), renderLog(enc, seed));
      assert.deepEqual(monteCarloSync(enc, { runs: 400, seed: 5 }), monteCarloSync(enc, { runs: 400, seed: 5 }));
    });

    it('the script changes the fight: its odds differ from the same encounter without its rules', () => {
      const plain: Encounter = { ...enc, combatants: enc.combatants.map(({ tactics: _t, ...c }) => c) };
      assert.equal(compile(plain).gm, null);
      const wins = (e: Encounter) => monteCarloSync(e, { runs: 2000, seed: 9 }).sides;
      assert.notDeepEqual(wins(plain), wins(enc));
    });
  });
});
