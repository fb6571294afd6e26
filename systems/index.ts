// The registry: the one file that names every rule system. Shells (CLI,
// language server, client) take it from here and hand it to the shared layers
// (model/workspace.ts receives it as a parameter, so model/ never imports
// systems/).

import type { RuleSystem, SystemRegistry } from '../model/system.js';
import { checkFiles as checkWith, memoryHost, type CheckResult, type FileHost } from '../model/workspace.js';
import { HALCYON_ACES } from './halcyon-aces/index.js';
import { HEART_RUSH } from './heart-rush/index.js';

// Halcyon Aces first: the fallback for files without a `system` line.
const SYSTEMS: readonly RuleSystem[] = [HALCYON_ACES as unknown as RuleSystem, HEART_RUSH as unknown as RuleSystem];

export const REGISTRY: SystemRegistry = {
  systems: SYSTEMS,
  fallback: SYSTEMS[0],
  byId: (id) => SYSTEMS.find((s) => s.id === id),
};

/** Checks files with every registered system. */
export function checkFiles(paths: string[], host: FileHost): CheckResult {
  return checkWith(paths, host, REGISTRY);
}

/** Checks one in-memory text (plus optional other files it may `use`). */
export function checkText(text: string, path = 'input.aces', others: Record<string, string> = {}): CheckResult {
  return checkWith([path], memoryHost({ ...others, [path]: text }), REGISTRY);
}
