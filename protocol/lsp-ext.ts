// Everything the Halcyon Aces client and server say to each other beyond the
// LSP itself, declared once and typed (rust-analyzer's `lsp_ext.ts` habit).
// The VS Code client (client/) and the server (server/main.ts) both import
// this file; nothing else may invent a command id or a custom method name.

import { RequestType } from 'vscode-languageserver-protocol';
import type { Range } from 'vscode-languageserver-types';
import type { FightRecord, FightState } from '../model/fight-record.js';

/** Command ids the server's code lenses emit and the client registers. */
export const Commands = {
  /** Simulate one seeded combat of the encounter and show the log. */
  runEncounter: 'aces.runEncounter',
  /** Step through one seeded combat event by event. */
  stepEncounter: 'aces.stepEncounter',
  /** Monte Carlo odds of the encounter (win chances per side). */
  previewOdds: 'aces.previewOdds',
  /** Tune one number of the encounter to a target chance (code action; `arguments[0]` is BalanceArgs). */
  balanceEncounter: 'aces.balanceEncounter',
  /** Sweep one number of the encounter and draw each side's chance against it (code action; `arguments[0]` is BalanceArgs). */
  sweepEncounter: 'aces.sweepEncounter',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** The code lenses' commands: Run, Step and Odds of an encounter. */
export const ENCOUNTER_COMMANDS: readonly CommandId[] = [
  Commands.runEncounter,
  Commands.stepEncounter,
  Commands.previewOdds,
];

/**
 * `ClientCapabilities.experimental.acesCommands: string[]`: the encounter commands a client runs itself (VS Code:
 * all three, with its log channel, stepping and webview). The server lists every other one in
 * `executeCommandProvider` and runs it on `workspace/executeCommand`, so a code lens works in any LSP client.
 */
export const CLIENT_COMMANDS_CAPABILITY = 'acesCommands';

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
  /** Worker threads (default: the server's, every core on Linux, where they run below its thread, else all cores but one; at most 4); at most 16. */
  threads?: number;
  /** Also return `detail`: everything Preview Odds draws (rounds histogram, each counter's interval, sampled fights). */
  detail?: boolean;
  /** A token for `$/progress` reports ("1,250 / 4,000 combats", about one per 1%) (LSP work-done progress). */
  workDoneToken?: string | number;
}

/** A chance with its count and 95% Wilson interval. */
export interface OddsProportion {
  count: number;
  p: number;
  ci95: [number, number];
}

/** A mean with its sd; for a `left` counter, `of`: the combats it is the mean of. */
export interface OddsMean {
  mean: number;
  sd: number;
  of?: number;
}

/** Everything Preview Odds draws: `aces odds --json`'s figures (engine/tally.ts MonteCarloResult, as JSON). */
export interface OddsDetail {
  encounter: string;
  runs: number;
  seed: number;
  roundCap: number;
  sides: ({ side: string } & OddsProportion)[];
  stalemate: OddsProportion;
  draw: OddsProportion;
  rounds: { mean: number; sd: number; min: number; max: number; histogram: number[] };
  /** Per combatant: one field per counter key (an OddsProportion for a chance, an OddsMean otherwise). */
  combatants: ({ id: string; side: string } & { [counter: string]: OddsProportion | OddsMean | string })[];
  /** A few sampled fights of each outcome, by the seed that replays each one alone. */
  examples: { outcome: string; combat: number; seed: number }[];
  /** The GM's verdict (docs/BALANCE.md), when the system names its player characters. */
  verdict?: {
    label: string;
    playerSide: string;
    win: OddsProportion;
    anyDefeated: OddsProportion;
    each: { id: string; defeated: OddsProportion }[];
    meaning: string;
    stalemate: number;
    meanRounds: number;
    callouts: string[];
    /** The verdict in one line, written by the server (protocol/outcome-words.ts verdictText): the view shows it as is. */
    text?: string;
  };
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
  counters: { key: string; label: string; kind: 'chance' | 'mean' | 'left' }[];
  /** Per combatant: each counter's chance (0–1) or mean, by key. */
  combatants: { id: string; side: string; values: Record<string, number> }[];
  /** Milliseconds the simulation took. */
  ms: number;
  /**
   * The GM's verdict (docs/BALANCE.md), when the system names its player characters: its label, the chance that
   * any player character is taken out of the fight, and `short`, the server's words for a lens ("hard · PC down
   * 17% · 18.0 rounds · a grind"; the client shows them as they are). Mean length: `meanRounds`.
   */
  verdict?: { label: string; anyDown: number; short: string };
  /** Computed as you type: the change from the version last saved, combats paired on the same seeds. */
  change?: OddsChange;
  /** When asked for (`detail: true`). */
  detail?: OddsDetail;
}

/** How one side's win chance moved from another version of the encounter (the same seeds, paired). */
export interface OddsChange {
  /** The version compared against: "saved". */
  versus: string;
  side: string;
  before: number;
  after: number;
  /** after − before, and the half-width of its paired 95% interval. */
  change: number;
  halfWidth: number;
  /** Combats paired. */
  runs: number;
}

/**
 * `aces/encounterOdds`: the server simulates the encounter (Monte Carlo, seeded,
 * from the documents as currently open), remembers the result for the
 * encounter's inlay hint, and returns it. Null when the encounter does not
 * exist or has errors that stop a simulation.
 */
export const EncounterOddsRequest = new RequestType<EncounterOddsParams, EncounterOdds | null, void>(
  'aces/encounterOdds',
);

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
export const RunEncounterRequest = new RequestType<RunEncounterParams, RunEncounterResult | null, void>(
  'aces/runEncounter',
);

export type { FightEvent } from '../model/fight-record.js';

/**
 * A whole seeded fight, recorded for stepping (model/fight-record.ts FightRecord: the events with what a walk
 * needs, the tail, the outcome): the client walks `events` (model/recorded-session.ts) and asks
 * `aces/fightView` for the state at a position.
 */
export interface SteppedFight extends FightRecord {
  /** Names this fight in `aces/fightView` (the server keeps the last few). */
  fight: number;
  system: string;
}

export interface StepEncounterParams {
  uri: string;
  encounter: string;
  /** Seed of the combat (default: the encounter's seed). */
  seed?: number;
}

/**
 * `aces/stepEncounter`: the server records one seeded combat of the encounter for stepping (from the documents
 * as currently open). Null when the encounter does not exist or has errors that stop a simulation.
 */
export const StepEncounterRequest = new RequestType<StepEncounterParams, SteppedFight | null, void>(
  'aces/stepEncounter',
);

export interface FightViewParams {
  /** `SteppedFight.fight`. */
  fight: number;
  /** Events revealed (0 … events.length). */
  at: number;
}

/** The stepped fight's state after `at` events: what a battle map and a hover on a combatant show. */
export type FightView = FightState;

/** `aces/fightView`: the state of a recorded fight at a position. Null when the server no longer keeps it. */
export const FightViewRequest = new RequestType<FightViewParams, FightView | null, void>('aces/fightView');

/** One encounter of a file, as a client lists it (to pick one, or the one under the cursor). */
export interface EncounterSummary {
  name: string;
  seed: number;
  sides: string[];
  combatants: number;
  /** The whole `encounter … { … }` statement. */
  range: Range;
}

export interface FileEncounters {
  /** The id and the name of the rule system the file speaks. */
  system: string;
  systemName: string;
  encounters: EncounterSummary[];
  /** Errors that stop a simulation: the file's and those of the files it `use`s, file first. */
  errors: { uri: string; line: number; message: string }[];
}

/** `aces/encounters`: the encounters of a file (as currently open) and the errors that stop simulating them. */
export const EncountersRequest = new RequestType<{ uri: string }, FileEncounters | null, void>('aces/encounters');

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
  odds?: {
    /**
     * Odds as you type (default true): after each edit the open file's encounters are simulated again on
     * worker threads and compared with the saved version ("party wins 62% → 48% (−14 ± 1)").
     */
    live?: boolean;
  };
}

export const DEFAULT_DEBOUNCE_MS = 200;

/** A whole number written in a block an encounter places: what "Balance this encounter…" can vary. */
export interface BalanceCandidate {
  block: string;
  attr: string;
  value: number;
  /** The file that declares the block (the edit goes there). */
  file: string;
  /** The range to offer first (balance/vary.ts offeredRange: half to twice a positive number, inside the rules' range of the attribute), as `aces tune --vary Block.attr` searches it. */
  range: { from: number; to: number };
}

/** The argument of `aces.balanceEncounter` (its code action). */
export interface BalanceArgs extends EncounterCommandArgs {
  sides: string[];
  candidates: BalanceCandidate[];
}

/**
 * Combats per try of a tune, and per value of a sweep, when the request names none: enough for a ±2-point
 * interval, few enough for seconds. The server runs it; the client states it when it asks for a range.
 */
export const BALANCE_RUNS = 2000;

export interface TuneParams {
  uri: string;
  encounter: string;
  /** `Block.attr=FROM..TO` (as `aces tune --vary`). */
  vary: string;
  /** `party wins 50%`, `stalemate 5%`, `about 4 rounds` or both (as `aces tune --target`). */
  target: string;
  /** Combats per try (default BALANCE_RUNS). */
  runs?: number;
  /** Search values outside the rules' ranges too (`aces tune --homebrew`). */
  homebrew?: boolean;
  /** A token for `$/progress` reports, one per try (LSP work-done progress). */
  workDoneToken?: string | number;
}

export type TuneReply =
  | {
      value: number;
      p: number;
      ci95: [number, number];
      tries: { value: number; p?: number; error?: string }[];
      /** The best value is an end of the range: the target may lie beyond. */
      atEdge: boolean;
      /** The target lies within the answer's 95% interval (balance/tune.ts TuneResult.reached). */
      reached: boolean;
      /** The range searched when an end of the one asked for broke a rule (balance/tune.ts TuneResult.narrowed). */
      narrowed?: { from: number; to: number; why: string; homebrew?: boolean };
      /** Writes `value` where the number is (possibly another file than the encounter's). */
      edit: { uri: string; range: Range; newText: string };
      threads: number;
      /** The chosen value's fights (issue 34 item 3): stalemate share, mean rounds, verdict in one line. */
      stalemate: number;
      meanRounds: number;
      verdict?: string;
      /** The server's words on those fights, shown as they are: "stalemate 5.1%, 27.0 rounds on average; verdict …". */
      report: string;
      /** Said before writing (ask first): a homebrew value, or an end of the range searched. */
      warning?: string;
      /** False for an end of the range that misses the target: the client does not write it. */
      writable: boolean;
    }
  | { error: string };

/**
 * `aces/tune`: bisection over common random numbers for the value of one number that brings an outcome
 * closest to a target chance, on worker threads; cancellable. The client applies `edit`.
 */
export const TuneRequest = new RequestType<TuneParams, TuneReply | null, void>('aces/tune');

export interface SweepParams {
  uri: string;
  encounter: string;
  /** As `aces odds --vary`: `Block.attr=FROM..TO [step N]`, a list `Block.attr=2,3,4`, or just `Block.attr` (values around the one written). */
  vary: string;
  /** Combats per value (default BALANCE_RUNS). */
  runs?: number;
  /** A token for `$/progress` reports, one per value (LSP work-done progress). */
  workDoneToken?: string | number;
}

/** One value of a sweep: each side's win chance and the stalemate's, with 95% intervals, or why it was not run. */
export interface SweepRow {
  value: number;
  sides?: { side: string; p: number; ci95: [number, number] }[];
  stalemate?: { p: number; ci95: [number, number] };
  /** Mean rounds and the verdict's label (issue 34 item 5), when fought; the verdict when the system gives one. */
  meanRounds?: number;
  verdict?: string;
  /** The rule the value breaks (not run). */
  error?: string;
}

export type SweepReply =
  | {
      encounter: string;
      block: string;
      attr: string;
      /** The number written, when the values were chosen around it (`vary` named just the number). */
      written?: number;
      runs: number;
      seed: number;
      rows: SweepRow[];
      threads: number;
    }
  | { error: string };

/**
 * `aces/sweep`: the same combat seeds for each value of one number (common random numbers), on worker threads;
 * cancellable, one `$/progress` report per value. The client draws each side's chance against the number.
 */
export const SweepRequest = new RequestType<SweepParams, SweepReply | null, void>('aces/sweep');
