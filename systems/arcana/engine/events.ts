// The typed event stream of one Arcana combat ("The simulator"). Events are
// plain data, built only when a sink listens (runChunk builds none). Cards are
// the shared small integers; −1 is "no card" (AR-F4). The log is the GM's
// view: hands are shown (AR-H5 hides them from tactics, not from the log).

import type { ActionKind } from './actions.js';

/** What a cheat names as its aspect (AR-C2, AR-S3). */
export interface AspectRef {
  readonly name: string;
  /** scene: a declared scene aspect; own: a declared aspect of the flipping character; temporary: placed by a maneuver (AR-S2). */
  readonly kind: 'scene' | 'own' | 'temporary';
  /** temporary only: its id, its bearer (a name, or null for the scene) and the side that placed it. */
  readonly id?: number;
  readonly bearer?: string | null;
  readonly placerSide?: number;
}

/** One side of an opposed roll as logged: stat (or base) + card (+ bonuses). */
export interface FlipView {
  readonly who: string;
  readonly card: number;
  /** The flip is the round's opposition card (AR-O3). */
  readonly opposition: boolean;
  readonly total: number;
}

export type ArEvent =
  | {
      readonly type: 'start';
      readonly encounter: string;
      readonly seed: number;
      readonly cap: number;
      readonly oppositionCard: string;
    }
  | { readonly type: 'deal'; readonly hands: readonly { readonly who: string; readonly cards: readonly number[] }[] }
  | {
      readonly type: 'initiative';
      readonly holder: string;
      readonly card: number;
      readonly alertness: number;
      readonly score: number;
    }
  | { readonly type: 'order'; readonly order: readonly { readonly holder: string; readonly score: number }[] }
  | { readonly type: 'round'; readonly round: number; readonly card: number | null }
  | { readonly type: 'reshuffle'; readonly round: number; readonly cards: number }
  | {
      readonly type: 'declare';
      readonly round: number;
      readonly who: string;
      readonly actions: readonly ActionKind[];
      readonly target: string;
      readonly targetReason: string;
      readonly choice: string;
      readonly reason: string;
    }
  | { readonly type: 'aim'; readonly round: number; readonly who: string; readonly card: number }
  /**
   * Issue 33: the decision just logged (a declaration, a cheat, or a cheat not made) was a GM priority rule's:
   * `cite` is model/priority-run.ts `citeRule`'s ("rule 1: when self health below 30%: maneuver \"Take Cover\"").
   */
  | { readonly type: 'rule'; readonly round: number; readonly who: string; readonly cite: string }
  | {
      readonly type: 'attack';
      readonly round: number;
      readonly who: string;
      readonly target: string;
      readonly weapon: string;
      /** The attack's own flip and (ranged, AR-T5) the aim card; `used` is the better value. */
      readonly flip: number;
      readonly opposition: boolean;
      readonly aim: number | null;
      readonly used: number;
      readonly statName: string;
      readonly stat: number;
      readonly bonus: number;
      readonly edge: number;
      readonly total: number;
      readonly defense: {
        readonly card: number;
        readonly opposition: boolean;
        readonly agility: number;
        readonly armor: number;
        readonly edge: number;
        readonly total: number;
      };
    }
  | {
      readonly type: 'maneuver';
      readonly round: number;
      readonly who: string;
      readonly maneuver: string;
      readonly target: 'opponent' | 'scene' | 'self';
      readonly opponent: string | null;
      readonly statName: string;
      readonly stat: number;
      readonly card: number;
      readonly opposition: boolean;
      readonly total: number;
      readonly vs:
        | {
            readonly kind: 'opposed';
            readonly who: string;
            readonly statName: string;
            readonly stat: number;
            readonly card: number;
            readonly opposition: boolean;
            readonly total: number;
          }
        | { readonly kind: 'tn'; readonly tn: number };
    }
  | {
      readonly type: 'cheat';
      readonly round: number;
      /** The cheating side's index, and who cheats: the character, or "The GM" for the opposition (AR-C1, C5). */
      readonly side: number;
      readonly who: string;
      /** The character the flip is for, and the one it opposes (AR-S3). */
      readonly flipFor: string;
      readonly opposes: string | null;
      readonly aspect: AspectRef;
      readonly card: number;
      readonly replaces: number;
      /** AR-C5: the flip replaced was the opposition card (permanently or temporarily). */
      readonly oppositionCard: 'permanent' | 'temporary' | null;
      /** Why the tactic cheats (AR-C6); the log line keeps the spec's sample form, the step-through view shows this. */
      readonly reason: string;
    }
  | {
      readonly type: 'hit';
      readonly round: number;
      readonly who: string;
      readonly target: string;
      readonly hit: boolean;
      readonly attack: number;
      readonly defense: number;
      readonly start: number;
      readonly bonus: number;
      readonly edge: number;
      readonly toughness: number;
      readonly raw: number;
      readonly damage: number;
      readonly before: number;
      readonly after: number;
    }
  | {
      readonly type: 'maneuver-result';
      readonly round: number;
      readonly who: string;
      readonly maneuver: string;
      readonly success: boolean;
      readonly total: number;
      readonly against: number;
      readonly opposed: boolean;
      readonly aspect: string | null;
      readonly on: string | null;
      readonly aspectId: number | null;
      /** AR-M5: the Fate Card drawn (null: none), the hand's size after, and the card an over-limit draw discarded (AR-H3). */
      readonly drew: number | null;
      readonly hand: number;
      readonly handName: string;
      readonly overflow: number | null;
    }
  | {
      readonly type: 'taken-out';
      readonly round: number;
      readonly who: string;
      readonly hand: readonly number[];
      readonly aspects: readonly string[];
    }
  | {
      readonly type: 'round-end';
      readonly round: number;
      readonly card: number | null;
      readonly health: readonly { readonly who: string; readonly hp: number; readonly max: number }[];
    }
  | {
      readonly type: 'end';
      readonly round: number;
      readonly outcome: 'victory' | 'stalemate';
      readonly winner: string | null;
      readonly loser: string | null;
      readonly out: number;
      readonly of: number;
      readonly cap: number;
      /** The opposition card discarded because the combat ended mid-round (AR-O2). */
      readonly card: number | null;
    };

export type Outcome = { readonly outcome: 'victory' | 'stalemate'; readonly winner: number; readonly rounds: number };
