// The typed event stream of one Heart Rush combat. Events are plain data,
// built only when a sink listens (the Monte Carlo path builds none).

export type StanceName = 'might' | 'agility' | 'cunning' | 'defensive' | 'none';

/** One rolled pool as logged: every die with its size, whether it was kept, and flat modifiers. */
export interface RollView {
  readonly dice: readonly {
    readonly size: number;
    readonly face: number;
    readonly kept: boolean;
    readonly extra: boolean;
  }[];
  readonly level: number;
  readonly flat: readonly { readonly label: string; readonly value: number }[];
  /** HR-M2 one free hand: the result halved, rounded up. */
  readonly halved?: boolean;
  readonly total: number;
}

/** What one hit did to its target (HR-H9). */
export interface HitView {
  readonly raw: number;
  /** HR-E10 defensive halving applied. */
  readonly halved: boolean;
  readonly shrug: { readonly from: number; readonly to: number } | null;
  readonly taken: number;
  readonly hpBefore: number;
  readonly hpAfter: number;
  readonly wound: number; // rank, 0 = none
  readonly unconscious: boolean;
  readonly dead: boolean;
}

export type HREvent =
  | { readonly type: 'start'; readonly encounter: string; readonly seed: number; readonly order: readonly string[] }
  | { readonly type: 'phase'; readonly round: number; readonly phase: 'start' | 'action' }
  | {
      readonly type: 'focus';
      readonly round: number;
      readonly who: string;
      readonly target: string;
      readonly reason: string;
    }
  | {
      readonly type: 'move';
      readonly round: number;
      readonly who: string;
      readonly kind: 'dash' | 'sidestep' | 'stand';
      readonly cost: 'free' | 'action' | 'rush';
      readonly from: readonly [number, number];
      readonly to: readonly [number, number];
      readonly feet: number;
      readonly reason: string;
      readonly stopped?: string;
      /** A later segment of the same dash (after an interruption): not a new dash. */
      readonly cont?: boolean;
    }
  | {
      readonly type: 'attack';
      readonly round: number;
      readonly kind: 'engagement' | 'opportunity';
      readonly who: string;
      readonly target: string;
      readonly stance: StanceName;
      readonly targetStance: StanceName;
      readonly cost?: 'action' | 'rush';
      readonly reason: string;
      readonly attack: RollView;
      readonly defense: RollView;
      readonly contest: boolean;
      /** Damage to the target (contest won or a normal hit) or, in a lost contest, to the attacker. */
      readonly hit: HitView | null;
      readonly hitOn: string | null;
      readonly notes: readonly string[];
      /** A contest the target won out of its reach of the attacker: the attack foiled, no damage (HR-C2 ruling). */
      readonly foiled?: boolean;
    }
  | {
      readonly type: 'maneuver';
      readonly round: number;
      readonly stance: StanceName;
      readonly who: string;
      readonly target: string;
      readonly maneuver: string;
      readonly mine: RollView;
      readonly theirs: RollView;
      readonly success: boolean;
      readonly effect: string;
      readonly hit?: HitView | null;
      /** Where it left someone, in feet (not in the log line; the battle map): a shoved target, a climber on its host. */
      readonly at?: readonly [number, number];
    }
  | {
      readonly type: 'break-free';
      readonly round: number;
      readonly who: string;
      readonly from: string;
      readonly mine: RollView;
      readonly theirs: RollView;
      readonly success: boolean;
      readonly shake?: boolean;
    }
  | {
      readonly type: 'status';
      readonly round: number;
      readonly who: string;
      readonly status: string;
      readonly level: number;
      readonly reason: string;
    }
  | { readonly type: 'help'; readonly round: number; readonly who: string; readonly ally: string }
  /** `released`: the one it let go of, both hands now on the weapon (HR-T5; the step-through view, not the log). */
  | {
      readonly type: 'ready';
      readonly round: number;
      readonly who: string;
      readonly weapon: string;
      readonly reason: string;
      readonly released?: string;
    }
  | { readonly type: 'trip'; readonly round: number; readonly who: string; readonly target: string }
  /** The decision just logged was the GM's priority rule `cite` (issue 33): "rule 1: when self hp below 30%: defensive". */
  | { readonly type: 'rule'; readonly round: number; readonly who: string; readonly cite: string }
  | {
      readonly type: 'stances';
      readonly round: number;
      readonly picks: readonly { readonly who: string; readonly stance: StanceName; readonly reason: string }[];
    }
  | {
      readonly type: 'no-target';
      readonly round: number;
      readonly who: string;
      readonly stance: StanceName;
      readonly reason: string;
    }
  | {
      readonly type: 'round-end';
      readonly round: number;
      /** `at`: each combatant's square at the round's end (not in the log line: the battle map and the step-through view place everyone again). */
      readonly line: readonly {
        readonly who: string;
        readonly hp: number;
        readonly max: number;
        readonly notes: string;
        readonly at?: readonly [number, number];
      }[];
    }
  | {
      readonly type: 'end';
      readonly round: number;
      readonly outcome: 'victory' | 'draw' | 'stalemate';
      readonly winner: string | null;
    };

export type Outcome = {
  readonly outcome: 'victory' | 'draw' | 'stalemate';
  readonly winner: number;
  readonly rounds: number;
};
