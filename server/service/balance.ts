// "Balance this encounter…" (issue 14 item 3): a code action on an encounter
// offers the numbers of the stat blocks it places; the client asks which one
// and the target ("party wins 50%"), then `aces/tune` searches that number's
// range on the worker pool (balance/tune.ts, the same search as `aces tune`)
// and answers with the value and the edit that writes it — in the file that
// declares the block, which may be a bestiary other encounters use too.

import { shortName } from '../../model/message-text.js';
import type { CodeAction, Range as LspRange } from 'vscode-languageserver-types';
import type { RawBlock } from '../../model/read.js';
import { encounterBlockAt, encounterNamed } from '../../model/select.js';
import {
  BALANCE_RUNS,
  Commands,
  type BalanceArgs,
  type BalanceCandidate,
  type TuneParams,
  type TuneReply,
} from '../../protocol/lsp-ext.js';
import { parseTarget, tune, type TuneResult } from '../../balance/tune.js';
import { offeredRange, parseVary } from '../../balance/vary.js';
import type { WorkspaceState } from './analysis.js';
import { ODDS_THREADS, refusal, refusedLine, simulable } from './odds.js';
import { TextLines } from './lsp.js';

/** Combats per try or value of a tune or sweep request: its `runs` within 100…100,000, else BALANCE_RUNS. */
export function balanceRuns(runs: number | undefined): number {
  return Number.isFinite(runs) ? Math.max(100, Math.min(100_000, Math.floor(runs!))) : BALANCE_RUNS;
}

/** The whole numbers written in the blocks an encounter places, in placement order: what tuning can vary. */
export function balanceCandidates(ws: WorkspaceState, uri: string, enc: RawBlock): BalanceCandidate[] {
  const scope = ws.scope(uri);
  const seen = new Set<RawBlock>();
  const out: BalanceCandidate[] = [];
  const placements = [...enc.placements, ...enc.children.flatMap((c) => c.placements)];
  for (const p of placements) {
    let block: RawBlock | undefined;
    for (const names of scope.values()) block ??= names.get(p.name.text);
    if (!block || seen.has(block)) continue;
    seen.add(block);
    for (const a of block.attrs) {
      if (
        a.int === undefined ||
        a.spec.arg === 'flag' ||
        out.some((c) => c.block === block!.name && c.attr === a.spec.name)
      )
        continue;
      out.push({
        block: block.name,
        attr: a.spec.name,
        value: a.int,
        file: block.file,
        range: offeredRange(a.int, a.spec.usual),
      });
    }
  }
  return out;
}

/** The "Balance this encounter…" and "Sweep a number of this encounter…" actions, offered anywhere inside a sound encounter. */
export function balanceActions(ws: WorkspaceState, uri: string, range: LspRange, only?: string[]): CodeAction[] {
  if (only && !only.some((k) => k === 'refactor' || 'refactor.rewrite'.startsWith(k))) return [];
  const e = ws.entry(uri);
  if (!e?.file.read || e.file.text === undefined) return [];
  const offset = e.lines.offsetAt(range.start);
  const block = encounterBlockAt(e.file.read.blocks, offset);
  const enc = block && e.allEncounters.find((x) => x.range?.start.offset === block.nameRange.start.offset);
  if (!block || !enc || !simulable(ws, e, enc)) return [];
  const candidates = balanceCandidates(ws, uri, block);
  if (!candidates.length) return [];
  const args: BalanceArgs = {
    uri,
    encounter: enc.name,
    line: block.nameRange.start.line,
    sides: enc.sides,
    candidates,
  };
  return [
    {
      title: 'Balance this encounter…',
      kind: 'refactor.rewrite',
      command: { title: 'Balance this encounter…', command: Commands.balanceEncounter, arguments: [args] },
    },
    // the same candidates: sweep one of them and see each side's chance against it (sweep.ts)
    {
      title: 'Sweep a number of this encounter…',
      kind: 'refactor.rewrite',
      command: { title: 'Sweep a number of this encounter…', command: Commands.sweepEncounter, arguments: [args] },
    },
  ];
}

/** The chosen value's fights in words (issue 34 item 3): "its fights: stalemate 5.1%, 27.0 rounds on average; verdict …". */
export function tuneReport(r: TuneResult): string {
  return `its fights: stalemate ${(100 * r.stalemate).toFixed(1)}%, ${r.meanRounds.toFixed(1)} rounds on average${r.verdict ? `; verdict ${r.verdict}` : ''}`;
}

/** What to say before writing: a homebrew value, an end of the range (undefined: nothing). */
export function tuneWarning(r: TuneResult, block: string, attr: string): string | undefined {
  const out: string[] = [];
  if (r.homebrew) out.push(`${block} ${attr} ${r.value} is a homebrew value (${r.homebrew.replace(/\.$/, '')})`);
  if (r.atEdge)
    out.push(
      r.reached
        ? `${r.value} is an end of the range searched`
        : `${r.value} is an end of the range searched and does not reach the target: not written`,
    );
  return out.length ? `${out.join('; ')}.` : undefined;
}

/**
 * `aces/tune`: the value of `params.vary`'s number closest to `params.target`, off this thread. A reply with
 * `error` when the request cannot be answered (a rule the values break, an outcome the encounter lacks).
 */
export async function tuneRequest(
  ws: WorkspaceState,
  params: TuneParams,
  signal?: AbortSignal,
  onTry?: (value: number, before: number) => void,
): Promise<TuneReply> {
  const e = ws.entry(params.uri);
  const enc = e && encounterNamed(e.allEncounters, params.encounter);
  if (!e || !enc) return { error: `no encounter "${shortName(params.encounter)}" in this file` };
  const why = refusal(ws, e, enc);
  if (why) return { error: refusedLine(enc.name, why) };
  const target = parseTarget(params.target);
  if ('error' in target) return { error: target.error.replace('--target ', '') };
  const spec = parseVary(params.vary, 100_000);
  if ('error' in spec) return { error: spec.error.replace('--vary ', '') };
  try {
    const r = await tune(params.uri, enc.name, spec, target, ws.host, {
      runs: balanceRuns(params.runs),
      seed: enc.seed,
      signal,
      offThread: true,
      homebrew: params.homebrew === true,
      onTry,
    });
    const read = ws.host.read(r.edit.file, true);
    if (!('text' in read)) return { error: `cannot read ${r.edit.file}: ${read.error}` };
    const lines = new TextLines(read.text);
    const range = { start: lines.positionAt(r.edit.from), end: lines.positionAt(r.edit.to) };
    return {
      value: r.value,
      p: r.p,
      ci95: r.ci95,
      tries: r.tries.map((t) => ({ value: t.value, p: t.p, error: t.error })),
      atEdge: r.atEdge,
      reached: r.reached,
      ...(r.narrowed ? { narrowed: r.narrowed } : {}),
      edit: { uri: r.edit.file, range, newText: (r.edit.prefix ?? '') + String(r.value) },
      threads: ODDS_THREADS,
      stalemate: r.stalemate,
      meanRounds: r.meanRounds,
      ...(r.verdict ? { verdict: r.verdict } : {}),
      report: tuneReport(r),
      ...(tuneWarning(r, spec.block, spec.attr) ? { warning: tuneWarning(r, spec.block, spec.attr) } : {}),
      writable: r.writable,
    };
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return { error: (err as Error).message };
  }
}
