// Tactical Grid on a big map (issue 32 item 5): a 48 × 48 map with 12 combatants (the crypt's two sides, the
// living at one edge and the dead 40 rows away, walls scattered), 10,000 fights on 2 worker threads through the
// registry's monteCarlo (what `aces odds` runs); goal ≤ 10 s. Issue 32's fourth round (tg8): ×0.63 of the module's time
// before it in one sitting (medians of 3, load 10–13: 64.5 → 40.5 s); with the same evening's play (TGS-45 … 47) ×0.78
// (load 19–21: 57.8 → 44.8 s), ≈ 9.0 s on the quiet machine that read ≈ 11.5 s (systems/tactical-grid/docs/TACTICS.md,
// "The big map").
//   tg-big-48x48-12-10k-2-threads-ms: the 10,000 fights (after one warm-up run of 1,000)
//   tg-big-48x48-12-ms-per-fight-1-thread: runChunk (the fast path) on this thread, CPU per fight
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emit, round } from './stats.js';
import { checkFiles, monteCarlo, shutdownWorkers } from '../systems/index.js';
import { diskHost } from '../cli/files.js';
import { colName } from '../systems/tactical-grid/engine/grid.js';
import { runChunk } from '../systems/tactical-grid/engine/fast-path.js';
import type { TGEncounterInfo } from '../systems/tactical-grid/check.js';

const N = 48;

/** The encounter's text: walls on a fixed pattern (no randomness), squares named as the grid names them (TG-G1). */
export function bigMapText(): string {
  const rows: string[] = [];
  for (let y = 0; y < N; y++) {
    let r = '';
    for (let x = 0; x < N; x++) r += y > 4 && y < N - 5 && (x * 7 + y * 13) % 37 === 0 ? '#' : '.';
    rows.push(r);
  }
  const sq = (x: number, y: number): string => `${colName(x)}${y + 1}`;
  return [
    'system tactical-grid',
    'use "bestiary.aces"',
    'encounter "The Long Field" {',
    '  seed 11',
    '  rounds 80',
    '  map {',
    '    grid square',
    ...rows.map((r) => `    row "${r}"`),
    '  }',
    '  side living {',
    `    Brakka at ${sq(20, 1)} facing south`,
    `    Ryn at ${sq(22, 1)} facing south`,
    `    "Sister Ilse" at ${sq(24, 1)} facing south`,
    `    Tamsin at ${sq(26, 1)} facing south`,
    `    "Hired Blade" x2 at ${sq(18, 2)}, ${sq(28, 2)} facing south`,
    '  }',
    '  side dead {',
    `    Skeleton x4 at ${sq(16, 42)}, ${sq(20, 42)}, ${sq(28, 42)}, ${sq(32, 42)} facing north`,
    `    "Skeleton Archer" at ${sq(24, 44)} facing north`,
    `    "Bone Priest" at ${sq(24, 43)} facing north`,
    '  }',
    '}',
    '',
  ].join('\n');
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tg-big-'));
  writeFileSync(join(dir, 'bestiary.aces'), readFileSync(resolve('samples/tactical-grid/bestiary.aces'), 'utf8'));
  const file = join(dir, 'long-field.aces');
  writeFileSync(file, bigMapText());
  const checked = checkFiles([file], diskHost(dir));
  const enc = checked.encountersByFile.get(file)![0] as TGEncounterInfo;
  try {
    await monteCarlo(enc, { system: 'tactical-grid', runs: 1000, seed: 1, threads: 2 }); // warm the workers
    const t0 = performance.now();
    await monteCarlo(enc, { system: 'tactical-grid', runs: 10_000, seed: 2, threads: 2 });
    const ms = performance.now() - t0;
    emit({ bench: 'tg-big-48x48-12-10k-2-threads-ms', value: round(ms, 0), unit: 'ms', goal: 10_000 });
  } finally {
    await shutdownWorkers();
  }
  runChunk(enc.encounter, 7, 0, 100);
  const t1 = performance.now();
  runChunk(enc.encounter, 8, 0, 500);
  emit({
    bench: 'tg-big-48x48-12-ms-per-fight-1-thread',
    value: round((performance.now() - t1) / 500, 2),
    unit: 'ms',
  });
}
