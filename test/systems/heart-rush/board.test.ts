// Heart Rush's battlefield (HR-P1 … P5) drawn for the step-through: 5-ft squares,
// every combatant's token where the simulator has it, the phase's moves and attacks.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { checkFiles } from '../../../systems/index.js';
import { diskHost } from '../../../cli/files.js';
import { HR_ENGINE, type SeamEncounter } from '../../../systems/heart-rush/engine/seam.js';
import type { HREvent } from '../../../systems/heart-rush/engine/events.js';

function encounters(file: string): SeamEncounter[] {
  const abs = resolve(file);
  return checkFiles([abs], diskHost(process.cwd())).encountersByFile.get(abs)! as unknown as SeamEncounter[];
}

const samples = [
  'samples/heart-rush/goblin-ambush.aces',
  'samples/heart-rush/troll-bridge.aces',
  'samples/heart-rush/wolves-at-the-ford.aces',
];

describe('Heart Rush: the drawn battlefield', () => {
  for (const file of samples) {
    it(`HR-P1 HR-P3 HR-P5: ${file}: from the events alone, every token stands where the simulator says at each round's end`, () => {
      for (const enc of encounters(file)) {
        for (const seed of [1, 7, 42]) {
          const board = HR_ENGINE.board!(enc);
          let rounds = 0,
            arrows = 0;
          for (const e of HR_ENGINE.events(enc, seed)) {
            const x = e as HREvent;
            if (x.type === 'round-end') {
              rounds++;
              const p = board.picture!();
              assert.equal(p.kind, 'grid');
              if (p.kind !== 'grid') return;
              const before = new Map(
                p.tokens.map((t) => [
                  t.name,
                  t
                    .note!.match(/at (-?\d+),(-?\d+) ft/)!
                    .slice(1)
                    .map(Number)
                    .join(','),
                ]),
              );
              for (const l of x.line) {
                // a rider thrown off mid-round is only placed again here (documented in board.ts)
                if (/climb|grappl/.test(l.notes)) continue;
                assert.equal(before.get(l.who), l.at!.join(','), `${enc.name} seed ${seed} round ${x.round}: ${l.who}`);
              }
            }
            board.apply(e);
            const p = board.picture!();
            if (p.kind === 'grid') {
              arrows += p.arrows.length;
              assert.equal(p.tokens.length, enc.combatants.length);
              for (const t of p.tokens)
                assert.ok(t.x >= 0 && t.y >= 0 && t.x < p.width && t.y < p.height, `${t.name} on the field`);
            }
          }
          assert.ok(rounds > 0 && arrows > 0);
        }
      }
    });
  }

  it("HR-P4: a field of W × H feet is W/5 × H/5 squares; the picture names each token's HP and position in feet", () => {
    const enc = encounters('samples/heart-rush/goblin-ambush.aces')[0];
    const p = HR_ENGINE.board!(enc).picture!();
    assert.equal(p.kind, 'grid');
    if (p.kind !== 'grid') return;
    assert.deepEqual([p.shape, p.width, p.height], ['square', 20, 12]);
    const aldric = p.tokens.find((t) => t.name === 'Aldric')!;
    assert.deepEqual([aldric.x, aldric.y, aldric.side, aldric.initials], [8, 6, 0, 'Al']);
    assert.match(aldric.note!, /^HP (\d+)\/\1 at 40,30 ft$/);
  });
});
