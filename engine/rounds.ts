// One seeded combat as a lazy event stream, for a simulator that plays whole
// rounds and writes its events into a sink when it has one (the fast path runs
// with none). Shared by the systems whose engines have that shape.

/** A simulator that plays a combat round by round; `result` ≥ 0 once the combat is over. */
export interface RoundSim<E> {
  /** Where events go while a log is wanted (an array will do); null on the fast path. */
  sink: { push(e: E): unknown } | null;
  result: number;
  begin(seed: number): void;
  playRound(): void;
}

/** The events of the combat seeded `seed`, round by round (lazily), returning `outcome(sim)` at its end. */
export function* roundEvents<E, O, S extends RoundSim<E>>(
  sim: S,
  seed: number,
  outcome: (sim: S) => O,
): Generator<E, O> {
  const buf: E[] = [];
  sim.sink = buf;
  try {
    sim.begin(seed);
    for (;;) {
      for (const e of buf) yield e;
      buf.length = 0;
      if (sim.result >= 0) break;
      sim.playRound();
    }
  } finally {
    sim.sink = null;
  }
  return outcome(sim);
}
