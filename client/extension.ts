// The VS Code extension's entry point (bundled by esbuild to dist/extension.cjs).

import * as vscode from 'vscode';
import { CombatController } from './combat.js';
import { OddsController } from './odds.js';
import { ServerController } from './server.js';
import { ifLoaded } from './load.js';
import { registerStepHover } from './step-hover.js';

/** What `activate` returns: used by the end-to-end tests and the activation benchmark. */
export interface AcesApi {
  server: ServerController;
  combat: CombatController;
  odds: OddsController;
  /** Milliseconds `activate` took, up to the server's start request (not its answer). */
  activationMs: number;
  /** Resolves when the language server is running (or absent). */
  ready: Promise<void>;
}

let server: ServerController | undefined;

export function activate(context: vscode.ExtensionContext): AcesApi {
  const t0 = performance.now();
  server = new ServerController(context);
  const combat = new CombatController();
  const odds = new OddsController(context.extensionUri);
  context.subscriptions.push(combat, odds, registerStepHover(combat));
  const ready = server.start();
  return { server, combat, odds, activationMs: performance.now() - t0, ready };
}

export async function deactivate(): Promise<void> {
  const workers = ifLoaded()?.then((m) => m.shutdownWorkers());
  await Promise.all([server?.dispose(), workers]);
  server = undefined;
}
