// The server's `$/progress` reports for one request (work-done progress: Preview Odds, a tune, a sweep) shown in
// the notification the command opened: a fresh token to send with the request, and each report's message and
// percentage moved onto the notification.

import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import { WorkDoneProgress, type LanguageClient, type WorkDoneProgressReport } from 'vscode-languageclient/node';

/** A token for `workDoneToken` whose reports move `progress`; `dispose` once the request is answered. */
export function progressToken(client: LanguageClient | undefined, kind: string, progress: vscode.Progress<{ increment?: number; message?: string }>): { token: string; dispose(): void } {
  const token = `aces-${kind}-${Date.now()}-${randomBytes(6).toString('hex')}`;
  let shown = 0;
  const sub = client?.onProgress(WorkDoneProgress.type, token, (v) => {
    if (v.kind !== 'report') return;
    const r = v as WorkDoneProgressReport;
    const pct = r.percentage ?? shown;
    progress.report({ increment: pct - shown, message: r.message });
    shown = pct;
  });
  return { token, dispose: () => sub?.dispose() };
}
