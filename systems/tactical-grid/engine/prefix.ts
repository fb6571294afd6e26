// Issue 32 item 5: the fast path's shared prefix. Every fight of an encounter is the same up to its first d20
// (TG-V1: the dice are the only randomness; nothing before the first draw reads the seed), so the fast path plays
// that prefix once, keeps the simulator's whole state there (StateSnapshot), and starts each fight from it with
// the fight's own seed: its streams start fresh at the snapshot, as they would have at begin(), since none was read.
// A big map's sides walk toward each other for about ten rounds before a die is rolled (bench/tactical-grid-big).

type Typed = Int32Array | Uint8Array | Float64Array | Int8Array | Int16Array | Uint16Array | Uint32Array | Float32Array;

/**
 * Every object reachable from a root (own enumerable fields, array elements, typed arrays' contents), recorded so
 * restore() puts each back as it was: values, identities and lengths. Objects in `skip` (and what only they reach) are
 * left alone: the encounter, the board, the dice (reset per fight), and the caches kept across fights whose keys are
 * their contents (the kept searches and choices, the line-of-sight table), which hold nothing a fight's own state
 * does not key. Fields named in `skipKeys` are left alone likewise.
 */
export class StateSnapshot {
  private readonly objs: Record<string, unknown>[] = [];
  private readonly keys: string[][] = [];
  private readonly vals: unknown[][] = [];
  private readonly arrays: unknown[][] = [];
  private readonly arrayVals: unknown[][] = [];
  private readonly typed: Typed[] = [];
  private readonly typedVals: Typed[] = [];
  /** Bytes of typed arrays restored per fight (tests, the bench). */
  bytes = 0;
  constructor(root: object, skip: ReadonlySet<object>, skipKeys: ReadonlySet<string>) {
    const seen = new Set<object>(skip);
    const visit = (o: object): void => {
      if (seen.has(o)) return;
      seen.add(o);
      if (ArrayBuffer.isView(o)) {
        const t = o as Typed;
        this.typed.push(t);
        this.typedVals.push(t.slice());
        this.bytes += t.byteLength;
        return;
      }
      if (Array.isArray(o)) {
        const a = o as unknown[];
        this.arrays.push(a);
        this.arrayVals.push(a.slice());
        for (const v of a) if (v !== null && typeof v === 'object') visit(v);
        return;
      }
      if (Object.isFrozen(o)) return; // a constant (NO_MODS …): nothing to put back
      const rec = o as Record<string, unknown>;
      const ks = Object.keys(rec).filter((k) => !skipKeys.has(k) && typeof rec[k] !== 'function');
      this.objs.push(rec);
      this.keys.push(ks);
      this.vals.push(ks.map((k) => rec[k]));
      for (const k of ks) {
        const v = rec[k];
        if (v !== null && typeof v === 'object') visit(v);
      }
    };
    visit(root);
    // the fields put back by a function written for them (each store by its own name: a keyed store in a loop over
    // a thousand fields of fifty shapes took half the restore)
    const lines: string[] = [];
    this.objs.forEach((_, i) => {
      lines.push(`const o${i} = O[${i}], v${i} = V[${i}];`);
      this.keys[i].forEach((k, j) => lines.push(`o${i}[${JSON.stringify(k)}] = v${i}[${j}];`));
    });
    this.putFields = new Function('O', 'V', lines.join('\n')) as (O: unknown[], V: unknown[][]) => void;
  }
  private readonly putFields: (O: unknown[], V: unknown[][]) => void;
  restore(): void {
    for (let i = 0; i < this.typed.length; i++) this.typed[i].set(this.typedVals[i] as never);
    for (let i = 0; i < this.arrays.length; i++) {
      const a = this.arrays[i],
        v = this.arrayVals[i];
      if (a.length !== v.length) a.length = v.length;
      for (let k = 0; k < v.length; k++) if (a[k] !== v[k]) a[k] = v[k];
    }
    this.putFields(this.objs, this.vals);
  }
}

/** Every object reachable from `roots` (fields, elements), typed arrays included: what a snapshot leaves alone. */
export function reachable(roots: readonly unknown[], into: Set<object> = new Set()): Set<object> {
  const stack = roots.filter((r): r is object => r !== null && typeof r === 'object');
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (into.has(o)) continue;
    into.add(o);
    if (ArrayBuffer.isView(o)) continue;
    const vs: unknown[] =
      o instanceof Map ? [...o.keys(), ...o.values()] : o instanceof Set ? [...o] : Object.values(o as object);
    for (const v of vs) if (v !== null && typeof v === 'object') stack.push(v);
  }
  return into;
}
