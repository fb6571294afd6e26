// The aces language service: plain functions over the grammar, the checker
// and the rule systems (through the registry), in the shape of
// vscode-json-languageservice. One entry, `createLanguageService(host)`; every
// feature takes a document URI (an opaque key the host understands) and an
// LSP position, and returns LSP-shaped plain data. No `vscode` import, no
// connection: the LSP layer (server/main.ts) and the tests drive it the same way.

import type {
  CodeAction,
  CodeLens,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  Position,
  Range,
  SelectionRange,
  SemanticTokens,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import { prewarmWorkers } from '../../systems/index.js';
import { encounterOddsOf, LiveOdds, ODDS_THREADS, simulable } from './odds.js';
import type {
  EncounterOdds,
  EncounterOddsParams,
  FightView,
  FightViewParams,
  FileEncounters,
  RunEncounterParams,
  RunEncounterResult,
  StepEncounterParams,
  SteppedFight,
  TuneParams,
  TuneReply,
  SweepParams,
  SweepReply,
} from '../../protocol/lsp-ext.js';
import { FightViews } from './fight.js';
import { logOf, recordFight } from '../../model/fight-record.js';
import { balanceActions, tuneRequest } from './balance.js';
import { sweepRequest } from './sweep.js';
import { encounterNamed } from '../../model/select.js';
import { WorkspaceState, type ServiceHost } from './analysis.js';
import { codeActions, codeLenses, inlayHints, type InlayOptions } from './actions.js';
import { complete } from './completion.js';
import { format, type FormatOptions } from './format.js';
import { hover } from './hover.js';
import { toDiagnostic } from './lsp.js';
import {
  definition,
  documentHighlights,
  documentSymbols,
  prepareRename,
  references,
  rename,
  workspaceSymbols,
} from './navigation.js';
import { foldingRanges, selectionRanges, semanticTokens, SEMANTIC_LEGEND } from './structure.js';

export type { ServiceHost } from './analysis.js';
export { SEMANTIC_LEGEND } from './structure.js';
export { formatText, type FormatOptions } from './format.js';
export { explainCode } from './rules.js';

/** Something that can say "stop": an LSP CancellationToken fits. */
export interface Cancellation {
  isCancellationRequested: boolean;
}

export interface LanguageService {
  // ---- workspace state
  /** Tell the service about workspace files (checked lazily). */
  addFiles(uris: Iterable<string>): void;
  /** A file's text changed: it and the files that `use` it are re-checked at the next query. */
  didChange(uri: string): void;
  /** A file was deleted: released as below. */
  didDelete(uri: string): void;
  /**
   * Nobody keeps `uri` any more (a closed document that is no workspace file on disk): its text, parse, model,
   * odds and caches are dropped, and the files that used it re-checked (issue 35 item 7).
   */
  release(uri: string): void;
  /** Files that `use` `uri`, transitively (not including it). */
  dependentsOf(uri: string): string[];
  /**
   * Re-checks whatever changed and returns the diagnostics of every file whose
   * diagnostics may have changed (the changed files, their dependents, and any
   * other file whose result moved).
   */
  validate(): Map<string, Diagnostic[]>;
  /** The current diagnostics of one file. */
  diagnostics(uri: string): Diagnostic[];

  // ---- features
  hover(uri: string, pos: Position): Hover | null;
  complete(uri: string, pos: Position): CompletionList;
  definition(uri: string, pos: Position): Location[];
  references(uri: string, pos: Position, includeDeclaration?: boolean, token?: Cancellation): Location[];
  prepareRename(uri: string, pos: Position): { range: Range; placeholder: string } | null;
  /** Throws an Error whose message is for the user when the new name cannot be used. */
  rename(uri: string, pos: Position, newName: string): WorkspaceEdit | null;
  documentHighlights(uri: string, pos: Position): DocumentHighlight[];
  documentSymbols(uri: string): DocumentSymbol[];
  workspaceSymbols(query: string, token?: Cancellation): SymbolInformation[];
  foldingRanges(uri: string): FoldingRange[];
  selectionRanges(uri: string, positions: Position[]): SelectionRange[];
  semanticTokens(uri: string): SemanticTokens;
  readonly semanticLegend: typeof SEMANTIC_LEGEND;
  format(uri: string, options?: FormatOptions): TextEdit[];
  codeActions(uri: string, range: Range, only?: string[]): CodeAction[];
  codeLenses(uri: string): CodeLens[];
  inlayHints(uri: string, range: Range, options?: InlayOptions): InlayHint[];
  /**
   * Monte Carlo odds of an encounter (remembered for its code lens and inlay hint), computed on worker
   * threads so the server keeps answering; `signal` cancels it. Null when it does not exist or has errors.
   */
  encounterOdds(
    params: EncounterOddsParams,
    signal?: AbortSignal,
    onProgress?: (done: number, total: number) => void,
  ): Promise<EncounterOdds | null>;
  /** One seeded combat recorded for stepping (`aces/stepEncounter`); null when the encounter is missing or cannot run. */
  stepEncounter(params: StepEncounterParams): Promise<SteppedFight | null>;
  /** The state of a recorded fight after `at` events (`aces/fightView`); null when it is no longer kept. */
  fightView(params: FightViewParams): FightView | null;
  /** A file's encounters and the errors that stop simulating them (`aces/encounters`). */
  encounters(uri: string): FileEncounters | null;
  /** Starts the odds workers ahead of the first request (when the first .aces file opens), so it does not wait for them. */
  warmOdds(): void;
  /** One seeded combat's log (`aces/runEncounter`); null when the encounter is missing or cannot run. */
  runEncounter(params: RunEncounterParams): Promise<RunEncounterResult | null>;
  /** The odds last computed for an encounter, if any. */
  lastOdds(uri: string, encounter: string): EncounterOdds | undefined;
  /**
   * Odds as you type: simulates every sound encounter of the file again (`runs` each, off this thread) and
   * compares each with its saved version; resolves to the number refreshed. `last`: the final pass of this version.
   */
  liveOdds(uri: string, runs: number, signal: AbortSignal, last: boolean, budgetMs?: number): Promise<number>;
  /** The file as it is now is its saved version (opened, or saved): the next live odds become its baseline. */
  liveSaved(uri: string): void;
  liveClosed(uri: string): void;
  /** "Balance this encounter…": the value of one number closest to a target chance (balance/tune.ts), off this thread. */
  tune(params: TuneParams, signal?: AbortSignal, onTry?: (value: number, before: number) => void): Promise<TuneReply>;
  /** "Sweep a number of this encounter…": each side's chance per value of one number (balance/vary.ts), off this thread. */
  sweep(
    params: SweepParams,
    signal?: AbortSignal,
    onValue?: (value: number, index: number, count: number) => void,
  ): Promise<SweepReply>;

  /** The state behind the features (for tests and benchmarks). */
  readonly state: WorkspaceState;
}

/** A file's encounters with their ranges, and the errors that keep them from running (the file's, then its uses'). */
function fileEncounters(ws: WorkspaceState, uri: string): FileEncounters | null {
  const e = ws.entry(uri);
  if (!e) return null;
  const blocks = e.file.read?.blocks ?? [];
  const lsp = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) => ({
    start: { line: r.start.line, character: r.start.character },
    end: { line: r.end.line, character: r.end.character },
  });
  const encounters = e.allEncounters.map((enc) => {
    const block = blocks.find((b) => b.kind === 'encounter' && b.nameRange.start.offset === enc.range?.start.offset);
    const range = block?.range ?? enc.range;
    return {
      name: enc.name,
      seed: enc.seed,
      sides: [...enc.sides],
      combatants: enc.combatants.length,
      range: range ? lsp(range) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    };
  });
  // the file's errors first, then those of the files it uses (breadth first), as the CLI's check reports them
  const errors: FileEncounters['errors'] = [];
  const seen = new Set<string>([uri]);
  const queue = [uri];
  for (let q = 0; q < queue.length; q++) {
    const f = ws.entries.get(queue[q]);
    if (!f) continue;
    for (const d of f.diagnostics)
      if (d.severity === 'error') errors.push({ uri: f.uri, line: d.range.start.line, message: d.message });
    for (const u of f.file.uses)
      if (!seen.has(u)) {
        seen.add(u);
        queue.push(u);
      }
  }
  return { system: e.system.id, systemName: e.system.name, encounters, errors };
}

export function createLanguageService(host: ServiceHost): LanguageService {
  const ws = new WorkspaceState(host);
  const odds = new Map<string, EncounterOdds>();
  const oddsKey = (uri: string, enc: string): string => `${uri}\0${enc}`;
  const live = new LiveOdds(
    (uri, o) => odds.set(oddsKey(uri, o.encounter), o),
    (e, enc) => simulable(ws, e, enc),
  );
  const cancelled = (t?: Cancellation) => (t ? () => t.isCancellationRequested : undefined);
  let warmed = false;
  const views = new FightViews();
  /** Files whose last diagnostics published were not empty. */
  const shown = new Set<string>();
  /** The sound encounter a run or a step asks for, its engine and seed; undefined when it cannot run. */
  const fightOf = async (params: { uri: string; encounter: string; seed?: number }) => {
    const e = ws.entry(params.uri);
    const enc = e ? encounterNamed(e.allEncounters, params.encounter) : undefined;
    if (!e || !enc || !simulable(ws, e, enc)) return undefined;
    return { engine: await e.system.loadEngine(), enc, seed: params.seed ?? enc.seed, system: e.system.id };
  };
  const service: LanguageService = {
    state: ws,
    semanticLegend: SEMANTIC_LEGEND,
    addFiles: (uris) => ws.addFiles(uris),
    didChange: (uri) => ws.invalidate(uri),
    didDelete: (uri) => service.release(uri),
    release(uri) {
      ws.release(uri);
      shown.delete(uri);
      live.closed(uri);
      for (const k of [...odds.keys()]) if (k.startsWith(`${uri}\0`)) odds.delete(k);
    },
    dependentsOf: (uri) => [...ws.dependents([uri])].filter((u) => u !== uri),
    validate() {
      const listed = host.listFiles?.();
      if (listed) ws.addFiles(listed);
      const changed = ws.drainChanged();
      const out = new Map<string, Diagnostic[]>();
      for (const uri of changed) {
        const e = ws.entries.get(uri);
        // a file that does not exist (a `use` of a missing file) has nothing to show: publish only to clear what
        // was shown, never one empty message per missing file (issue 35 item 10)
        if (e && e.file.error !== undefined && !e.diagnostics.length && !shown.has(uri)) continue;
        if (e?.diagnostics.length) shown.add(uri);
        else shown.delete(uri);
        out.set(uri, (e?.diagnostics ?? []).map(toDiagnostic));
      }
      return out;
    },
    diagnostics: (uri) => (ws.entry(uri)?.diagnostics ?? []).map(toDiagnostic),
    hover: (uri, pos) => hover(ws, uri, pos),
    complete: (uri, pos) => complete(ws, uri, pos),
    definition: (uri, pos) => definition(ws, uri, pos),
    references: (uri, pos, includeDeclaration = true, token) =>
      references(ws, uri, pos, includeDeclaration, cancelled(token)),
    prepareRename: (uri, pos) => prepareRename(ws, uri, pos),
    rename: (uri, pos, newName) => rename(ws, uri, pos, newName),
    documentHighlights: (uri, pos) => documentHighlights(ws, uri, pos),
    documentSymbols: (uri) => documentSymbols(ws, uri),
    workspaceSymbols: (query, token) => workspaceSymbols(ws, query, cancelled(token)),
    foldingRanges: (uri) => foldingRanges(ws, uri),
    selectionRanges: (uri, positions) => selectionRanges(ws, uri, positions),
    semanticTokens: (uri) => semanticTokens(ws, uri),
    format: (uri, options) => format(ws, uri, options),
    codeActions: (uri, range, only) => [...codeActions(ws, uri, range, only), ...balanceActions(ws, uri, range, only)],
    codeLenses: (uri) => codeLenses(ws, uri, service.lastOdds),
    inlayHints: (uri, range, options) => inlayHints(ws, uri, range, service.lastOdds, options),
    lastOdds: (uri, enc) => odds.get(oddsKey(uri, enc)),
    async liveOdds(uri, runs, signal, last, budgetMs) {
      const e = ws.entry(uri);
      return e ? live.refresh(e, runs, signal, last, budgetMs) : 0;
    },
    liveSaved: (uri) => live.saved(uri),
    liveClosed: (uri) => live.closed(uri),
    tune: (params, signal, onTry) => tuneRequest(ws, params, signal, onTry),
    sweep: (params, signal, onValue) => sweepRequest(ws, params, signal, onValue),
    warmOdds() {
      // the odds run off this thread on ODDS_THREADS workers; prewarmWorkers counts this thread as one
      if (!warmed) prewarmWorkers(ODDS_THREADS + 1);
      warmed = true;
    },
    async runEncounter(params) {
      const found = await fightOf(params);
      if (!found) return null;
      const f = recordFight(found.engine, found.enc, found.seed);
      return {
        encounter: f.encounter,
        seed: f.seed,
        system: found.system,
        lines: logOf(f),
        outcome: f.outcome,
        truncated: f.truncated,
      };
    },
    async stepEncounter(params) {
      const found = await fightOf(params);
      if (!found) return null;
      const f = recordFight(found.engine, found.enc, found.seed);
      return { ...f, fight: views.add(found.engine, found.enc, found.seed), system: found.system };
    },
    fightView: (params) => views.view(params.fight, params.at),
    encounters: (uri) => fileEncounters(ws, uri),
    async encounterOdds(params, signal, onProgress) {
      const e = ws.entry(params.uri);
      const enc = e && encounterNamed(e.allEncounters, params.encounter);
      // A simulation needs a sound encounter: refuse when it, its file's stat blocks or a file it uses has errors.
      if (!e || !enc || !simulable(ws, e, enc)) return null;
      const runs = Math.max(1, Math.min(100_000, Math.floor(params.runs ?? 2000)));
      const { odds: result } = await encounterOddsOf(e, enc, {
        runs,
        seed: params.seed,
        signal,
        threads: params.threads,
        detail: params.detail,
        onProgress,
      });
      odds.set(oddsKey(params.uri, enc.name), result);
      return result;
    },
  };
  return service;
}
