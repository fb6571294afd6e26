// The typed event stream of one Tactical Grid combat (TACTICAL-GRID.md "Log").
// Events are plain data, built only when a sink listens (runChunk builds none).
// Squares are by name (TG-G1); every choice of the simulator carries a reason.

export interface ModView {
  readonly label: string;
  readonly value: number;
}

export type TGEvent =
  | {
      readonly type: 'start';
      readonly encounter: string;
      readonly seed: number;
      readonly grid: string;
      readonly w: number;
      readonly h: number;
      readonly first: string;
    }
  | {
      readonly type: 'place';
      readonly who: string;
      readonly at: string;
      readonly facing: string;
      readonly speed: number;
      readonly range: number;
      readonly npc: boolean;
      readonly difficulty: number;
      readonly health: number;
      readonly attack: number;
      readonly defense: number;
      readonly stress: number;
      /** Pools at the start, in POOL_NAMES order (tactics, effects, support, analysis, reactions), and drive: the step-through view, not the log. */
      readonly pools: readonly number[];
      readonly drive: number;
    }
  | { readonly type: 'round'; readonly round: number }
  | {
      readonly type: 'turn';
      readonly round: number;
      readonly side: string;
      readonly who: string;
      readonly at: string;
      readonly speed: number;
      readonly range: number;
      readonly reason: string;
    }
  | { readonly type: 'skip'; readonly round: number; readonly who: string; readonly reason: string }
  /** Issue 33: the decision just taken (who acts) or about to be carried out was a GM priority rule's. */
  | { readonly type: 'rule'; readonly round: number; readonly who: string; readonly cite: string }
  | {
      readonly type: 'move';
      readonly round: number;
      readonly who: string;
      readonly kind: 'move' | 'dash';
      readonly from: string;
      readonly to: string;
      readonly cost: number;
      readonly via: readonly string[];
      readonly reason: string;
    }
  | {
      readonly type: 'attack';
      readonly round: number;
      readonly who: string;
      readonly target: string;
      readonly at: string;
      readonly dist: number;
      readonly reach: number;
      readonly roller: string;
      readonly face: number;
      readonly mods: readonly ModView[];
      readonly total: number;
      readonly vs: number;
      readonly vsMods: readonly ModView[];
      readonly outcome: string;
      readonly ready: boolean;
      readonly reason: string;
    }
  | {
      readonly type: 'clash';
      readonly round: number;
      readonly who: string;
      readonly whoDiff: number;
      readonly target: string;
      readonly targetDiff: number;
      readonly tag: string | null;
      readonly result: 'attacker' | 'target' | 'tie';
      readonly conditions: readonly string[];
      readonly ready: boolean;
      readonly reason: string;
    }
  | {
      readonly type: 'tactic';
      readonly round: number;
      readonly who: string;
      readonly tactic: string;
      readonly left: number;
    }
  | {
      readonly type: 'effect';
      readonly round: number;
      readonly who: string;
      readonly effect: string;
      readonly target: string;
      readonly detail: string;
      readonly left: number;
      readonly reason: string;
    }
  | {
      readonly type: 'harm';
      readonly round: number;
      readonly who: string;
      readonly from: number;
      readonly to: number;
      readonly source: string | null;
      readonly cause: string;
    }
  | {
      readonly type: 'stress';
      readonly round: number;
      readonly who: string;
      readonly amount: number;
      readonly from: number;
      readonly to: number;
      readonly cap: number;
      readonly source: string | null;
      readonly cause: string;
    }
  | {
      readonly type: 'push';
      readonly round: number;
      readonly who: string;
      readonly by: string;
      readonly from: string;
      readonly to: string;
      readonly cause: string;
    }
  | {
      readonly type: 'collision';
      readonly round: number;
      readonly who: string;
      readonly into: string;
      readonly by: string;
      readonly cause: string;
    }
  | {
      readonly type: 'support';
      readonly round: number;
      readonly who: string;
      readonly kind: string;
      readonly target: string;
      readonly detail: string;
      /** Support left in the payer's pool: `who`'s own, or an ally's (TG-B3 Potion Seller; `payer` names it, absent: `who`). */
      readonly left: number;
      readonly payer?: string;
      readonly reason: string;
    }
  | {
      readonly type: 'react';
      readonly round: number;
      readonly who: string;
      readonly reaction: string;
      readonly target: string;
      readonly detail: string;
      readonly left: number;
      readonly reason: string;
    }
  | {
      readonly type: 'ability';
      readonly round: number;
      readonly who: string;
      readonly ability: string;
      readonly detail: string;
      /** TG-B8 Still Life: the square its obstacle was placed on (or, with `removed`, taken from), for the map. */
      readonly obstacle?: string;
      readonly removed?: boolean;
    }
  | {
      readonly type: 'tag';
      readonly round: number;
      readonly who: string;
      readonly tag: string;
      readonly stars: number;
      readonly change: 'exhausted' | 'recovered' | 'weakened';
      readonly reason: string;
    }
  | {
      readonly type: 'drive';
      readonly round: number;
      readonly who: string;
      readonly spent: number;
      readonly left: number;
      readonly reason: string;
    }
  | { readonly type: 'ready'; readonly round: number; readonly who: string; readonly reason: string }
  | {
      readonly type: 'face';
      readonly round: number;
      readonly who: string;
      readonly facing: string;
      readonly reason: string;
    }
  | { readonly type: 'out'; readonly round: number; readonly who: string; readonly at: string; readonly dead: boolean }
  | { readonly type: 'back'; readonly round: number; readonly who: string; readonly at: string }
  | { readonly type: 'refresh'; readonly round: number; readonly side: string }
  | {
      readonly type: 'end';
      readonly round: number;
      readonly outcome: 'win' | 'draw' | 'stalemate';
      readonly winner: string | null;
    };

export type Outcome = {
  readonly outcome: 'win' | 'draw' | 'stalemate';
  readonly winner: number;
  readonly rounds: number;
};
