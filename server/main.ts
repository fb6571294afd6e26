// The language server: a thin vscode-languageserver layer over the language
// service (server/service). Speaks LSP over stdio (`--stdio`) or Node IPC
// (`--node-ipc`, what vscode-languageclient uses), chosen by
// createConnection from the command line.
//
// - Open documents override the disk (server/host.ts).
// - Validation is debounced (`aces.validation.debounceMs`, default 200 ms);
//   a result is dropped when the document's version moved on meanwhile, and
//   files that `use` a changed file are revalidated with it.
// - Every handler is cancellable and guarded: a throw is logged and answered
//   empty, so no request can crash the server.

import { shortName } from '../model/message-text.js';
import { formatBytes } from '../model/disk.js';
import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  DidChangeWatchedFilesNotification,
  ResponseError,
  ErrorCodes,
  LSPErrorCodes,
  WorkDoneProgress,
  MessageType,
  ShowMessageNotification,
  CodeActionRequest,
  CodeLensRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentHighlightRequest,
  DocumentSymbolRequest,
  ExecuteCommandRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  SelectionRangeRequest,
  SemanticTokensRequest,
  WorkspaceSymbolRequest,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type InitializeError,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, type LanguageService } from './service/index.js';
import { LIVE_ESTIMATE_BUDGET_MS, LIVE_ESTIMATE_RUNS, LIVE_REFINED_RUNS } from './service/odds.js';
import { oddsSummary } from './service/actions.js';
import { serverHost, normalizeUri } from './host.js';
import {
  CLIENT_COMMANDS_CAPABILITY,
  Commands,
  DEFAULT_DEBOUNCE_MS,
  ENCOUNTER_COMMANDS,
  type EncounterCommandArgs,
  EncounterOddsRequest,
  EncountersRequest,
  FightViewRequest,
  RunEncounterRequest,
  StepEncounterRequest,
  TuneRequest,
  SweepRequest,
  type AcesSettings,
} from '../protocol/lsp-ext.js';
import { EncounterRunError } from '../engine/run-error.js';
import { runWorkersInBackground } from '../systems/index.js';

export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const documents = new TextDocuments(TextDocument);
  const byKey = new Map<string, TextDocument>();
  let roots: string[] = [];
  const host = serverHost({ get: (uri) => byKey.get(uri), keys: () => byKey.keys() }, () => roots);
  // the odds' workers yield a busy core to this thread's diagnostics, hovers and completion (issue 15 item 3)
  runWorkersInBackground();
  const service: LanguageService = createLanguageService(host);
  let settings: AcesSettings = {};
  let canPullConfig = false;
  let canWatch = false;
  let canRefreshInlay = false;
  let canRefreshLens = false;
  /** The encounter commands this client does not run itself: the server runs them (workspace/executeCommand). */
  let serverCommands: (typeof ENCOUNTER_COMMANDS)[number][] = [];

  const log = (msg: string): void => connection.console.log(msg);
  const key = (uri: string): string => normalizeUri(uri);
  /** Original URI strings as the client sent them (so published diagnostics match its keys). */
  const clientUri = new Map<string, string>();
  const out = (k: string): string => clientUri.get(k) ?? k;

  /**
   * Wraps a handler: cancelled → empty; throws (or, async, rejects) → logged and empty, unless the error is the
   * user's to read (a rename refused, a fight the file's own dice script stops): then the request's error says it.
   */
  function guard<P, R>(
    name: string,
    empty: R,
    fn: (params: P, token: CancellationToken) => R,
  ): (params: P, token: CancellationToken) => R | ResponseError<void> {
    const fail = (e: unknown): R | ResponseError<void> => {
      if (e instanceof UserError) return new ResponseError(ErrorCodes.InvalidRequest, e.message);
      if (e instanceof BadParams) return new ResponseError(ErrorCodes.InvalidParams, `${name}: ${e.message}`);
      // a fight the file's data stops: the rule's words, then where that data is written (uri:line:col)
      if (e instanceof EncounterRunError)
        return new ResponseError(
          ErrorCodes.InvalidRequest,
          e.at ? `${e.message} (${out(e.at.file)}:${e.at.line + 1}:${e.at.character + 1})` : e.message,
        );
      connection.console.error(`[aces] ${name} failed: ${(e as Error)?.stack ?? String(e)}`);
      return empty;
    };
    return (params, token) => {
      // LSP: after `shutdown` every request is an error (InvalidRequest), not an answer
      if (shuttingDown) return new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down`);
      if (token?.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
      // a request without its parameters is the client's mistake, said as one (issue 35, item 13)
      if (params === null || typeof params !== 'object')
        return new ResponseError(
          ErrorCodes.InvalidParams,
          `${name}: the request needs its parameters, not ${params === null ? 'null' : typeof params}`,
        );
      try {
        const r = fn(params, token);
        if (token?.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        return r instanceof Promise ? (r.catch(fail) as R) : r;
      } catch (e) {
        return fail(e);
      }
    };
  }

  /**
   * Runs a long request (odds, a sweep, a tune) with `abort`'s signal, which the request's cancel fires too; the
   * abort answers RequestCancelled, saying `why`.
   */
  async function cancellable<R>(
    token: CancellationToken | undefined,
    run: (signal: AbortSignal) => Promise<R>,
    abort = new AbortController(),
    why = 'cancelled',
  ): Promise<R | ResponseError<void>> {
    const sub = token?.onCancellationRequested(() => abort.abort());
    try {
      return await run(abort.signal);
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') return new ResponseError(LSPErrorCodes.RequestCancelled, why);
      throw e;
    } finally {
      sub?.dispose();
    }
  }
  class UserError extends Error {}
  /** Parameters of the wrong shape (a position without its line): InvalidParams, never an internal error. */
  class BadParams extends Error {}
  let shuttingDown = false;
  connection.onShutdown(() => {
    shuttingDown = true;
  });

  let initialized = false;
  connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
    // LSP: initialize is sent once; a second one is refused, the first session's state kept (issue 35, item 13)
    if (initialized)
      return new ResponseError(ErrorCodes.InvalidRequest, 'initialize: the server is already initialized', {
        retry: false,
      });
    initialized = true;
    roots = (params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : [])).map(key);
    const caps = params.capabilities;
    canPullConfig = !!caps.workspace?.configuration;
    canWatch = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    canRefreshInlay = !!caps.workspace?.inlayHint?.refreshSupport;
    canRefreshLens = !!caps.workspace?.codeLens?.refreshSupport;
    // the lens commands the client does not run itself, the server runs (workspace/executeCommand)
    const claimed = (caps.experimental as Record<string, unknown> | undefined)?.[CLIENT_COMMANDS_CAPABILITY];
    serverCommands = ENCOUNTER_COMMANDS.filter((c) => !(Array.isArray(claimed) && claimed.includes(c)));
    const init = params.initializationOptions as AcesSettings | undefined;
    if (init && typeof init === 'object') settings = init;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', '"'], resolveProvider: false },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentHighlightProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        semanticTokensProvider: { legend: service.semanticLegend, full: true, range: false },
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        codeLensProvider: { resolveProvider: false },
        inlayHintProvider: true,
        executeCommandProvider: serverCommands.length ? { commands: [...serverCommands] } : undefined,
      },
      serverInfo: { name: 'halcyon-aces', version: '0.1.0' },
    };
  });

  connection.onInitialized(async () => {
    if (canWatch) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.aces' }] })
        .catch(() => undefined);
    }
    await loadSettings();
    try {
      const { files, found, more } = host.scan();
      service.addFiles(files);
      log(`[aces] ${files.length} .aces file(s) in the workspace`);
      // past the limit, said once (issue 35 item 9): the rest are checked when opened or used by a checked file
      if (found > files.length)
        void connection.sendNotification(ShowMessageNotification.type, {
          type: MessageType.Warning,
          message: `This workspace holds ${more ? 'more than ' : ''}${found.toLocaleString('en-US')} .aces files; Aces checks the first ${files.length.toLocaleString('en-US')} (and any other file when it is opened or used by a checked file). Open a smaller folder to check every file.`,
        });
    } catch (e) {
      connection.console.error(`[aces] workspace scan failed: ${String(e)}`);
    }
    schedule(0);
  });

  async function loadSettings(): Promise<void> {
    if (!canPullConfig) return;
    try {
      const s = (await connection.workspace.getConfiguration('aces')) as AcesSettings | null;
      if (s && typeof s === 'object') settings = { ...settings, ...s };
    } catch {
      /* keep the defaults */
    }
  }

  connection.onDidChangeConfiguration(async (change) => {
    const s = (change.settings as { aces?: AcesSettings } | null)?.aces;
    if (s) settings = { ...settings, ...s };
    else await loadSettings();
    if (canRefreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
  });

  // ---- documents and debounced validation -------------------------------

  documents.onDidOpen((ev) => {
    service.warmOdds();
    const k = key(ev.document.uri);
    clientUri.set(k, ev.document.uri);
    byKey.set(k, ev.document);
    service.didChange(k);
    service.liveSaved(k);
    liveDue.add(k);
    schedule(0);
  });
  /** Odds requests in flight per document: the next edit cancels them (their figures would be stale). */
  const oddsRuns = new Map<string, AbortController>();
  documents.onDidChangeContent((ev) => {
    oddsRuns.get(key(ev.document.uri))?.abort();
    liveRuns.get(key(ev.document.uri))?.abort();
    const k = key(ev.document.uri);
    liveDue.add(k);
    // an edited bestiary moves the odds of the open files that use it
    for (const d of service.dependentsOf(k))
      if (byKey.has(d)) {
        liveRuns.get(d)?.abort();
        liveDue.add(d);
      }
    byKey.set(k, ev.document);
    service.didChange(k);
    schedule(debounceMs());
  });
  documents.onDidSave((ev) => {
    // the text as saved becomes what later edits are compared with
    const k = key(ev.document.uri);
    for (const d of [k, ...service.dependentsOf(k).filter((x) => byKey.has(x))]) {
      service.liveSaved(d);
      if (!liveRuns.has(d)) void liveOdds(d);
    }
  });
  documents.onDidClose((ev) => {
    const k = key(ev.document.uri);
    liveRuns.get(k)?.abort();
    liveDue.delete(k);
    service.liveClosed(k);
    byKey.delete(k);
    if (host.onDisk(k) && host.track(k)) {
      // a workspace file: the disk version takes over (on the list, whatever the watcher said or did not say)
      service.didChange(k);
    } else {
      // nothing keeps it (outside the workspace, untitled, deleted or renamed away): its text, parse, model and
      // diagnostics go (issue 35 items 7 and 8)
      host.untrack(k);
      service.release(k);
      void connection.sendDiagnostics({ uri: out(k), diagnostics: [] });
      clientUri.delete(k);
    }
    schedule(debounceMs());
  });

  connection.onDidChangeWatchedFiles((params) => {
    for (const c of params.changes) {
      const k = key(c.uri);
      // the disk says what is there, not the event's kind: created, changed and deleted events of one file may
      // come in any order (a rename, a quick save-and-delete), so the last event of a file leaves it right
      const there = host.onDisk(k) && host.track(k);
      if (!there) host.untrack(k);
      if (byKey.has(k)) continue; // the open document wins
      if (there) service.didChange(k);
      else {
        service.didDelete(k);
        void connection.sendDiagnostics({ uri: out(k), diagnostics: [] });
      }
    }
    schedule(debounceMs());
  });

  const debounceMs = (): number => {
    const v = settings.validation?.debounceMs;
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
        await connection.sendDiagnostics({ uri: out(k), version: doc?.version, diagnostics });
        if (++i % 50 === 0) await new Promise((r) => setImmediate(r)); // let requests in between
      }
      if (results.size) log(`[aces] checked ${results.size} file(s) in ${ms.toFixed(1)} ms`);
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
      for (const k of [...liveDue])
        if (seen.has(k) && byKey.get(k)?.version === seen.get(k)) {
          liveDue.delete(k);
          void liveOdds(k);
        }
      if (results.size && canRefreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
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

  // ---- odds as you type ---------------------------------------------------

  /** Open documents edited since their last live odds; live odds in flight per document (the next edit aborts them). */
  const liveDue = new Set<string>();
  const liveRuns = new Map<string, AbortController>();
  /**
   * A quick estimate, then a refinement, of every sound encounter of the document, each compared with the saved
   * version; the lens and inlay refresh after each pass. Off this thread; aborted by the next edit.
   */
  async function liveOdds(k: string): Promise<void> {
    if (settings.odds?.live === false) return;
    liveRuns.get(k)?.abort();
    const abort = new AbortController();
    liveRuns.set(k, abort);
    try {
      // the first estimate within a time budget (up to 2,000 fights of each encounter), then every fight
      for (const [runs, last, budget] of [
        [LIVE_ESTIMATE_RUNS, false, LIVE_ESTIMATE_BUDGET_MS],
        [LIVE_REFINED_RUNS, true, undefined],
      ] as const) {
        const n = await service.liveOdds(k, runs, abort.signal, last, budget);
        if (!n) break;
        if (canRefreshLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
        if (canRefreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
      }
    } catch (e) {
      if ((e as Error)?.name !== 'AbortError')
        connection.console.error(`[aces] live odds failed: ${(e as Error)?.message ?? String(e)}`);
    } finally {
      if (liveRuns.get(k) === abort) liveRuns.delete(k);
    }
  }

  // ---- requests ---------------------------------------------------------

  const pos = <P extends { textDocument: { uri: string }; position: { line: number; character: number } }>(p: P) => {
    const at = p.position as Partial<P['position']> | null | undefined;
    if (typeof p.textDocument?.uri !== 'string' || !Number.isInteger(at?.line) || !Number.isInteger(at?.character))
      throw new BadParams('the parameters need textDocument.uri and a position { line, character } of whole numbers');
    return [key(p.textDocument.uri), p.position] as const;
  };
  // Requests are registered with `onRequest` and their type, not `onHover` and the like: those read
  // `params.workDoneToken` before any handler runs, so a request with null params was answered "internal error".
  /** Location URIs back to the client's spelling. */
  const loc = <T extends { uri: string }>(l: T): T => ({ ...l, uri: out(l.uri) });

  connection.onRequest(
    HoverRequest.type,
    guard('hover', null, (p) => service.hover(...pos(p))),
  );
  connection.onRequest(
    CompletionRequest.type,
    guard('completion', { isIncomplete: false, items: [] }, (p) => service.complete(...pos(p))),
  );
  connection.onRequest(
    DefinitionRequest.type,
    guard('definition', [], (p) => service.definition(...pos(p)).map(loc)),
  );
  connection.onRequest(
    ReferencesRequest.type,
    guard('references', [], (p, token) =>
      service.references(key(p.textDocument.uri), p.position, p.context.includeDeclaration, token).map(loc),
    ),
  );
  connection.onRequest(
    PrepareRenameRequest.type,
    guard('prepareRename', null, (p) => service.prepareRename(...pos(p))),
  );
  connection.onRequest(
    RenameRequest.type,
    guard('rename', null, (p) => {
      let edit;
      try {
        edit = service.rename(key(p.textDocument.uri), p.position, p.newName);
      } catch (e) {
        throw new UserError((e as Error).message);
      }
      if (!edit?.changes) return edit;
      const changes: typeof edit.changes = {};
      for (const [u, edits] of Object.entries(edit.changes)) changes[out(u)] = edits;
      return { changes };
    }),
  );
  connection.onRequest(
    DocumentHighlightRequest.type,
    guard('documentHighlight', [], (p) => service.documentHighlights(...pos(p))),
  );
  connection.onRequest(
    DocumentSymbolRequest.type,
    guard('documentSymbol', [], (p) => service.documentSymbols(key(p.textDocument.uri))),
  );
  connection.onRequest(
    WorkspaceSymbolRequest.type,
    guard('workspaceSymbol', [], (p, token) =>
      service.workspaceSymbols(p.query, token).map((s) => ({ ...s, location: loc(s.location) })),
    ),
  );
  connection.onRequest(
    FoldingRangeRequest.type,
    guard('foldingRange', [], (p) => service.foldingRanges(key(p.textDocument.uri))),
  );
  connection.onRequest(
    SelectionRangeRequest.type,
    guard('selectionRange', [], (p) => service.selectionRanges(key(p.textDocument.uri), p.positions)),
  );
  connection.onRequest(
    SemanticTokensRequest.type,
    guard('semanticTokens', { data: [] }, (p) => service.semanticTokens(key(p.textDocument.uri))),
  );
  connection.onRequest(
    DocumentFormattingRequest.type,
    guard('formatting', [], (p) => service.format(key(p.textDocument.uri), p.options)),
  );
  connection.onRequest(
    CodeActionRequest.type,
    guard('codeAction', [], (p) =>
      service.codeActions(key(p.textDocument.uri), p.range, p.context.only).map((a) => {
        // a command's argument names files by the server's keys: back to the client's spelling
        if (a.command?.arguments) {
          const args = a.command.arguments.map((x: { uri?: string; candidates?: { file: string }[] }) => ({
            ...x,
            ...(x.uri ? { uri: out(x.uri) } : {}),
            ...(x.candidates ? { candidates: x.candidates.map((c) => ({ ...c, file: out(c.file) })) } : {}),
          }));
          return { ...a, command: { ...a.command, arguments: args } };
        }
        if (!a.edit?.changes) return a;
        const changes: Record<string, (typeof a.edit.changes)[string]> = {};
        for (const [u, edits] of Object.entries(a.edit.changes)) changes[out(u)] = edits;
        return { ...a, edit: { changes } };
      }),
    ),
  );
  connection.onRequest(
    CodeLensRequest.type,
    guard('codeLens', [], (p) =>
      service.codeLenses(key(p.textDocument.uri)).map((l) => ({
        ...l,
        command: l.command && {
          ...l.command,
          arguments: l.command.arguments?.map((a: { uri: string }) => ({ ...a, uri: out(a.uri) })),
        },
      })),
    ),
  );
  connection.onRequest(
    InlayHintRequest.type,
    guard('inlayHint', [], (p) => service.inlayHints(key(p.textDocument.uri), p.range, settings.inlayHints)),
  );
  connection.onRequest(
    EncounterOddsRequest,
    guard('encounterOdds', null, async (p, token) => {
      const bad = badOddsParams(p);
      if (bad) return new ResponseError(ErrorCodes.InvalidParams, `aces/encounterOdds: ${bad}`);
      // On worker threads; cancelled by the request's token and by the next edit of the document.
      const k = key(p.uri);
      oddsRuns.get(k)?.abort();
      const abort = new AbortController();
      oddsRuns.set(k, abort);
      // one `$/progress` report per percent at most, when the client gave a token
      let shown = -1;
      const onProgress =
        p.workDoneToken === undefined
          ? undefined
          : (done: number, total: number) => {
              const pct = Math.floor((done / total) * 100);
              if (pct === shown) return;
              shown = pct;
              void connection.sendProgress(WorkDoneProgress.type, p.workDoneToken!, {
                kind: 'report',
                percentage: pct,
                message: `${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} combats`,
              });
            };
      try {
        return await cancellable(
          token,
          async (signal) => {
            const r = await service.encounterOdds({ ...p, uri: k }, signal, onProgress);
            if (r && canRefreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
            if (r && canRefreshLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
            return r;
          },
          abort,
          'cancelled: the document changed or the request was cancelled',
        );
      } finally {
        if (oddsRuns.get(k) === abort) oddsRuns.delete(k);
      }
    }),
  );
  connection.onRequest(
    TuneRequest,
    guard('tune', null, async (p, token) => {
      if (
        !p ||
        typeof p.uri !== 'string' ||
        typeof p.encounter !== 'string' ||
        typeof p.vary !== 'string' ||
        typeof p.target !== 'string'
      )
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/tune: needs { uri, encounter, vary, target } strings');
      const report = (message: string) => {
        if (p.workDoneToken !== undefined)
          void connection.sendProgress(WorkDoneProgress.type, p.workDoneToken, { kind: 'report', message });
      };
      return cancellable(token, async (signal) => {
        const r = await service.tune({ ...p, uri: key(p.uri) }, signal, (value, before) =>
          report(`try ${before + 1}: ${value}`),
        );
        return 'edit' in r ? { ...r, edit: { ...r.edit, uri: out(r.edit.uri) } } : r;
      });
    }),
  );
  connection.onRequest(
    SweepRequest,
    guard('sweep', null, async (p, token) => {
      if (!p || typeof p.uri !== 'string' || typeof p.encounter !== 'string' || typeof p.vary !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/sweep: needs { uri, encounter, vary } strings');
      const report = (message: string, percentage: number) => {
        if (p.workDoneToken !== undefined)
          void connection.sendProgress(WorkDoneProgress.type, p.workDoneToken, { kind: 'report', message, percentage });
      };
      return cancellable(token, (signal) =>
        service.sweep({ ...p, uri: key(p.uri) }, signal, (value, k, n) =>
          report(`${value} (${k + 1} of ${n})`, Math.floor((100 * k) / n)),
        ),
      );
    }),
  );
  connection.onRequest(
    RunEncounterRequest,
    guard('runEncounter', null, async (p) => {
      if (!p || typeof p.uri !== 'string' || typeof p.encounter !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/runEncounter: needs { uri, encounter } strings');
      if (p.seed !== undefined && !(Number.isInteger(p.seed) && p.seed >= 0 && p.seed <= 0xffffffff))
        return new ResponseError(
          ErrorCodes.InvalidParams,
          'aces/runEncounter: seed must be a whole number 0 to 4294967295',
        );
      return service.runEncounter({ ...p, uri: key(p.uri) });
    }),
  );
  connection.onRequest(
    StepEncounterRequest,
    guard('stepEncounter', null, async (p) => {
      if (!p || typeof p.uri !== 'string' || typeof p.encounter !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/stepEncounter: needs { uri, encounter } strings');
      if (p.seed !== undefined && !(Number.isInteger(p.seed) && p.seed >= 0 && p.seed <= 0xffffffff))
        return new ResponseError(
          ErrorCodes.InvalidParams,
          'aces/stepEncounter: seed must be a whole number 0 to 4294967295',
        );
      return service.stepEncounter({ ...p, uri: key(p.uri) });
    }),
  );
  connection.onRequest(
    FightViewRequest,
    guard('fightView', null, (p) => {
      if (!p || !Number.isInteger(p.fight) || !Number.isInteger(p.at) || p.at < 0)
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/fightView: needs { fight, at } whole numbers');
      return service.fightView(p);
    }),
  );
  connection.onRequest(
    EncountersRequest,
    guard('encounters', null, (p) => {
      if (!p || typeof p.uri !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, 'aces/encounters: needs { uri }');
      const r = service.encounters(key(p.uri));
      return r && { ...r, errors: r.errors.map((x) => ({ ...x, uri: out(x.uri) })) };
    }),
  );
  connection.onRequest(
    ExecuteCommandRequest.type,
    guard('executeCommand', null, async (p) => {
      if (!p || !serverCommands.includes(p.command as (typeof serverCommands)[number]))
        return new ResponseError(ErrorCodes.InvalidParams, `unknown command ${String(p?.command)}`);
      const a = p.arguments?.[0] as Partial<EncounterCommandArgs> | undefined;
      if (!a || typeof a.uri !== 'string' || typeof a.encounter !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, `${p.command}: arguments[0] must be { uri, encounter }`);
      const params = { uri: key(a.uri), encounter: a.encounter };
      // window/showMessage (a notification: showInformationMessage would be a request awaiting a choice)
      const say = (message: string, type: MessageType = MessageType.Info) =>
        void connection.sendNotification(ShowMessageNotification.type, { type, message });
      const cannot = () => {
        say(`"${shortName(String(a.encounter))}" cannot be simulated: it is gone or has errors.`, MessageType.Warning);
        return null;
      };
      if (p.command === Commands.runEncounter) {
        const r = await service.runEncounter(params);
        if (!r) return cannot();
        say(
          `${r.encounter}, seed ${r.seed}: ${r.outcome}. The log (${r.lines.length} entries) is this command's result, as aces/runEncounter's.`,
        );
        return r;
      }
      if (p.command === Commands.stepEncounter) {
        const r = await service.stepEncounter(params);
        if (!r) return cannot();
        say(
          `${r.encounter}, seed ${r.seed}: recorded for stepping (${r.events.length} events by ${r.unit} and ${r.largeUnit}); walk the result, ask aces/fightView ${r.fight} for the state.`,
        );
        return r;
      }
      const r = await service.encounterOdds(params);
      if (!r) return cannot();
      if (canRefreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
      if (canRefreshLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
      say(`${r.encounter}: ${oddsSummary(r)} (${r.runs.toLocaleString('en-US')} combats)`);
      return r;
    }),
  );

  documents.listen(connection);
  connection.listen();
}

// Started as a program (node server.js --stdio | --node-ipc), not when imported by tests.
const isMain = (() => {
  const arg = process.argv[1] ?? '';
  return /(^|[\\/])server[\\/]main\.js$|(^|[\\/])server\.(c|m)?js$/.test(arg) || process.env.ACES_SERVER_MAIN === '1';
})();
if (isMain) {
  process.on('uncaughtException', (e) => {
    process.stderr.write(`[aces] uncaught: ${e?.stack ?? String(e)}\n`);
  });
  process.on('unhandledRejection', (e) => {
    process.stderr.write(`[aces] unhandled rejection: ${String(e)}\n`);
  });
  startServer();
}

/** What is wrong with aces/encounterOdds params (they come from any client, typed or not), or undefined. */
export function badOddsParams(p: unknown): string | undefined {
  if (!p || typeof p !== 'object') return 'params must be an object { uri, encounter, runs?, seed? }';
  const o = p as Record<string, unknown>;
  if (typeof o.uri !== 'string') return '`uri` must be a string';
  if (typeof o.encounter !== 'string') return "`encounter` must be a string (the encounter's name)";
  if (
    o.runs !== undefined &&
    (typeof o.runs !== 'number' || !Number.isInteger(o.runs) || o.runs < 1 || o.runs > 100_000)
  )
    return '`runs` must be a whole number from 1 to 100000';
  if (
    o.seed !== undefined &&
    (typeof o.seed !== 'number' || !Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff)
  )
    return '`seed` must be a whole number from 0 to 4294967295';
  if (
    o.threads !== undefined &&
    (typeof o.threads !== 'number' || !Number.isInteger(o.threads) || o.threads < 1 || o.threads > 16)
  )
    return '`threads` must be a whole number from 1 to 16';
  if (o.detail !== undefined && typeof o.detail !== 'boolean') return '`detail` must be true or false';
  return undefined;
}
