// "Aces Battle Map": the drawn board of a stepped fight (issue 13 item 8, issue
// 14 item 7), a webview beside the log, redrawn at every step. Opened when a
// fight is stepped through for a system whose board has a picture (the tactical
// grid's squares or hexes, Halcyon Aces's zones); the page is built by
// client/core/battleHtml.ts, every step's redraw posted to it (no reload, the
// scroll stays), or the whole page rebuilt when the panel comes back into view.

import * as vscode from 'vscode';
import type { BattleState } from './core/battleHtml.js';
import { lazy } from './load.js';
import { pageAssets, panelBeside } from './webview-panel.js';

export class BattleView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private file = '';
  /** What the panel shows now (the e2e suite and tests read it). */
  state: BattleState | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  /** A stepped fight starts: open the map beside the log (or reuse it); a system with no picture closes it. */
  async show(state: BattleState | undefined, file: string): Promise<boolean> {
    if (!state?.picture) {
      this.panel?.dispose();
      return false;
    }
    this.file = file;
    this.state = state;
    if (!this.panel) {
      const panel = panelBeside(this.extensionUri, 'aces.battle', 'Aces Battle Map');
      // hidden, the page is dropped (retainContextWhenHidden is off): rebuilt whole when it shows again
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.visible) void this.rebuild();
      });
      // the page asks for the latest drawing once loaded (a step may have come while it loaded)
      const sub = panel.webview.onDidReceiveMessage((m: { type?: string }) => {
        if (m?.type === 'ready') void this.redraw();
      });
      panel.onDidDispose(() => {
        sub.dispose();
        if (this.panel === panel) this.panel = undefined;
      });
      this.panel = panel;
    } else this.panel.reveal(undefined, true);
    this.panel.title = `Battle: ${state.encounter}`;
    await this.rebuild();
    return true;
  }

  /** After a step: redraw the board, the round and the combatants. */
  async update(state: BattleState): Promise<void> {
    if (!this.panel) return;
    this.state = state;
    await this.redraw();
  }

  private async redraw(): Promise<void> {
    if (!this.panel?.visible || !this.state) return;
    const { battleBody } = await lazy();
    void this.panel.webview.postMessage({ type: 'draw', body: battleBody(this.state) });
  }

  private async rebuild(): Promise<void> {
    const panel = this.panel;
    if (!panel || !this.state) return;
    const { battleHtml } = await lazy();
    const w = panel.webview;
    w.html = battleHtml({
      ...this.state,
      file: this.file,
      ...pageAssets(w, this.extensionUri, 'battle-view.js', 'battle-view.css'),
    });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
