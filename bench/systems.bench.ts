// Figures every registered system reports through the seam (one JSON line each):
//   <id>-montecarlo-10k-2-threads: 10,000 fights of the system's first sample encounter on 2 threads
//     (the worker pool of engine/pool.ts; goal under 1 s), warm median of 3, and the first (cold) call;
//   <id>-hover-ms: the language service's hover on the first placed name of that sample (goal under 1 ms);
//   <id>-live-odds-ms: odds as you type after an edit (goal 300 ms), also while typing (typingEstimateMs);
//   live-odds-every-sample-ms: the slowest such first estimate over every bundled sample.
import { join } from 'node:path';
import { emit, median, round } from './stats.js';
import { samples } from './samples.js';
import { checkFiles, monteCarlo, REGISTRY, shutdownWorkers } from '../systems/index.js';
import { diskHost } from '../cli/files.js';
import { createLanguageService } from '../server/service/index.js';
import {
  LIVE_ESTIMATE_BUDGET_MS,
  LIVE_ESTIMATE_MIN_RUNS,
  LIVE_ESTIMATE_RUNS,
  LIVE_REFINED_RUNS,
} from '../server/service/odds.js';
import type { EncounterInfo } from '../model/system.js';

const TYPING_EDITS = 6;
const TYPING_GAP_MS = 60;

/** The first estimate's time after TYPING_EDITS edits TYPING_GAP_MS apart, each cancelling the odds (estimate, refinement) of the one before. */
async function estimateAfterTyping(ls: ReturnType<typeof createLanguageService>, file: string): Promise<number> {
  let abort: AbortController | undefined;
  const edit = (): Promise<number> => {
    abort?.abort();
    const a = (abort = new AbortController());
    ls.didChange(file);
    return (async () => {
      const t0 = performance.now();
      await ls.liveOdds(file, LIVE_ESTIMATE_RUNS, a.signal, false, LIVE_ESTIMATE_BUDGET_MS);
      const ms = performance.now() - t0;
      await ls.liveOdds(file, LIVE_REFINED_RUNS, a.signal, true);
      return ms;
    })().catch((e: Error) => {
      if (e.name === 'AbortError') return -1;
      throw e;
    });
  };
  for (let i = 0; i < TYPING_EDITS; i++) {
    void edit();
    await new Promise((r) => setTimeout(r, TYPING_GAP_MS));
  }
  return edit();
}

export default async function (): Promise<void> {
  const files = samples();
  const r = checkFiles(files, diskHost(process.cwd()));
  for (const system of REGISTRY.systems) {
    const file = files.find((f) => r.systemOf(f)?.id === system.id && (r.encountersByFile.get(f) ?? []).length > 0);
    if (!file) continue;
    const enc: EncounterInfo = r.encountersByFile.get(file)![0];
    const times: number[] = [];
    let first = 0;
    for (let k = 0; k < 4; k++) {
      const t0 = performance.now();
      await monteCarlo(enc, { system: system.id, runs: 10_000, seed: 100 + k, threads: 2 });
      const ms = performance.now() - t0;
      if (k === 0) first = ms;
      else times.push(ms);
    }
    emit({
      bench: `${system.id}-montecarlo-10k-2-threads`,
      ms: round(median(times), 1),
      firstCallMs: round(first, 1),
      encounter: enc.name,
      goalMs: 1000,
    });
    // hover on the first placement name of the sample
    const text = (await import('node:fs')).readFileSync(file, 'utf8');
    const name = enc.combatants[0]?.id.replace(/ \d+$/, '');
    const lines = text.split('\n');
    const placed = (l: string) =>
      !l.trimStart().startsWith('#') && l.includes(name) && !/^\s*(character|weapon|armor)\b/.test(l);
    // a placement on its own line, else one on its side's line (Arcana writes `side a { X; Y }`)
    let line = lines.findIndex((l) => placed(l) && !/\bside\b/.test(l));
    if (line < 0) line = lines.findIndex((l) => placed(l) && /\bside\b/.test(l));
    if (line < 0) continue;
    const ls = createLanguageService({ ...diskHost(process.cwd()), listFiles: () => files });
    const pos = { line, character: lines[line].indexOf(name) + 1 };
    ls.hover(file, pos);
    const hv: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t0 = performance.now();
      ls.hover(file, pos);
      hv.push(performance.now() - t0);
    }
    emit({
      bench: `${system.id}-hover-ms`,
      ms: round(median(hv), 3),
      at: `${join('samples', file.split('/samples/')[1])}:${line + 1}`,
      goalMs: 1,
    });
    // odds as you type (issue 15 item 3): an edit of the sample → its first live estimate (up to 2,000 fights of
    // each of its encounters on the server's worker, within the server's time budget: the fights it reached are
    // reported), and the refinement (10,000) after it
    const live: number[] = [],
      refine: number[] = [],
      reached: number[] = [];
    const firstName = (r.encountersByFile.get(file) ?? [])[0]?.name ?? '';
    for (let k = 0; k < 4; k++) {
      ls.didChange(file);
      const t0 = performance.now();
      await ls.liveOdds(file, LIVE_ESTIMATE_RUNS, new AbortController().signal, false, LIVE_ESTIMATE_BUDGET_MS);
      const t1 = performance.now();
      const fights = ls.lastOdds(file, firstName)?.runs ?? 0;
      await ls.liveOdds(file, LIVE_REFINED_RUNS, new AbortController().signal, true);
      if (k > 0) {
        live.push(t1 - t0);
        refine.push(performance.now() - t1);
        reached.push(fights);
      }
    }
    // while typing: an edit every TYPING_GAP_MS cancels the odds of the one before (as the server does), and the
    // estimate after the last edit is timed — a cancel must leave the worker warm, not start a cold one
    const typing: number[] = [];
    for (let k = 0; k < 3; k++) typing.push(await estimateAfterTyping(ls, file));
    emit({
      bench: `${system.id}-live-odds-ms`,
      estimateMs: round(median(live), 1),
      estimateFights: median(reached),
      refinedMs: round(median(refine), 1),
      typingEstimateMs: round(median(typing), 1),
      encounters: (r.encountersByFile.get(file) ?? []).length,
      goalMs: 300,
      note: `edit → the lens's first estimate (up to ${LIVE_ESTIMATE_RUNS} fights per encounter within ${LIVE_ESTIMATE_BUDGET_MS} ms, at least ${LIVE_ESTIMATE_MIN_RUNS}; estimateFights: of the first encounter), the server's worker threads; typingEstimateMs: the same after ${TYPING_EDITS} edits ${TYPING_GAP_MS} ms apart, each cancelling the odds of the one before`,
    });
  }
  // every bundled sample, not only each system's first: the slowest first estimate after an edit (goal 300 ms)
  const ls = createLanguageService({ ...diskHost(process.cwd()), listFiles: () => files });
  let worst = { ms: 0, file: '' },
    measured = 0;
  for (const file of files) {
    if (!(r.encountersByFile.get(file) ?? []).length) continue;
    measured++;
    const est: number[] = [];
    for (let k = 0; k < 3; k++) {
      ls.didChange(file);
      const t0 = performance.now();
      await ls.liveOdds(file, LIVE_ESTIMATE_RUNS, new AbortController().signal, false, LIVE_ESTIMATE_BUDGET_MS);
      est.push(performance.now() - t0);
    }
    const ms = median(est);
    if (ms > worst.ms) worst = { ms, file: join('samples', file.split('/samples/')[1]) };
  }
  emit({
    bench: 'live-odds-every-sample-ms',
    ms: round(worst.ms, 1),
    file: worst.file,
    samples: measured,
    goalMs: 300,
    note: 'the slowest first estimate after an edit over every bundled sample (median of 3 each, warm workers)',
  });
  await shutdownWorkers();
}
