// The five tactics (TG-X2 … X6) as bits, in TG-V6's spending order, and their log names.

/** Tactic bits (TG-X2 … X6), in TG-V6's spending order. */
export const X_BACKSTAB = 1,
  X_CORNER = 2,
  X_CHARGE = 4,
  X_LINEUP = 8,
  X_HIGH = 16;
export const TACTIC_NAMES = ['backstab', 'corner', 'charge', 'line up', 'high ground'] as const;
