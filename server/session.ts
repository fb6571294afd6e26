// What every part of the language server shares (main.ts wires it once): the connection, the language service, the
// host, the open documents, the client's capabilities and settings, the keys' spelling both ways, and `guard`, which
// every handler goes through. The parts (lifecycle in main.ts, documents.ts, requests.ts, aces-requests.ts) are each
// a function of a Session: they register handlers and keep their own state.

import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from './service/index.js';
import type { serverHost } from './host.js';
import type { AcesSettings, ENCOUNTER_COMMANDS } from '../protocol/lsp-ext.js';
import { EncounterRunError } from '../engine/run-error.js';

/** A refusal the user reads (a rename refused): the request's error says it. */
export class UserError extends Error {}
/** Parameters of the wrong shape (a position without its line): InvalidParams, never an internal error. */
export class BadParams extends Error {}

/** What the client said it can do at `initialize`. */
export interface ClientAbilities {
  pullConfig: boolean;
  watch: boolean;
  refreshInlay: boolean;
  refreshLens: boolean;
  /** The encounter commands this client does not run itself: the server runs them (workspace/executeCommand). */
  serverCommands: (typeof ENCOUNTER_COMMANDS)[number][];
}

export type Handler<P, R> = (params: P, token: CancellationToken) => R;

export interface Session {
  readonly connection: Connection;
  readonly service: LanguageService;
  readonly host: ReturnType<typeof serverHost>;
  /** The open documents by key (normalized URI). */
  readonly open: Map<string, TextDocument>;
  readonly client: ClientAbilities;
  settings: AcesSettings;
  shuttingDown: boolean;
  /** Odds requests in flight per document: the next edit cancels them (their figures would be stale). */
  readonly oddsRuns: Map<string, AbortController>;
  /** The key of a URI as the client sent it. */
  key(uri: string): string;
  /** A key back to the client's spelling (so published diagnostics and locations match its keys). */
  out(key: string): string;
  /** Remembers how the client spells a document's key. */
  spell(key: string, uri: string): void;
  forget(key: string): void;
  log(msg: string): void;
  /** Asks the client to re-read inlay hints, where it can (what they show changed). */
  refreshInlay(): void;
  /** Asks the client to re-read inlay hints and code lenses, where it can (the odds on them changed). */
  refreshViews(): void;
  guard<P, R>(name: string, empty: R, fn: Handler<P, R>): Handler<P, R | ResponseError<void>>;
}

export function createSession(
  connection: Connection,
  service: LanguageService,
  host: ReturnType<typeof serverHost>,
  open: Map<string, TextDocument>,
  key: (uri: string) => string,
): Session {
  /** Original URI strings as the client sent them. */
  const clientUri = new Map<string, string>();
  const out = (k: string): string => clientUri.get(k) ?? k;
  const session: Session = {
    connection,
    service,
    host,
    open,
    client: { pullConfig: false, watch: false, refreshInlay: false, refreshLens: false, serverCommands: [] },
    settings: {},
    shuttingDown: false,
    oddsRuns: new Map(),
    key,
    out,
    spell: (k, uri) => void clientUri.set(k, uri),
    forget: (k) => void clientUri.delete(k),
    log: (msg) => connection.console.log(msg),
    refreshInlay() {
      if (session.client.refreshInlay) void connection.languages.inlayHint.refresh().catch(() => undefined);
    },
    refreshViews() {
      session.refreshInlay();
      if (session.client.refreshLens) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
    },
    guard: (name, empty, fn) => guarded(session, name, empty, fn),
  };
  return session;
}

/**
 * Wraps a handler: cancelled → empty; throws (or, async, rejects) → logged and empty, unless the error is the
 * user's to read (a rename refused, a fight the file's own dice script stops): then the request's error says it.
 */
function guarded<P, R>(s: Session, name: string, empty: R, fn: Handler<P, R>): Handler<P, R | ResponseError<void>> {
  const fail = (e: unknown): R | ResponseError<void> => {
    if (e instanceof UserError) return new ResponseError(ErrorCodes.InvalidRequest, e.message);
    if (e instanceof BadParams) return new ResponseError(ErrorCodes.InvalidParams, `${name}: ${e.message}`);
    // a fight the file's data stops: the rule's words, then where that data is written (uri:line:col)
    if (e instanceof EncounterRunError)
      return new ResponseError(
        ErrorCodes.InvalidRequest,
        e.at ? `${e.message} (${s.out(e.at.file)}:${e.at.line + 1}:${e.at.character + 1})` : e.message,
      );
    s.connection.console.error(`[aces] ${name} failed: ${(e as Error)?.stack ?? String(e)}`);
    return empty;
  };
  return (params, token) => {
    // LSP: after `shutdown` every request is an error (InvalidRequest), not an answer
    if (s.shuttingDown) return new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down`);
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
export async function cancellable<R>(
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
