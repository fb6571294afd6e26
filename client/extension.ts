// The VS Code extension's entry point (bundled by esbuild to dist/extension.cjs).

import * as vscode from 'vscode';
import { BalanceController } from './balance.js';
import { BattleView } from './battle.js';
import { CombatController } from './combat.js';
import { OddsController } from './odds.js';
import { ServerController } from './server.js';
import { ServerRequests } from './requests.js';
import { registerStepHover } from './step-hover.js';
import { SweepController } from './sweep.js';

/** What `activate` returns: used by the end-to-end tests and the activation benchmark. */
export interface AcesApi {
  server: ServerController;
  combat: CombatController;
  /** The drawn board of a stepped fight. */
  battle: BattleView;
  odds: OddsController;
  balance: BalanceController;
  sweep: SweepController;
  /** Milliseconds `activate` took, up to the server's start request (not its answer). */
  activationMs: number;
  /** Resolves when the language server is running (or absent). */
  ready: Promise<void>;
}

let server: ServerController | undefined;

export function activate(context: vscode.ExtensionContext): AcesApi {
  const t0 = performance.now();
  server = new ServerController(context);
  let ready: Promise<void> = Promise.resolve();
  // Run, Step and Odds are the server's requests (one process owns the engine); they wait for it to start
  const requests = new ServerRequests(server, () => ready);
  const battle = new BattleView(context.extensionUri);
  const combat = new CombatController(requests, battle);
  const odds = new OddsController(context.extensionUri, requests);
  const balance = new BalanceController(server);
  const sweep = new SweepController(context.extensionUri, server);
  context.subscriptions.push(combat, battle, odds, balance, sweep, registerStepHover(combat));
  ready = server.start();
  return { server, combat, battle, odds, balance, sweep, activationMs: performance.now() - t0, ready };
}

export async function deactivate(): Promise<void> {
  await server?.dispose();
  server = undefined;
}
