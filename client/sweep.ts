// "Sweep a number of this encounter…" (issue 14 item 2): the server's code action names the numbers the
// encounter's stat blocks write (the candidates "Balance this encounter…" offers); this asks which one and which
// values, runs `aces/sweep` on the server's worker pool under a cancellable progress notification (one step per
// value), and draws each side's chance against the number in a webview (client/core/sweepHtml.ts). From the
// command palette it takes the encounter under the cursor.

import * as vscode from 'vscode';
import { Commands, SweepRequest, type BalanceArgs } from '../protocol/lsp-ext.js';
import type { SweepResult } from './core/sweepHtml.js';
import { pickNumber } from './balance.js';
import type { ServerController } from './server.js';
import { lazy } from './load.js';
import { pageAssets, panelBeside } from './webview-panel.js';
import { requestWithProgress } from './progress.js';

/** What the values prompt accepts: nothing (values around the number written), FROM..TO [step N], or a list. */
const VALUES = /^\s*$|^\s*-?\d+\s*\.\.\s*-?\d+(\s+step\s+\d+)?\s*$|^\s*-?\d+(\s*,\s*-?\d+)*\s*$/;

export class SweepController implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private panel: vscode.WebviewPanel | undefined;
  /** The last sweep shown (tests). */
  last: SweepResult | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: ServerController,
  ) {
    this.disposables.push(
      vscode.commands.registerCommand(
        'aces.sweepEncounter',
        (a?: BalanceArgs, answers?: { pick?: number; values?: string }) => this.sweep(a, answers),
      ),
    );
  }

  /** `answers` skips the prompts (tests): the candidate's index and the values (empty: around the number written). */
  async sweep(given?: BalanceArgs, answers: { pick?: number; values?: string } = {}): Promise<SweepResult | undefined> {
    const client = this.server.client;
    if (!client) return undefined;
    const args = given?.candidates?.length ? given : await this.atCursor();
    if (!args) {
      void vscode.window.showInformationMessage(
        'Aces: put the cursor inside an encounter of an .aces file to sweep one of its numbers.',
      );
      return undefined;
    }
    const c =
      answers.pick !== undefined
        ? args.candidates[answers.pick]
        : await pickNumber(args, `Sweep "${args.encounter}": which number?`);
    if (!c) return undefined;
    const values =
      answers.values ??
      (await vscode.window.showInputBox({
        title: `Sweep "${args.encounter}": ${c.block} ${c.attr}`,
        prompt: `Empty: up to 9 values stepped through the ${c.value} written, between ${c.range.from} and ${c.range.to}. Or FROM..TO step N, or a list 2,3,4. Every value fights the same combats.`,
        placeHolder: `around ${c.value}`,
        validateInput: (t) => (VALUES.test(t) ? undefined : 'Leave empty, or write FROM..TO step N, or a list 2,3,4.'),
      }));
    if (values === undefined) return undefined;
    const vary = `${JSON.stringify(c.block)}.${c.attr}${values.trim() ? `=${values.trim()}` : ''}`;
    const t0 = Date.now();
    const reply = await requestWithProgress(
      client,
      `Aces: sweeping ${c.block} ${c.attr} in "${args.encounter}"`,
      'sweep',
      SweepRequest,
      { uri: args.uri, encounter: args.encounter, vary },
    );
    if (reply === undefined) {
      void vscode.window.setStatusBarMessage('Aces: sweep cancelled', 4000);
      return undefined;
    }
    if (reply === null || 'error' in reply) {
      void vscode.window.showWarningMessage(
        `Aces: cannot sweep "${args.encounter}": ${reply ? reply.error : 'the language server failed (see its log)'}`,
      );
      return undefined;
    }
    this.last = reply;
    await this.show(reply, vscode.workspace.asRelativePath(vscode.Uri.parse(args.uri)), Date.now() - t0);
    return reply;
  }

  /** The sweep action's arguments for the encounter under the active editor's cursor (its code action, as the lightbulb offers it). */
  private async atCursor(): Promise<BalanceArgs | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'aces') return undefined;
    const at = editor.selection.active;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      new vscode.Range(at, at),
    );
    const sweep = actions?.find((a) => a.command?.command === Commands.sweepEncounter);
    return sweep?.command?.arguments?.[0] as BalanceArgs | undefined;
  }

  private async show(result: SweepResult, file: string, elapsedMs: number): Promise<void> {
    const { sweepHtml } = await lazy();
    if (this.panel) this.panel.reveal(undefined, true);
    else {
      const panel = (this.panel = panelBeside(this.extensionUri, 'aces.sweep', 'Sweep'));
      panel.onDidDispose(() => {
        if (this.panel === panel) this.panel = undefined;
      });
    }
    this.panel.title = `Sweep: ${result.block} ${result.attr}`;
    const w = this.panel.webview;
    // the odds view's stylesheet: the same look
    w.html = sweepHtml({
      result,
      file,
      ...pageAssets(w, this.extensionUri, 'sweep-view.js', 'odds-view.css'),
      elapsedMs,
    });
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
