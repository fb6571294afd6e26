// The extension's settings (contributes.configuration in package.json).

import * as vscode from 'vscode';

export interface ClientSettings {
  /** Seed for Run/Step when set; null = the encounter's own `seed`. */
  defaultSeed: number | null;
  /** Combats per odds preview. */
  oddsRuns: number;
  /** Worker threads for the odds preview; 0 = automatic. */
  oddsThreads: number;
  /** Server: milliseconds of quiet before diagnostics are recomputed. */
  debounceMs: number;
}

export function settings(): ClientSettings {
  const c = vscode.workspace.getConfiguration('aces');
  const int = (key: string, dflt: number, min: number, max: number) => {
    const v = c.get<number>(key);
    return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.trunc(v))) : dflt;
  };
  const seed = c.get<number | null>('run.defaultSeed');
  return {
    defaultSeed: typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 4294967295 ? seed : null,
    oddsRuns: int('odds.runs', 10000, 100, 1_000_000),
    oddsThreads: int('odds.threads', 0, 0, 16),
    debounceMs: int('validation.debounceMs', 200, 0, 5000),
  };
}
