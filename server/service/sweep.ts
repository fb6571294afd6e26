// "Sweep a number of this encounter…" (issue 14 item 2, in the editor): `aces/sweep` runs the same combat seeds
// for each value of one number (balance/vary.ts, as `aces odds --vary` does) on the worker pool, off this thread,
// and answers each side's chance per value for the client to draw as a curve. The code action that starts it is
// offered beside "Balance this encounter…" (balance.ts), with the same candidates.

import { shortName } from '../../model/message-text.js';
import { encounterNamed } from '../../model/select.js';
import type { SweepParams, SweepReply, SweepRow } from '../../protocol/lsp-ext.js';
import { resolveVary, variants } from '../../balance/vary.js';
import { monteCarlo } from '../../systems/index.js';
import type { WorkspaceState } from './analysis.js';
import { ODDS_THREADS, refusal, refusedLine } from './odds.js';
import { balanceRuns } from './balance.js';

/**
 * `aces/sweep`: one Monte Carlo batch per value on the same seeds. A reply with `error` when the request cannot be
 * answered (an unknown block or number, a bad range); a value that breaks a rule is a row with its `error`.
 * `onValue` hears each value before its batch (its index and the count).
 */
export async function sweepRequest(
  ws: WorkspaceState,
  params: SweepParams,
  signal?: AbortSignal,
  onValue?: (value: number, index: number, count: number) => void,
): Promise<SweepReply> {
  const e = ws.entry(params.uri);
  const enc = e && encounterNamed(e.allEncounters, params.encounter);
  if (!e || !enc) return { error: `no encounter "${shortName(params.encounter)}" in this file` };
  // a broken file is refused up front, before any value is fought (issue 34 item 1)
  const why = refusal(ws, e, enc);
  if (why) return { error: refusedLine(enc.name, why) };
  const runs = balanceRuns(params.runs);
  try {
    const spec = resolveVary(params.vary, params.uri, ws.host, 'sweep');
    if ('error' in spec) return { error: spec.error.replace('--vary ', '') };
    const list = variants(params.uri, enc.name, spec, ws.host);
    const rows: SweepRow[] = [];
    for (const [k, v] of list.entries()) {
      if (!v.encounter || !v.system) {
        rows.push({ value: v.value, error: v.error });
        continue;
      }
      onValue?.(v.value, k, list.length);
      const r = await monteCarlo(v.encounter, {
        system: v.system.id,
        runs,
        seed: enc.seed,
        signal,
        offThread: true,
        threads: ODDS_THREADS,
      });
      rows.push({
        value: v.value,
        sides: r.sides.map((s) => ({ side: s.side, p: s.p, ci95: s.ci95 })),
        stalemate: { p: r.stalemate.p, ci95: r.stalemate.ci95 },
        meanRounds: r.rounds.mean,
        ...(r.verdict ? { verdict: r.verdict.label } : {}),
      });
    }
    return {
      encounter: enc.name,
      block: spec.block,
      attr: spec.attr,
      ...(spec.around !== undefined ? { written: spec.around } : {}),
      runs,
      seed: enc.seed,
      rows,
      threads: ODDS_THREADS,
    };
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return { error: (err as Error).message };
  }
}
