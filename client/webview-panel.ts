// What the extension's webview panels share (the odds view, the sweep, the battle map): a panel beside the
// editor that may load only the extension's bundled `dist/` files, and what its page needs to load its script and
// stylesheet under the strict Content-Security-Policy (client/core/webview-page.ts).

import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { makeNonce, type PageAssets } from './core/webview-page.js';

/** A scripted webview panel beside the editor, not taking the focus; dropped while hidden (each view rebuilds its page). */
export function panelBeside(extensionUri: vscode.Uri, viewType: string, title: string): vscode.WebviewPanel {
  const panel = vscode.window.createWebviewPanel(
    viewType,
    title,
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')],
      retainContextWhenHidden: false,
    },
  );
  panel.iconPath = vscode.Uri.joinPath(extensionUri, 'syntaxes', 'icon.svg');
  return panel;
}

/** The page's bundled `script` and `style` (in dist/) as the webview may load them, its CSP source and a fresh nonce. */
export function pageAssets(w: vscode.Webview, extensionUri: vscode.Uri, script: string, style: string): PageAssets {
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  return {
    cspSource: w.cspSource,
    scriptUri: w.asWebviewUri(vscode.Uri.joinPath(dist, script)).toString(),
    styleUri: w.asWebviewUri(vscode.Uri.joinPath(dist, style)).toString(),
    nonce: makeNonce((n) => randomBytes(n)),
  };
}
