// A minimal LSP client over a real JSON-RPC connection to the server running
// as a child process (stdio), for the LSP tests and the server benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

/** out/server/main.js, next to this compiled file's folder (out/test/server). */
export const SERVER_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'main.js');

export interface TestClient {
  conn: ProtocolConnection;
  child: ChildProcess;
  stderr: () => string;
  /** Resolves with the next diagnostics published for `uri` that satisfy `pred`. */
  diagnostics(
    uri: string,
    pred?: (p: PublishDiagnosticsParams) => boolean,
    timeoutMs?: number,
  ): Promise<PublishDiagnosticsParams>;
  /** Every publication received so far. */
  published: PublishDiagnosticsParams[];
  logs: string[];
  /** Every window/showMessage received so far. */
  shown: { type: number; message: string }[];
  close(): Promise<void>;
}

export async function startClient(
  rootUri: string | null,
  initializationOptions: unknown = { validation: { debounceMs: 20 } },
  capabilities: Record<string, unknown> = {},
  nodeArgs: string[] = [],
): Promise<TestClient> {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: {
    uri: string;
    pred: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  const logs: string[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.pred(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  conn.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  const shown: { type: number; message: string }[] = [];
  conn.onNotification('window/showMessage', (p: { type: number; message: string }) => {
    shown.push(p);
  });
  conn.onRequest('workspace/configuration', () => [null]);
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/inlayHint/refresh', () => null);
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: rootUri ? [{ uri: rootUri, name: 'ws' }] : null,
    capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } }, ...capabilities },
    initializationOptions,
  });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    child,
    stderr: () => err,
    published,
    logs,
    shown,
    diagnostics(uri, pred = () => true, timeoutMs = 10_000) {
      const hit = published.find((p) => p.uri === uri && pred(p));
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () =>
            reject(
              new Error(
                `no matching diagnostics for ${uri} within ${timeoutMs} ms; got ${JSON.stringify(published.filter((p) => p.uri === uri))}\n${err}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({ uri, pred, resolve: (p) => (clearTimeout(t), resolve(p)) });
      });
    },
    async close() {
      try {
        await Promise.race([conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        await conn.sendNotification('exit');
      } catch {
        /* already gone */
      }
      conn.dispose();
      if (child.exitCode === null) {
        await new Promise<void>((r) => {
          const t = setTimeout(() => (child.kill(), r()), 2000);
          child.once('exit', () => (clearTimeout(t), r()));
        });
      }
    },
  };
}
