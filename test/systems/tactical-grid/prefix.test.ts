// Issue 32 item 5: the fast path plays an encounter's prefix (everything before its first die: a big map's sides
// walking toward each other) once, keeps the simulator's whole state there, and starts every combat from it with the
// combat's own seed (engine/prefix.ts, TGSim.prefixSnapshot). Its plain twin plays each combat whole from begin():
// the two must end every combat alike — outcome, round, each combatant's OUT, dead, harm dealt, taken and left.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import { runChunk, runChunkPlain, tallyCombat, TG_COUNTERS } from '../../../systems/tactical-grid/engine/fast-path.js';
import type { Encounter } from '../../../systems/tactical-grid/model.js';
import { emptyTally } from '../../../engine/tally.js';
import { fileOrderShape } from '../../../engine/fast-path.js';
import { combatSeed } from '../../../engine/rng.js';
import { bigMapText } from '../../../bench/tactical-grid-big.bench.js';
import { ALL, randomEncounter } from './gen.js';
import { check } from './lang.js';
import { fightCount } from '../../deep.js';

/** Combats compared per encounter: 60 in the unit suite, 200 under ACES_DEEP=1 (test/deep.ts). */
const COMBATS = fightCount('TG_PREFIX_COMBATS', 60, 200);
/** The big map's combats (each ~10× a sample's), those of the encounters with no prefix, and runChunk's twin chunks. */
const BIG = fightCount('TG_PREFIX_BIG', 30, 200);
const ZERO = fightCount('TG_PREFIX_ZERO', 40, 100);
const CHUNK = fightCount('TG_CHUNK_TWINS', 30, 60);

const bestiary = readFileSync('samples/tactical-grid/bestiary.aces', 'utf8');
function encountersOf(text: string): Encounter[] {
  const r = check(text, { 'bestiary.aces': bestiary }, true);
  return (r.model.encounters as unknown as { encounter: Encounter }[]).map((e) => e.encounter);
}
const samples = (): Encounter[] =>
  ['crypt', 'mill-road', 'wolf-pack', 'worked-examples'].flatMap((f) =>
    encountersOf(readFileSync(`samples/tactical-grid/${f}.aces`, 'utf8')),
  );
const bigMap = (): Encounter => encountersOf(bigMapText())[0];

/** The end of the combat just played on `sim`, as the odds fold it (plus the round it ended in). */
function endOf(sim: TGSim): string {
  const t = emptyTally(fileOrderShape(sim.enc), TG_COUNTERS.length);
  tallyCombat(sim, t, 0);
  return JSON.stringify([t, sim.endRound, sim.result, sim.winner]);
}

/** N combats from the prefix and whole, one by one; returns the prefix's length in side turns (null: none kept). */
function sameCombats(enc: Encounter, n: number, seed: number): number | null {
  const kept = new TGSim(enc, { keepSearches: true }),
    plain = new TGSim(enc, { keepSearches: true });
  kept.sink = plain.sink = null;
  const prefix = kept.prefixSnapshot(combatSeed(seed, 0));
  for (let i = 0; i < n; i++) {
    const s = combatSeed(seed, i);
    if (prefix === null) kept.run(s);
    else kept.runFromPrefix(prefix, s);
    plain.run(s);
    assert.equal(endOf(kept), endOf(plain), `${enc.name}: combat ${i}`);
  }
  return prefix === null ? null : prefix.turns;
}

describe('tactical-grid engine: the fast path starts each combat from the prefix every combat shares (issue 32)', function () {
  this.timeout(300_000);
  it(`TG-V1 TG-V2 TG-V3 issue 32: the big map (48 × 48, 12 combatants), ${BIG} combats from its prefix end as played whole`, () => {
    const turns = sameCombats(bigMap(), BIG, 5);
    assert.ok(turns !== null && turns >= 10, `a prefix of ${turns} side turns`);
  });
  for (const enc of [
    ...samples(),
    ...ALL.map((g) => g()),
    ...Array.from({ length: 8 }, (_, s) => randomEncounter(2000 + s)),
  ])
    it(`TG-V1 TG-V2 TG-V3 issue 32 ${enc.name}: ${COMBATS} combats from its prefix end as played whole`, () => {
      sameCombats(enc, COMBATS, 7);
    });
  it('TG-V1 issue 32: an encounter whose first die is read at once (a prefix of no side turn) still plays each combat as whole', () => {
    // (the samples' and generated encounters' with a die read in the first side turn: a Command, an archer in range …)
    const all = [
      ...samples(),
      ...ALL.map((g) => g()),
      ...Array.from({ length: 8 }, (_, s) => randomEncounter(2000 + s)),
    ];
    const zero = all.filter((e) => {
      const sim = new TGSim(e, { keepSearches: true });
      const p = sim.prefixSnapshot(1);
      return p !== null && p.turns === 0;
    });
    assert.ok(zero.length > 0, 'an encounter with no prefix among the samples and generated ones');
    for (const e of zero) sameCombats(e, ZERO, 3);
  });
  it("TG-V1 issue 32: runChunk (the workers' fast path) tallies the big map and every sample as its plain twin runChunkPlain", () => {
    for (const enc of [bigMap(), ...samples()]) {
      const a = runChunk(enc, 42, 0, CHUNK);
      const b = runChunkPlain(enc, 42, 0, CHUNK);
      assert.deepEqual(a, b, enc.name);
      assert.deepEqual(runChunk(enc, 43, CHUNK, 2 * CHUNK), runChunkPlain(enc, 43, CHUNK, 2 * CHUNK), enc.name);
    }
  });
});
