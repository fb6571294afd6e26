// The language server's custom requests, as the commands send them: once the
// server is running, through whichever client is current (it is replaced when
// the server restarts). Run, Step and Odds live in the server: this process has
// no engine (test/layers.test.ts).

import type { CancellationToken } from 'vscode';
import type { RequestType } from 'vscode-languageserver-protocol';
import type { ServerController } from './server.js';

export class ServerRequests {
  constructor(
    readonly server: ServerController,
    private readonly ready: () => Promise<void>,
  ) {}

  async send<P, R>(type: RequestType<P, R, void>, params: P, token?: CancellationToken): Promise<R> {
    await this.ready();
    const client = this.server.client;
    if (!client) throw new Error('the Aces language server is not running (Aces: Show Server Log says why)');
    // the protocol's RequestType is vscode-languageserver-protocol's, which the client's overloads take
    return client.sendRequest(type as never, params as never, token) as Promise<R>;
  }
}
