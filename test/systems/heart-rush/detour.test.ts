// HRS-25: a fighter whose straight way is blocked goes round, instead of
// standing still until the round cap.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { checkFiles, monteCarlo } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { weapon, type Encounter } from '../../../systems/heart-rush/model.js';
import type { HREvent } from '../../../systems/heart-rush/engine/index.js';
import { at, events, scene, who } from './scene.js';

describe('Heart Rush: movement round obstacles', function () {
  this.timeout(60000);
  it('HRS-25 (HR-P3): a pack that leaves bodies in the way no longer freezes the fight (Wolves at the Ford: stalemates under 5%)', async () => {
    const file = resolve('samples/heart-rush/wolves-at-the-ford.aces');
    const r = checkFiles([file], diskHost(process.cwd()));
    const [enc] = r.encountersByFile.get(file)!;
    const odds = await monteCarlo(enc, { system: 'heart-rush', runs: 600, seed: 3, threads: 1 });
    assert.ok(odds.stalemate.p < 0.05, `stalemates ${(odds.stalemate.p * 100).toFixed(1)}%`);
  });
});

describe('Heart Rush: going round keeps to the way round', () => {
  // Wolves at the Ford, seed 2, round 18: Pip stood in a pocket of fallen wolves and an ally, his focus beyond
  // them. The first step round left the pocket; the next greedy step (nearer as the crow flies) led straight back
  // in; so every dash of 60 ft ended on the square it began, round after round.
  const pocket = (): Encounter => {
    const pip = who('Pip', { tactics: 'default', weapons: [weapon('Dagger', { die: 4 })], speed: 30 });
    const wall = (name: string, x: number, y: number) => at(who(name), x, y);
    return scene(
      [
        at(pip, 60, 45),
        wall('Wall 1', 55, 40),
        wall('Wall 2', 60, 40),
        wall('Wall 3', 65, 40),
        wall('Wall 4', 55, 45),
        wall('Wall 5', 65, 45),
      ],
      [at(who('Dummy', { hp: 50 }), 65, 35)],
      1,
    );
  };
  it('HRS-25 (HR-P3): after its first step round an obstacle, a mover keeps to the shortest way round for the rest of its round, not back into the pocket', () => {
    const moves = events(pocket()).filter(
      (e): e is Extract<HREvent, { type: 'move' }> => e.type === 'move' && e.who === 'Pip',
    );
    assert.ok(moves.length > 0, 'Pip moves');
    const end = moves[moves.length - 1].to;
    assert.ok(
      Math.max(Math.abs(end[0] - 65), Math.abs(end[1] - 35)) <= 5,
      `Pip ends next to the Dummy, not at ${end.join(',')}: ${moves.map((m) => `${m.from.join(',')}→${m.to.join(',')}`).join(' ')}`,
    );
    for (const m of moves)
      assert.ok(
        m.feet === 0 || m.from.join() !== m.to.join(),
        `a ${m.feet}-ft ${m.kind} from ${m.from.join(',')} back to it`,
      );
  });
});
