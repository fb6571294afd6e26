// An encounter's own data stopping its fight while it runs — a scripted roll that does not fit the die it lands on
// (each system's dice scripts) — as opposed to a fault of the program. Front ends show its message as a problem
// with the file: the CLI exits 1 without "internal error", the language server answers the request with it, and
// the worker pool carries it across threads as itself. It names no game: each system's own error extends it.

/** A place in a source file: the file as the checker names it, line and character from 0 (as diagnostics count). */
export interface SourceAt {
  file: string;
  line: number;
  character: number;
}

export class EncounterRunError extends Error {
  override name = 'EncounterRunError';
  /** Where the data that stopped the fight is written, when the system knows (a dice script's name at its placement). */
  readonly at?: SourceAt;
  constructor(message: string, at?: SourceAt) {
    super(message);
    if (at) this.at = at;
  }
}
