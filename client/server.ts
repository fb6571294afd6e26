// The language client: starts the bundled server (dist/server.cjs) over IPC,
// shows its health in the status bar, restarts it when it dies (the client
// re-sends every open document, so no edit is lost) and says so.

import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  State,
  TransportKind,
  type CloseHandlerResult,
  type ErrorHandlerResult,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { CLIENT_COMMANDS_CAPABILITY, ENCOUNTER_COMMANDS } from '../protocol/lsp-ext.js';
import { settings } from './config.js';
import { withLensIcon } from './core/lens-icons.js';

const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export class ServerController implements vscode.Disposable {
  client: LanguageClient | undefined;
  readonly status: vscode.StatusBarItem;
  readonly output: vscode.LogOutputChannel;
  private crashes: number[] = [];
  /** Times the server was restarted after dying (tests read it). */
  restarts = 0;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly stateListeners = new Set<(s: State) => void>();

  constructor(private readonly context: vscode.ExtensionContext) {
    this.status = vscode.window.createStatusBarItem('aces.server', vscode.StatusBarAlignment.Right, 100);
    this.status.name = 'Aces Language Server';
    this.status.command = 'aces.serverMenu';
    this.output = vscode.window.createOutputChannel('Aces Language Server', { log: true });
    this.disposables.push(
      this.status,
      this.output,
      vscode.commands.registerCommand('aces.restartServer', () => this.restart()),
      vscode.commands.registerCommand('aces.showServerLog', () => this.output.show(true)),
      vscode.commands.registerCommand('aces.serverMenu', () => this.menu()),
    );
  }

  /** Resolves once the server runs (or there is none to run). */
  async start(): Promise<void> {
    const module = this.context.asAbsolutePath('dist/server.cjs');
    if (!fs.existsSync(module)) {
      this.show(
        '$(warning) Aces',
        `The language server is not built (${module} is missing): \`npm run bundle\`. Run, Step and Odds need it.`,
        true,
      );
      return;
    }
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'aces' },
        { scheme: 'untitled', language: 'aces' },
      ],
      synchronize: {
        configurationSection: 'aces',
        fileEvents: vscode.workspace.createFileSystemWatcher('**/*.aces'),
      },
      initializationOptions: { validation: { debounceMs: settings().debounceMs } },
      outputChannel: this.output,
      middleware: {
        // plain-word lens titles from the server get a codicon here (client/core/lens-icons.ts)
        provideCodeLenses: async (doc, token, next) => {
          const lenses = await next(doc, token);
          for (const l of lenses ?? [])
            if (l.command) l.command.title = withLensIcon(l.command.title, l.command.command);
          return lenses;
        },
        ...(process.env.ACES_E2E_DEBUG
          ? {
              didOpen: (d, next) => {
                this.output.info(`didOpen ${d.uri.toString()} v${d.version}`);
                return next(d);
              },
              didChange: (e, next) => {
                this.output.info(`didChange ${e.document.uri.toString()} v${e.document.version}`);
                return next(e);
              },
            }
          : {}),
      },
      errorHandler: {
        error: (): ErrorHandlerResult => ({ action: ErrorAction.Continue, handled: true }),
        closed: (): CloseHandlerResult => this.onClosed(),
      },
    };
    const client = new LanguageClient('aces', 'Aces Language Server', serverOptions, clientOptions);
    this.client = client;
    // Run, Step and Odds of a lens are this client's own commands (the log channel, stepping, the webview): the
    // server then leaves them out of executeCommandProvider, which it offers other editors
    client.registerFeature({
      fillClientCapabilities: (caps) => {
        caps.experimental = { ...(caps.experimental ?? {}), [CLIENT_COMMANDS_CAPABILITY]: [...ENCOUNTER_COMMANDS] };
      },
      initialize: () => undefined,
      getState: () => ({ kind: 'static' }),
      clear: () => undefined,
    });
    this.disposables.push(
      client.onDidChangeState((e) => {
        this.render(e.newState);
        for (const l of this.stateListeners) l(e.newState);
      }),
    );
    this.render(State.Starting);
    try {
      await client.start();
    } catch (e) {
      this.show('$(error) Aces', `The language server failed to start: ${(e as Error).message}`, true);
      void vscode.window
        .showErrorMessage(`Aces language server failed to start: ${(e as Error).message}`, 'Show Log')
        .then((p) => p && this.output.show());
    }
  }

  private onClosed(): CloseHandlerResult {
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < RESTART_WINDOW_MS);
    this.crashes.push(now);
    if (this.crashes.length > MAX_RESTARTS) {
      void vscode.window
        .showErrorMessage(
          `The Aces language server stopped ${this.crashes.length} times in 3 minutes and will not be restarted. Your files are safe; diagnostics and hovers are off until you restart it.`,
          'Restart',
          'Show Log',
        )
        .then((p) => (p === 'Restart' ? this.restart() : p === 'Show Log' ? this.output.show() : undefined));
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    this.restarts++;
    void vscode.window
      .showWarningMessage(
        'The Aces language server stopped unexpectedly and was restarted. Open files were sent to it again; no edits are lost.',
        'Show Log',
      )
      .then((p) => p && this.output.show());
    return { action: CloseAction.Restart, handled: true };
  }

  async restart(): Promise<void> {
    this.crashes = [];
    if (!this.client) return this.start();
    this.render(State.Starting);
    await this.client.restart();
  }

  /** The server's process id (IPC child), for the health tooltip and the restart test. */
  get pid(): number | undefined {
    const p = (this.client as unknown as { _serverProcess?: { pid?: number } } | undefined)?._serverProcess;
    return p?.pid;
  }

  /** Waits until the client reaches `state` (resolves at once when it is there). */
  whenState(state: State): Promise<void> {
    if (this.client?.state === state) return Promise.resolve();
    return new Promise((res) => {
      const l = (s: State) => {
        if (s === state) {
          this.stateListeners.delete(l);
          res();
        }
      };
      this.stateListeners.add(l);
    });
  }

  private render(s: State): void {
    if (s === State.Running)
      this.show(
        '$(check) Aces',
        `Aces language server: running${this.pid ? ` (pid ${this.pid})` : ''}${this.restarts ? `, restarted ${this.restarts}×` : ''}. Click for actions.`,
      );
    else if (s === State.Starting) this.show('$(sync~spin) Aces', 'Aces language server: starting…');
    else this.show('$(error) Aces', 'Aces language server: stopped. Click to restart.', true);
  }

  private show(text: string, tooltip: string, warn = false): void {
    this.status.text = text;
    this.status.tooltip = tooltip;
    this.status.backgroundColor = warn ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.status.show();
  }

  private async menu(): Promise<void> {
    const pick = await vscode.window.showQuickPick(
      [
        { label: '$(debug-restart) Restart the language server', id: 'restart' },
        { label: '$(output) Show the server log', id: 'log' },
        { label: '$(play) Run Encounter', id: 'aces.runEncounter' },
        { label: '$(debug-step-over) Step Through Encounter', id: 'aces.stepEncounter' },
        { label: '$(graph) Preview Odds', id: 'aces.previewOdds' },
      ],
      { title: typeof this.status.tooltip === 'string' ? this.status.tooltip : 'Aces' },
    );
    if (!pick) return;
    if (pick.id === 'restart') await this.restart();
    else if (pick.id === 'log') this.output.show();
    else await vscode.commands.executeCommand(pick.id);
  }

  async dispose(): Promise<void> {
    for (const d of this.disposables) d.dispose();
    const c = this.client;
    this.client = undefined;
    if (c) await c.stop(2000).catch(() => undefined);
  }
}
