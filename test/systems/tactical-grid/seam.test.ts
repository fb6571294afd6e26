// Tactical Grid behind the seam: registration, schema and rule texts; the
// engine adapter (engine/seam.ts): events and lines are the engine's own, the
// steps start where side turns and rounds start, the fast path's shared tally
// agrees with the engine's own runChunk, the wire form round-trips through
// JSON, and monteCarlo with system tactical-grid does not depend on threads.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { REGISTRY, monteCarlo } from '../../../systems/index.js';
import { TACTICAL_GRID } from '../../../systems/tactical-grid/index.js';
import { RULE_TEXT } from '../../../systems/tactical-grid/rules.js';
import { TG_SCHEMA } from '../../../systems/tactical-grid/schema.js';
import { combatLog } from '../../../systems/tactical-grid/engine/index.js';
import { TG_COUNTERS, runChunk } from '../../../systems/tactical-grid/engine/fast-path.js';
import { TG_ENGINE, type SeamEncounter } from '../../../systems/tactical-grid/engine/seam.js';
import { emptyTally } from '../../../engine/tally.js';
import { check } from './lang.js';
import { sharedSpecOrSkip } from '../../shared-spec.js';

const MILL = readFileSync('samples/tactical-grid/mill-road.aces', 'utf8');
const BESTIARY = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');

describe('Tactical Grid behind the seam: registration, schema, rule texts', () => {
  it('registered after Heart Rush; Halcyon Aces stays first and the fallback', () => {
    const ids = REGISTRY.systems.map((s) => s.id);
    assert.deepEqual(ids.slice(0, 2), ['halcyon-aces', 'heart-rush']);
    assert.ok(ids.indexOf('tactical-grid') > ids.indexOf('heart-rush'));
    assert.equal(REGISTRY.fallback.id, 'halcyon-aces');
    assert.equal(REGISTRY.byId('tactical-grid'), TACTICAL_GRID);
  });
  it('every rule text is one plain sentence under a TG id the system claims, one per id of the spec', function () {
    const spec = readFileSync(sharedSpecOrSkip(this, 'rules/TACTICAL-GRID.md'), 'utf8');
    const ids = [...new Set(spec.match(/\*\*TG-[A-Z]+\d+\*\*/g)!.map((s) => s.replace(/\*/g, '')))];
    assert.deepEqual(Object.keys(RULE_TEXT).sort(), ids.sort());
    for (const [id, text] of Object.entries(RULE_TEXT)) {
      assert.match(id, TACTICAL_GRID.ruleIds, id);
      assert.match(text, /^[^\n]+\.$/, id);
    }
    assert.doesNotMatch('HR-N1', TACTICAL_GRID.ruleIds);
  });
  it('every TG id the checker reports has a rule text', () => {
    // check.ts and its parts (check-map.ts, check-tactics.ts)
    const dir = 'systems/tactical-grid';
    const parts = readdirSync(dir).filter((n) => /^check.*\.ts$/.test(n));
    assert.ok(parts.includes('check-map.ts'), parts.join());
    const src = parts.map((n) => readFileSync(`${dir}/${n}`, 'utf8')).join('\n');
    const ids = new Set(src.match(/TG-[A-Z]+\d+/g));
    assert.ok(ids.size >= 20);
    for (const id of ids) assert.ok(RULE_TEXT[id], id);
  });
  it('the schema: its blocks, every keyword with a TG id, defaults written as assumed, rules and map unnamed, legend inside map', () => {
    assert.deepEqual(Object.keys(TG_SCHEMA.blocks).sort(), [
      'character',
      'encounter',
      'legend',
      'map',
      'rules',
      'side',
      'tactics',
    ]);
    for (const b of Object.values(TG_SCHEMA.blocks)) {
      // (a GM's priority rules block, issue 33, is model/priority.ts tacticsBlock: no name, so no token)
      assert.ok(b.doc && b.example && (b.token || b.rules) && b.snippet, b.kind);
      for (const a of [...b.attributes, ...(b.placements ?? [])]) {
        assert.ok(a.rule && RULE_TEXT[a.rule], `${b.kind}.${a.name} has a rule with a text`);
        assert.match(a.doc, /TG-[A-Z]+\d+/, `${b.kind}.${a.name} cites its id`);
      }
    }
    assert.ok(TG_SCHEMA.blocks.rules.unnamed && TG_SCHEMA.blocks.map.unnamed);
    assert.deepEqual(TG_SCHEMA.blocks.legend.parents, ['map']);
    assert.ok(TG_SCHEMA.blocks.character.definable);
    const attr = (k: string, n: string) =>
      [...TG_SCHEMA.blocks[k].attributes, ...(TG_SCHEMA.blocks[k].placements ?? [])].find((a) => a.name === n)!;
    for (const [k, n] of [
      ['encounter', 'seed'],
      ['encounter', 'rounds'],
      ['encounter', 'first'],
      ['character', 'agi'],
      ['character', 'stress'],
      ['character', 'ai'],
      ['character', 'speed'],
      ['rules', 'crit'],
      ['map', 'grid'],
      ['side', 'facing'],
    ])
      assert.match(attr(k, n).doc, /[Aa]ssumed/, `${k}.${n}`);
    assert.match(attr('encounter', 'rounds').doc, /Assumed 100/);
    assert.match(attr('character', 'stress').doc, /6/);
    assert.equal(attr('encounter', 'first').ref, 'side');
    assert.deepEqual(
      TG_SCHEMA.blocks.side.placements!.map((p) => p.name),
      ['at', 'facing', 'dice'],
    );
  });
});

describe('Tactical Grid engine seam', () => {
  const r = check(MILL, { 'bestiary.aces': BESTIARY }, true);
  const enc = r.model.encounters[0] as unknown as SeamEncounter;

  it('loadEngine() gives TG_ENGINE', async () => {
    assert.deepEqual(r.diagnostics, []);
    assert.equal(await TACTICAL_GRID.loadEngine(), TG_ENGINE);
  });

  it("events and render are the engine's: the rendered lines are combatLog's, for several seeds", () => {
    for (const seed of [7, 1, 99]) {
      const lines = [...TG_ENGINE.events(enc, seed)].map((e) => TG_ENGINE.render(e)).filter((l) => l !== undefined);
      assert.equal(lines.join('\n') + '\n', combatLog(enc.encounter, seed));
    }
  });

  it('steps: a side turn opens with `turn`, a round with `round`; the generator returns the outcome and its text', () => {
    assert.deepEqual([TG_ENGINE.steps.small.label, TG_ENGINE.steps.large.label], ['side turn', 'round']);
    const it = TG_ENGINE.events(enc, 7);
    const types: string[] = [];
    let x = it.next();
    for (; !x.done; x = it.next()) types.push(x.value.type);
    assert.ok(types.filter((t) => TG_ENGINE.steps.small.starts({ type: t })).length > 0);
    types.forEach((t, i) => {
      if (t === 'round')
        assert.ok(
          ['turn', 'skip'].includes(types[i + 1]) ||
            types[i + 1] === 'stress' ||
            types[i + 1] === 'harm' ||
            types[i + 1] === 'react',
          types[i + 1],
        );
    });
    assert.deepEqual(Object.keys(x.value as object).sort(), ['outcome', 'rounds', 'winner']);
    assert.match(TG_ENGINE.outcomeText(x.value, enc), /^(heroes won|raiders won|stalemate|nobody left standing)$/);
  });

  it('the fast path names the sides and combatants in file order, and tallies every combat once', () => {
    const fast = TG_ENGINE.fastPath(enc);
    assert.deepEqual(fast.shape, {
      sides: ['heroes', 'raiders'],
      ids: enc.combatants.map((c) => c.id),
      sideOf: [0, 0, 0, 0, 1, 1, 1, 1],
      roundCap: 60,
    });
    const t = emptyTally(fast.shape, TG_COUNTERS.length);
    fast.run(5, 0, 300, t);
    assert.equal(t.runs, 300);
    assert.equal(t.wins[0] + t.wins[1] + t.stalemates + t.draws, 300);
    assert.equal(
      t.hist.reduce((a, b) => a + b, 0),
      300,
    );
    assert.deepEqual(t, runChunk(enc.encounter, 5, 0, 300));
  });

  it('toWire is JSON-safe and fromWire gives an encounter that plays the same', () => {
    const back = TG_ENGINE.fromWire(JSON.parse(JSON.stringify(TG_ENGINE.toWire(enc))));
    assert.deepEqual(back, JSON.parse(JSON.stringify(enc)));
    assert.equal(combatLog(back.encounter, 77), combatLog(enc.encounter, 77));
  });

  it('monteCarlo(enc, { system: tactical-grid }) is the same at 1 and 2 threads, with OUT, Dead and harm per combatant', async () => {
    const one = await monteCarlo(enc, { system: 'tactical-grid', runs: 600, threads: 1 });
    const two = await monteCarlo(enc, { system: 'tactical-grid', runs: 600, threads: 2 });
    assert.deepEqual(two, one);
    assert.deepEqual(Object.keys(one.combatants[0]), ['id', 'side', 'out', 'dead', 'dealt', 'taken', 'left']);
    assert.ok(TG_ENGINE.oddsNotes!(one).some((l) => /TG-D1/.test(l)));
    assert.equal(TG_ENGINE.stalemateNote!(one), 'round cap 60');
  });
});
