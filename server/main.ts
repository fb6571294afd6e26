// The language server: a thin vscode-languageserver layer over the language
// service (server/service). Speaks LSP over stdio (`--stdio`) or Node IPC
// (`--node-ipc`, what vscode-languageclient uses), chosen by
// createConnection from the command line.
//
// Wired here, once: the session every part shares (session.ts), the lifecycle
// (initialize, settings, shutdown: below), the documents and debounced
// validation (documents.ts), the standard requests (requests.ts) and the
// aces/* requests (aces-requests.ts).
// - Open documents override the disk (server/host.ts).
// - Validation is debounced (`aces.validation.debounceMs`, default 200 ms);
//   a result is dropped when the document's version moved on meanwhile, and
//   files that `use` a changed file are revalidated with it.
// - Every handler is cancellable and guarded: a throw is logged and answered
//   empty, so no request can crash the server.

import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  DidChangeWatchedFilesNotification,
  ResponseError,
  ErrorCodes,
  MessageType,
  ShowMessageNotification,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type InitializeError,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from './service/index.js';
import { serverHost, normalizeUri } from './host.js';
import { CLIENT_COMMANDS_CAPABILITY, ENCOUNTER_COMMANDS, type AcesSettings } from '../protocol/lsp-ext.js';
import { runWorkersInBackground } from '../systems/index.js';
import { createSession, type Session } from './session.js';
import { registerDocuments, type Validation } from './documents.js';
import { registerFeatureRequests } from './requests.js';
import { registerFightRequests, registerOddsRequests } from './aces-requests.js';

export { badOddsParams } from './aces-requests.js';

export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const documents = new TextDocuments(TextDocument);
  const open = new Map<string, TextDocument>();
  let roots: string[] = [];
  const host = serverHost({ get: (uri) => open.get(uri), keys: () => open.keys() }, () => roots);
  // the odds' workers yield a busy core to this thread's diagnostics, hovers and completion (issue 15 item 3)
  runWorkersInBackground();
  const s = createSession(connection, createLanguageService(host), host, open, normalizeUri);
  const validation = registerDocuments(s, documents);
  registerLifecycle(s, validation, (r) => (roots = r));
  registerFeatureRequests(s);
  registerOddsRequests(s);
  registerFightRequests(s);
  documents.listen(connection);
  connection.listen();
}

/** initialize (once), initialized (the workspace scan, the first check), settings, shutdown. */
function registerLifecycle(s: Session, validation: Validation, setRoots: (roots: string[]) => void): void {
  const { connection, service, host, client } = s;
  const log = s.log;
  const key = s.key;
  connection.onShutdown(() => {
    s.shuttingDown = true;
  });

  let initialized = false;
  connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
    // LSP: initialize is sent once; a second one is refused, the first session's state kept (issue 35, item 13)
    if (initialized)
      return new ResponseError(ErrorCodes.InvalidRequest, 'initialize: the server is already initialized', {
        retry: false,
      });
    initialized = true;
    setRoots((params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : [])).map(key));
    const caps = params.capabilities;
    client.pullConfig = !!caps.workspace?.configuration;
    client.watch = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    client.refreshInlay = !!caps.workspace?.inlayHint?.refreshSupport;
    client.refreshLens = !!caps.workspace?.codeLens?.refreshSupport;
    // the lens commands the client does not run itself, the server runs (workspace/executeCommand)
    const claimed = (caps.experimental as Record<string, unknown> | undefined)?.[CLIENT_COMMANDS_CAPABILITY];
    client.serverCommands = ENCOUNTER_COMMANDS.filter((c) => !(Array.isArray(claimed) && claimed.includes(c)));
    const init = params.initializationOptions as AcesSettings | undefined;
    if (init && typeof init === 'object') s.settings = init;
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
        executeCommandProvider: client.serverCommands.length ? { commands: [...client.serverCommands] } : undefined,
      },
      serverInfo: { name: 'halcyon-aces', version: '0.1.0' },
    };
  });

  connection.onInitialized(async () => {
    if (client.watch) {
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
    validation.schedule(0);
  });

  async function loadSettings(): Promise<void> {
    if (!client.pullConfig) return;
    try {
      const got = (await connection.workspace.getConfiguration('aces')) as AcesSettings | null;
      if (got && typeof got === 'object') s.settings = { ...s.settings, ...got };
    } catch {
      /* keep the defaults */
    }
  }

  connection.onDidChangeConfiguration(async (change) => {
    const got = (change.settings as { aces?: AcesSettings } | null)?.aces;
    if (got) s.settings = { ...s.settings, ...got };
    else await loadSettings();
    s.refreshInlay();
  });
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
