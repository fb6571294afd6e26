// Preview Odds: Monte Carlo of an encounter on the language server's worker
// threads (`aces/encounterOdds` with `detail`), a cancellable progress
// notification fed by its `$/progress` reports, and a webview with the charts.

import * as vscode from 'vscode';
import { EncounterOddsRequest, type EncounterOdds, type OddsDetail } from '../protocol/lsp-ext.js';
import type { CommandArg } from './documents.js';
import type { ServerRequests } from './requests.js';
import { settings } from './config.js';
import { lazy } from './load.js';
import { pageAssets, panelBeside } from './webview-panel.js';
import { progressToken } from './progress.js';

export class OddsController implements vscode.Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();
  private readonly disposables: vscode.Disposable[] = [];
  /** The last result shown (tests, bench). */
  last: OddsDetail | undefined;
  /** What each panel's replay buttons open (its file and encounter). */
  private readonly replayTargets = new Map<string, { uri: string; encounter: string }>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly requests: ServerRequests,
  ) {
    this.disposables.push(
      vscode.commands.registerCommand('aces.previewOdds', (a?: CommandArg & { runs?: number }) => this.preview(a)),
    );
  }

  async preview(arg?: CommandArg & { runs?: number }): Promise<OddsDetail | undefined> {
    const { resolveTarget } = await lazy();
    const target = await resolveTarget(this.requests, arg, 'preview the odds of');
    if (!target) return undefined;
    const cfg = settings();
    const runs =
      typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) && typeof arg.runs === 'number'
        ? arg.runs
        : cfg.oddsRuns;
    const seed = cfg.defaultSeed ?? target.encounter.seed;
    const t0 = Date.now();
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Aces: simulating "${target.encounter.name}"`,
        cancellable: true,
      },
      async (progress, token) => {
        const sub = progressToken(this.requests.server.client, 'odds', progress);
        try {
          const params = {
            uri: target.uri.toString(),
            encounter: target.encounter.name,
            runs,
            seed,
            detail: true,
            workDoneToken: sub.token,
            ...(cfg.oddsThreads ? { threads: cfg.oddsThreads } : {}),
          };
          return await this.requests.send(EncounterOddsRequest, params, token);
        } catch (e) {
          if (token.isCancellationRequested) return undefined;
          void vscode.window.showErrorMessage(
            `Aces: can't preview the odds of "${target.encounter.name}": ${(e as Error).message}`,
          );
          return null;
        } finally {
          sub.dispose();
        }
      },
    );
    if (result === null) return undefined;
    if (!result) {
      void vscode.window.setStatusBarMessage('Aces: odds preview cancelled', 4000);
      return undefined;
    }
    if (!result.detail) {
      void vscode.window.showErrorMessage(
        `Aces: can't preview the odds of "${target.encounter.name}": it has errors or is gone (see Problems).`,
      );
      return undefined;
    }
    this.last = result.detail;
    await this.show(
      `${target.file}#${target.encounter.name}`,
      target.display,
      result.detail,
      result.counters,
      Date.now() - t0,
      { uri: target.uri.toString(), encounter: target.encounter.name },
    );
    return result.detail;
  }

  private async show(
    key: string,
    file: string,
    result: OddsDetail,
    counters: readonly EncounterOdds['counters'][number][],
    elapsedMs: number,
    replay: { uri: string; encounter: string },
  ): Promise<void> {
    const { oddsHtml } = await lazy();
    let panel = this.panels.get(key);
    if (panel) panel.reveal(undefined, true);
    else {
      panel = panelBeside(this.extensionUri, 'aces.odds', `Odds: ${result.encounter}`);
      this.panels.set(key, panel);
      panel.onDidDispose(() => this.panels.delete(key));
      // "Replay a sampled fight": step through the fight with that seed (its own seed replays it alone)
      const sub = panel.webview.onDidReceiveMessage((m: { type?: string; seed?: unknown }) => {
        if (
          m?.type === 'replay' &&
          Number.isInteger(m.seed) &&
          (m.seed as number) >= 0 &&
          (m.seed as number) <= 0xffffffff
        ) {
          void vscode.commands.executeCommand('aces.stepEncounter', { ...this.replayTargets.get(key), seed: m.seed });
        }
      });
      panel.onDidDispose(() => sub.dispose());
    }
    this.replayTargets.set(key, replay);
    const w = panel.webview;
    w.html = oddsHtml({
      result,
      counters,
      file,
      ...pageAssets(w, this.extensionUri, 'odds-view.js', 'odds-view.css'),
      elapsedMs,
    });
  }

  dispose(): void {
    for (const p of this.panels.values()) p.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
