// Documents and what follows an edit: the open documents override the disk; validation is debounced
// (`aces.validation.debounceMs`, default 200 ms) and a result is dropped when the document's version moved on
// meanwhile; files that `use` a changed file are revalidated with it; odds as you type run after a document's
// diagnostics went out, off this thread, aborted by the next edit.

import { MessageType, ShowMessageNotification, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { shortName } from '../model/message-text.js';
import { formatBytes } from '../model/disk.js';
import { LIVE_ESTIMATE_BUDGET_MS, LIVE_ESTIMATE_RUNS, LIVE_REFINED_RUNS } from './service/odds.js';
import { DEFAULT_DEBOUNCE_MS } from '../protocol/lsp-ext.js';
import type { Session } from './session.js';

/** Odds as you type: which open documents are due, which runs are in flight, and the run. */
interface LiveOdds {
  /** Open documents edited since their last live odds. */
  readonly due: Set<string>;
  /** Live odds in flight per document (the next edit aborts them). */
  readonly runs: Map<string, AbortController>;
  run(k: string): Promise<void>;
}

/** Validation, debounced: `schedule(ms)` checks what changed after `ms`, one check at a time. */
export interface Validation {
  schedule(ms: number): void;
  debounceMs(): number;
}

/**
 * Registers the document and watched-file events; returns the validation they schedule (the lifecycle schedules the
 * first check once the workspace is scanned).
 */
export function registerDocuments(s: Session, documents: TextDocuments<TextDocument>): Validation {
  const { service, host, open } = s;
  const live = liveOdds(s);
  const liveRuns = live.runs;
  const liveDue = live.due;
  const validation = validator(s, live);
  const { schedule, debounceMs } = validation;

  documents.onDidOpen((ev) => {
    service.warmOdds();
    const k = s.key(ev.document.uri);
    s.spell(k, ev.document.uri);
    open.set(k, ev.document);
    service.didChange(k);
    service.liveSaved(k);
    liveDue.add(k);
    schedule(0);
  });
  documents.onDidChangeContent((ev) => {
    // every keystroke: the key made once
    const k = s.key(ev.document.uri);
    s.oddsRuns.get(k)?.abort();
    liveRuns.get(k)?.abort();
    liveDue.add(k);
    // an edited bestiary moves the odds of the open files that use it
    for (const d of service.dependentsOf(k))
      if (open.has(d)) {
        liveRuns.get(d)?.abort();
        liveDue.add(d);
      }
    open.set(k, ev.document);
    service.didChange(k);
    schedule(debounceMs());
  });
  documents.onDidSave((ev) => {
    // the text as saved becomes what later edits are compared with
    const k = s.key(ev.document.uri);
    for (const d of [k, ...service.dependentsOf(k).filter((x) => open.has(x))]) {
      service.liveSaved(d);
      if (!liveRuns.has(d)) void live.run(d);
    }
  });
  documents.onDidClose((ev) => {
    const k = s.key(ev.document.uri);
    liveRuns.get(k)?.abort();
    liveDue.delete(k);
    service.liveClosed(k);
    open.delete(k);
    if (host.onDisk(k) && host.track(k)) {
      // a workspace file: the disk version takes over (on the list, whatever the watcher said or did not say)
      service.didChange(k);
    } else {
      // nothing keeps it (outside the workspace, untitled, deleted or renamed away): its text, parse, model and
      // diagnostics go (issue 35 items 7 and 8)
      host.untrack(k);
      service.release(k);
      void s.connection.sendDiagnostics({ uri: s.out(k), diagnostics: [] });
      s.forget(k);
    }
    schedule(debounceMs());
  });

  s.connection.onDidChangeWatchedFiles((params) => {
    for (const c of params.changes) {
      const k = s.key(c.uri);
      // the disk says what is there, not the event's kind: created, changed and deleted events of one file may
      // come in any order (a rename, a quick save-and-delete), so the last event of a file leaves it right
      const there = host.onDisk(k) && host.track(k);
      if (!there) host.untrack(k);
      if (open.has(k)) continue; // the open document wins
      if (there) service.didChange(k);
      else {
        service.didDelete(k);
        void s.connection.sendDiagnostics({ uri: s.out(k), diagnostics: [] });
      }
    }
    schedule(debounceMs());
  });
  return validation;
}

function validator(s: Session, live: LiveOdds): Validation {
  const { connection, service, host, open: byKey } = s;
  const debounceMs = (): number => {
    const v = s.settings.validation?.debounceMs;
    return typeof v === 'number' && v >= 0 && v <= 10_000 ? v : DEFAULT_DEBOUNCE_MS;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let validating = false;
  let again = false;
  function schedule(ms: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void validate();
    }, ms);
  }

  async function validate(): Promise<void> {
    if (validating) {
      again = true;
      return;
    }
    validating = true;
    try {
      // Versions of the open documents this validation sees.
      const seen = new Map<string, number>();
      for (const [k, d] of byKey) seen.set(k, d.version);
      const t0 = performance.now();
      const results = service.validate();
      const ms = performance.now() - t0;
      let i = 0;
      for (const [k, diagnostics] of results) {
        const doc = byKey.get(k);
        // Dropped when the document moved on since (a newer validation is scheduled).
        if (doc && seen.get(k) !== doc.version) continue;
        if (!doc && seen.has(k)) continue; // closed meanwhile
        if (!doc && !host.inWorkspace(k)) continue; // never publish for a file outside the workspace folders
        await connection.sendDiagnostics({ uri: s.out(k), version: doc?.version, diagnostics });
        if (++i % 50 === 0) await new Promise((r) => setImmediate(r)); // let requests in between
      }
      if (results.size) s.log(`[aces] checked ${results.size} file(s) in ${ms.toFixed(1)} ms`);
      // files left out for the memory budget, named once (issue 35 item 6); each also says so as a diagnostic
      const left = service.state.takeOverBudget();
      if (left.length) {
        const names = left.slice(0, 5).map((u) => shortName(host.display?.(u) ?? u));
        const more = left.length > 5 ? ` and ${left.length - 5} more` : '';
        void connection.sendNotification(ShowMessageNotification.type, {
          type: MessageType.Warning,
          message: `Aces did not check ${left.length} .aces file${left.length === 1 ? '' : 's'} to stay within its memory budget (${formatBytes(service.state.budget)} of text per workspace): ${names.join(', ')}${more}. Open a file to check it, or open a smaller folder.`,
        });
      }
      // odds as you type, for the open documents this check saw as edited (after their diagnostics went out)
      for (const k of [...live.due])
        if (seen.has(k) && byKey.get(k)?.version === seen.get(k)) {
          live.due.delete(k);
          void live.run(k);
        }
      if (results.size) s.refreshInlay();
    } catch (e) {
      connection.console.error(`[aces] validation failed: ${(e as Error)?.stack ?? String(e)}`);
    } finally {
      validating = false;
      if (again) {
        again = false;
        schedule(0);
      }
    }
  }
  return { schedule, debounceMs };
}

function liveOdds(s: Session): LiveOdds {
  const due = new Set<string>();
  const runs = new Map<string, AbortController>();
  /**
   * A quick estimate, then a refinement, of every sound encounter of the document, each compared with the saved
   * version; the lens and inlay refresh after each pass. Off this thread; aborted by the next edit.
   */
  async function run(k: string): Promise<void> {
    if (s.settings.odds?.live === false) return;
    runs.get(k)?.abort();
    const abort = new AbortController();
    runs.set(k, abort);
    try {
      // the first estimate within a time budget (up to 2,000 fights of each encounter), then every fight
      for (const [n, last, budget] of [
        [LIVE_ESTIMATE_RUNS, false, LIVE_ESTIMATE_BUDGET_MS],
        [LIVE_REFINED_RUNS, true, undefined],
      ] as const) {
        const done = await s.service.liveOdds(k, n, abort.signal, last, budget);
        if (!done) break;
        s.refreshViews();
      }
    } catch (e) {
      if ((e as Error)?.name !== 'AbortError')
        s.connection.console.error(`[aces] live odds failed: ${(e as Error)?.message ?? String(e)}`);
    } finally {
      if (runs.get(k) === abort) runs.delete(k);
    }
  }
  return { due, runs, run };
}
