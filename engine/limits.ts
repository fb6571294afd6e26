// Limits every system's simulation shares.

/**
 * Lines of one readable log at most (`aces run`, Run Encounter): each system's turn or round limits keep
 * real logs far below it; past it the log stops with a line that says so.
 */
export const MAX_LOG_LINES = 250_000;
