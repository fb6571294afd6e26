// The server's `$/progress` reports for one request (work-done progress: Preview Odds, a tune, a sweep) shown in
// the notification the command opened: a fresh token to send with the request, and each report's message and
// percentage moved onto the notification; requestWithProgress opens that notification and sends the request.

import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import {
  WorkDoneProgress,
  type LanguageClient,
  type RequestType,
  type WorkDoneProgressReport,
} from 'vscode-languageclient/node';

/** A token for `workDoneToken` whose reports move `progress`; `dispose` once the request is answered. */
export function progressToken(
  client: LanguageClient | undefined,
  kind: string,
  progress: vscode.Progress<{ increment?: number; message?: string }>,
): { token: string; dispose(): void } {
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

/**
 * `type` sent with `params` under a cancellable notification titled `title`, its `$/progress` reports shown there: the
 * answer, `{ error }` when the request failed, or undefined when the user cancelled it.
 */
export function requestWithProgress<P extends { workDoneToken?: string | number }, R>(
  client: LanguageClient,
  title: string,
  kind: string,
  type: RequestType<P, R, void>,
  params: Omit<P, 'workDoneToken'>,
): Thenable<R | { error: string } | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const sub = progressToken(client, kind, progress);
      try {
        return await client.sendRequest<R>(type.method, { ...params, workDoneToken: sub.token }, token);
      } catch (e) {
        if (token.isCancellationRequested) return undefined;
        return { error: (e as Error).message };
      } finally {
        sub.dispose();
      }
    },
  );
}
