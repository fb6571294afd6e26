// Everything the Halcyon Aces client and server say to each other beyond the
// LSP itself, declared once and typed (rust-analyzer's `lsp_ext.ts` habit).
// The VS Code client (client/) and the server (server/main.ts) both import
// this file; nothing else may invent a command id or a custom method name.

import { RequestType } from 'vscode-languageserver-protocol';

/** Command ids the server's code lenses emit and the client registers. */
export const Commands = {
  /** Simulate one seeded combat of the encounter and show the log. */
  runEncounter: 'aces.runEncounter',
  /** Step through one seeded combat event by event. */
  stepEncounter: 'aces.stepEncounter',
  /** Monte Carlo odds of the encounter (win chances per side). */
  previewOdds: 'aces.previewOdds',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** The single argument of every encounter command (code lens `arguments[0]`). */
export interface EncounterCommandArgs {
  /** Document URI that declares the encounter. */
  uri: string;
  /** The encounter's name, as written (unquoted). */
  encounter: string;
  /** Zero-based line of the encounter's name, to reveal it. */
  line: number;
}

export interface EncounterOddsParams {
  uri: string;
  encounter: string;
  /** Combats to simulate (default 2,000, at most 100,000). */
  runs?: number;
  /** Base seed (default: the encounter's seed). */
  seed?: number;
}

export interface EncounterOdds {
  encounter: string;
  runs: number;
  seed: number;
  /** Win chance per side, in declaration order, with its 95% interval. */
  sides: { side: string; p: number; ci95: [number, number] }[];
  stalemate: number;
  draw: number;
  meanRounds: number;
  /** The system's per-combatant counters (Halcyon Aces: Broken, Defeated, damage dealt), in column order. */
  counters: { key: string; label: string; kind: 'chance' | 'mean' }[];
  /** Per combatant: each counter's chance (0–1) or mean, by key. */
  combatants: { id: string; side: string; values: Record<string, number> }[];
  /** Milliseconds the simulation took. */
  ms: number;
}

/**
 * `aces/encounterOdds`: the server simulates the encounter (Monte Carlo, seeded,
 * from the documents as currently open), remembers the result for the
 * encounter's inlay hint, and returns it. Null when the encounter does not
 * exist or has errors that stop a simulation.
 */
export const EncounterOddsRequest = new RequestType<EncounterOddsParams, EncounterOdds | null, void>('aces/encounterOdds');

export interface RunEncounterParams {
  uri: string;
  encounter: string;
  /** Seed of the combat (default: the encounter's seed). */
  seed?: number;
}

export interface RunEncounterResult {
  encounter: string;
  seed: number;
  /** The id of the rule system that ran it. */
  system: string;
  /** The log, one entry per event (an entry may hold several lines), byte for byte what `aces run` prints after its header. */
  lines: string[];
  /** The outcome in a few words ("heroes won"). */
  outcome: string;
  /** The log reached the line limit and stopped. */
  truncated: boolean;
}

/**
 * `aces/runEncounter`: the server simulates one seeded combat of the encounter (from the documents as
 * currently open) and returns its log, so any LSP editor can run a fight. Null when the encounter does not
 * exist or has errors that stop a simulation.
 */
export const RunEncounterRequest = new RequestType<RunEncounterParams, RunEncounterResult | null, void>('aces/runEncounter');

/** Settings under `aces.*` (workspace/configuration section "aces", or initializationOptions). */
export interface AcesSettings {
  validation?: {
    /** Milliseconds of quiet after a keystroke before diagnostics are recomputed (default 200). */
    debounceMs?: number;
  };
  inlayHints?: {
    /** Derived Guard/Resolve after the armor line (default true). */
    derivedDefenses?: boolean;
    /** The last computed Monte Carlo odds after an encounter's name (default true). */
    encounterOdds?: boolean;
  };
}

export const DEFAULT_DEBOUNCE_MS = 200;
