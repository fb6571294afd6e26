// An encounter's own data stopping its fight while it runs — a scripted roll that does not fit the die it lands on
// (each system's dice scripts) — as opposed to a fault of the program. Front ends show its message as a problem
// with the file: the CLI exits 1 without "internal error", the language server answers the request with it, and
// the worker pool carries it across threads as itself. It names no game: each system's own error extends it.

export class EncounterRunError extends Error {
  override name = 'EncounterRunError';
}
