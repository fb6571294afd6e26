// The fuzzer: parse → check → language features → simulation over mutated inputs, with invariants.
//   npm run fuzz -- --seconds 60 [--seed 7] [--out fuzz-failures]
// Inputs are the samples and fixtures, mutated by a seeded generator (pure-rand): token swaps,
// deletions, duplications, splices of other files, random bytes, deep nesting, huge numbers. Each input
// goes through parse, checkFiles, hover/completion/definition/format at random positions, and, when an
// encounter checks clean, a few seeded combats (twice: the same seed must give the same log) and a small
// Monte Carlo. Invariants: nothing throws, every diagnostic range lies inside its text, features return
// data, logs replay byte for byte, odds sum to 1. Each input has a time budget, on the clock and on the CPU
// (a hang is a failure).
// Prints one JSON line: inputs, inputs/s, crashes, hangs, seed; failing inputs are saved to --out.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { writeTunedValue } from '../cli/tune-write.js';
import { diskHost } from '../cli/files.js';
import { join } from 'node:path';
import { makeRng, randBelow } from '../engine/rng.js';
import { parse } from '../grammar/index.js';
import { checkText, REGISTRY } from '../systems/index.js';
import type { EncounterInfo, SystemEngine } from '../model/system.js';
import { emptyTally } from '../engine/tally.js';
import { haModel } from '../systems/halcyon-aces/index.js';
import { createLanguageService } from '../server/service/index.js';
import { memoryHost } from '../model/workspace.js';
import { renderLog, simulate, monteCarloSync } from '../systems/halcyon-aces/engine/index.js';
import { EncounterRunError } from '../engine/run-error.js';

export interface FuzzReport {
  inputs: number;
  perSecond: number;
  crashes: number;
  hangs: number;
  seed: number;
  failures: string[];
}

const CORPUS_DIRS = [
  'samples',
  'samples/heart-rush',
  'samples/arcana',
  'samples/tactical-grid',
  'test/fixtures/broken',
];
const WORDS = [
  '{',
  '}',
  '"',
  'x3',
  'at',
  'deck',
  'use',
  'zone',
  'side',
  'character',
  'weapon',
  'technique',
  'encounter',
  'drop',
  '20ft',
  '10♣',
  'QS',
  '+99',
  '-1',
  '999999999999',
  '#',
  '\n',
  'adjacent',
  'options',
  'link-strikes',
  'team-ultimates',
  'scatter',
  'keen',
  'vitality 0',
  'rounds 1',
  ',',
  // other systems' words: a `system` line, dice, distances, stances, fate cards
  'system heart-rush',
  'system arcana',
  'system tactical-grid',
  'system nope',
  'd8',
  'd7',
  'hp 0',
  '30ft 20ft',
  'stances might',
  'cover light',
  'surprised',
  'rolls 3 5 1',
  'health 1',
];

function corpus(root: string): string[] {
  const out: string[] = [];
  for (const d of CORPUS_DIRS) {
    if (!existsSync(join(root, d))) continue;
    for (const f of readdirSync(join(root, d))
      .filter((x) => x.endsWith('.aces'))
      .sort())
      out.push(readFileSync(join(root, d, f), 'utf8'));
  }
  return out;
}

/** Every registered system's engine, loaded once (engines load lazily; the fuzz loop is synchronous). */
export async function loadEngines(): Promise<Map<string, SystemEngine>> {
  return new Map(await Promise.all(REGISTRY.systems.map(async (s) => [s.id, await s.loadEngine()] as const)));
}

/**
 * Mutated inputs until `seconds` pass, or, when `inputs` is given, that many of them (the same inputs on any
 * machine at any load: what the test suite runs) unless `seconds` pass first.
 */
export function fuzz(opts: {
  seconds: number;
  inputs?: number;
  seed: number;
  engines: Map<string, SystemEngine>;
  root?: string;
  out?: string;
  budgetMs?: number;
  log?: (s: string) => void;
}): FuzzReport {
  const root = opts.root ?? process.cwd();
  const base = corpus(root);
  const rng = makeRng(opts.seed); // pure-rand, seeded: a run replays with its --seed
  const int = (lo: number, hi: number): number => lo + randBelow(rng, hi - lo + 1);
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const budget = opts.budgetMs ?? 2000;
  const failures: string[] = [];
  let inputs = 0,
    crashes = 0,
    hangs = 0;
  const t0 = Date.now();
  const fail = (kind: 'crash' | 'hang', text: string, why: string): void => {
    if (kind === 'crash') crashes++;
    else hangs++;
    if (opts.out) {
      mkdirSync(opts.out, { recursive: true });
      const f = join(opts.out, `${kind}-${opts.seed}-${inputs}.aces`);
      writeFileSync(f, text);
      failures.push(`${f}: ${why}`);
    } else failures.push(`${kind} #${inputs}: ${why}`);
    opts.log?.(`${kind}: ${why}`);
  };
  const more = (): boolean =>
    (opts.inputs === undefined || inputs < opts.inputs) && Date.now() - t0 < opts.seconds * 1000;
  while (more()) {
    const text = mutate(pick(base), base, int, pick);
    inputs++;
    const start = Date.now();
    const cpu = process.cpuUsage();
    try {
      runOne(text, int, opts.engines);
    } catch (e) {
      fail('crash', text, (e as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(e));
      continue;
    }
    // A hang spends its budget both on the clock and on the CPU: a loaded host stretches the clock of an input
    // that spends little CPU (the unit suite once failed on 5545 ms of wall time), which is not a hang.
    const wall = Date.now() - start;
    const spent = process.cpuUsage(cpu);
    const cpuMs = (spent.user + spent.system) / 1000;
    if (wall > budget && cpuMs > budget)
      fail('hang', text, `took ${wall} ms (${Math.round(cpuMs)} ms of CPU; budget ${budget} ms)`);
  }
  const s = (Date.now() - t0) / 1000;
  return { inputs, perSecond: Math.round(inputs / s), crashes, hangs, seed: opts.seed, failures };
}

function mutate(
  text: string,
  base: string[],
  int: (a: number, b: number) => number,
  pick: <T>(xs: readonly T[]) => T,
): string {
  let t = text;
  const n = int(1, 6);
  for (let k = 0; k < n; k++) {
    const at = int(0, t.length);
    switch (int(0, 8)) {
      case 0:
        t = t.slice(0, at) + t.slice(Math.min(t.length, at + int(1, 40)));
        break; // delete
      case 1:
        t = t.slice(0, at) + ' ' + pick(WORDS) + ' ' + t.slice(at);
        break; // insert a token
      case 2: {
        const o = pick(base);
        const f = int(0, o.length);
        t = t.slice(0, at) + o.slice(f, f + int(1, 200)) + t.slice(at);
        break;
      } // splice
      case 3: {
        const f = int(0, t.length);
        t = t.slice(0, at) + t.slice(f, f + int(1, 80)) + t.slice(at);
        break;
      } // duplicate
      case 4:
        t = t.slice(0, at) + String.fromCharCode(int(0, 0x2fff)) + t.slice(at);
        break; // a random character
      case 5:
        t = t.slice(0, at) + '{'.repeat(int(1, 80)) + t.slice(at);
        break; // nesting
      case 6:
        t = t.replace(/\d+/, String(int(0, 2 ** 31)));
        break; // a big number
      case 7:
        t = withTactics(t, int, pick);
        break; // GM priority rules from the file's system's words (issue 33)
      default:
        t = t.slice(0, at) + '\n' + t.slice(at);
        break;
    }
  }
  return t;
}

/**
 * A `tactics { … }` block of 1–6 rules made of the file's system's words (issue 33), put in its first character
 * (or, a third of the time, after a placement): mostly rules that read, some with a word from another part.
 */
export function withTactics(
  text: string,
  int: (a: number, b: number) => number,
  pick: <T>(xs: readonly T[]) => T,
): string {
  const id = /^\s*system\s+([\w-]+)/m.exec(text)?.[1];
  const vocab = ((id && REGISTRY.byId(id)) || REGISTRY.fallback).schema.tactics;
  if (!vocab) return text;
  const words = (o: object): string[] => Object.keys(o);
  const measure = () => pick(words(vocab.measures));
  const cond = (): string => {
    switch (int(0, 4)) {
      case 0:
        return `self ${measure()} ${pick(['below', 'above', 'at least', 'at most', 'is'])} ${int(0, 100)}${int(0, 1) ? '%' : ''}`;
      case 1:
        return `${pick(['an ally', 'a foe'])} is ${pick(words(vocab.states).length ? words(vocab.states) : ['x'])} ${pick(['', ...words(vocab.places)])}`;
      case 2:
        return `${pick(['allies', 'foes'])} at least ${int(0, 5)}`;
      case 3:
        return `round ${pick(['below', 'is', 'above'])} ${int(0, 9)}`;
      default:
        return `not a foe ${pick(words(vocab.places).length ? words(vocab.places) : ['near'])}`;
    }
  };
  const aim = () =>
    pick(['', ' it', ` at lowest ${measure()}`, ' at nearest', ` at highest ${measure()}`, ' at "Goblin"']);
  const action = () => `${pick(words(vocab.actions))}${int(0, 2) === 0 ? ' "Some Name"' : ''}${aim()}`;
  const rule = (): string => {
    switch (int(0, 6)) {
      case 0:
        return `open with ${action()}`;
      case 1:
        return `target ${pick(['nearest', `lowest ${measure()}`, 'farthest'])}`;
      case 2:
        return `never ${pick(words(vocab.actions))} when ${cond()}`;
      case 3:
        return `otherwise ${pick(words(vocab.presets))}`;
      case 4:
        return `${action()}`;
      case 5:
        return `when ${cond()} and ${cond()}: ${action()}`;
      default:
        return `when ${cond()}: ${action()}`;
    }
  };
  const rules = Array.from({ length: int(1, 6) }, () => `    ${rule()}`).join('\n');
  const place = int(0, 2) === 0 ? /^(\s*"?[A-Z][^\n{]*?)\s*$/m.exec(text.split(/side\s+[^{]*\{/)[1] ?? '') : null;
  if (place) {
    const at = text.indexOf(place[1]) + place[1].length;
    return text.slice(0, at) + ` tactics {\n${rules}\n  }` + text.slice(at);
  }
  const m = /character\s+[^{\n]*\{/.exec(text);
  if (!m) return text;
  const at = m.index + m[0].length;
  return text.slice(0, at) + `\n  tactics {\n${rules}\n  }\n` + text.slice(at);
}

function runOne(text: string, int: (a: number, b: number) => number, engines: Map<string, SystemEngine>): void {
  const p = parse(text);
  for (const e of p.errors)
    if (e.range.start.offset < 0 || e.range.end.offset > text.length)
      throw new Error(`syntax error range outside the text: ${JSON.stringify(e.range)}`);
  const path = 'fuzz.aces';
  const r = checkText(text, path);
  for (const d of r.diagnostics) {
    if (
      d.file === path &&
      (d.range.start.offset < 0 || d.range.end.offset > text.length || d.range.start.offset > d.range.end.offset)
    )
      throw new Error(`diagnostic range outside the text: ${d.code} ${JSON.stringify(d.range)}`);
    if (!d.message) throw new Error(`a diagnostic without a message: ${d.code}`);
  }
  // language features at random positions
  const files = { [path]: text };
  const ls = createLanguageService({ ...memoryHost(files), listFiles: () => Object.keys(files) });
  const lines = text.split('\n');
  for (let k = 0; k < 4; k++) {
    const line = int(0, Math.max(0, lines.length - 1));
    const pos = { line, character: int(0, lines[line]?.length ?? 0) };
    ls.hover(path, pos);
    const c = ls.complete(path, pos);
    if (!Array.isArray(c.items)) throw new Error('completion without items');
    // issue 35 item 14: no item a GM cannot pick (an empty or blank label: `character "" { … }` offered one)
    for (const item of c.items)
      if (typeof item.label !== 'string' || !item.label.trim())
        throw new Error(`a completion item with an empty label at ${pos.line}:${pos.character}`);
    ls.definition(path, pos);
  }
  ls.format(path);
  ls.documentSymbols(path);
  ls.semanticTokens(path);
  // simulation of clean encounters
  if (r.diagnostics.some((d) => d.severity === 'error')) return;
  tuneWrites(text, r, int);
  // issue 35 item 14: every system's stepped-fight state keeps its meters in range (cards, health, pools never
  // negative nor over their maximum, unless the meter says it is signed: Heart Rush's HP, HR-H2)
  const sys = r.systemOf(path);
  const eng = sys && engines.get(sys.id);
  if (eng)
    for (const enc of (r.encountersByFile.get(path) ?? []).slice(0, 1)) checkMeters(eng, enc, int(0, 0xffffffff));
  for (const enc of haModel(r).encounters.slice(0, 2)) {
    const seed = int(0, 0xffffffff);
    const a = renderLog(enc, seed);
    const b = renderLog(enc, seed);
    if (a !== b) throw new Error(`the same seed gave two logs (${enc.name}, seed ${seed})`);
    simulate(enc, seed);
    const mc = monteCarloSync(enc, { runs: 20, seed });
    const total = mc.sides.reduce((x, s) => x + s.p, 0) + mc.stalemate.p + mc.draw.p;
    if (Math.abs(total - 1) > 1e-9) throw new Error(`odds sum to ${total}`);
  }
  // any other system: its log twice (same bytes), and its fast path into the shared tally
  const system = r.systemOf(path);
  if (!system || system.id === 'halcyon-aces') return;
  const engine = engines.get(system.id)!;
  for (const enc of (r.encountersByFile.get(path) ?? []).slice(0, 2)) {
    const seed = int(0, 0xffffffff);
    try {
      const log = (): string => [...engine.events(enc, seed)].map((e) => engine.render(e) ?? '').join('\n');
      if (log() !== log()) throw new Error(`the same seed gave two logs (${system.id}: ${enc.name}, seed ${seed})`);
      const fast = engine.fastPath(enc);
      const t = emptyTally(fast.shape, engine.counters.length);
      fast.run(seed, 0, 20, t);
      if (t.runs !== 20 || t.wins.reduce((a, b) => a + b, 0) + t.stalemates + t.draws !== 20)
        throw new Error(`${system.id}: 20 combats tallied as ${t.runs}`);
    } catch (e) {
      // the file's own dice script stopping a fight (a roll that fits no die it lands on) is a message for the GM,
      // which every front end shows as such; anything else is a crash
      if (!(e instanceof EncounterRunError) || !e.message) throw e;
    }
  }
}

/**
 * issue 35 item 14: a stepped fight's state keeps its meters in range after every event (cards, health, pools never
 * negative nor over their maximum, unless the meter says it is signed: Heart Rush's HP, HR-H2); throws otherwise.
 */
export function checkMeters(eng: SystemEngine, enc: EncounterInfo, seed: number): void {
  if (!eng.watch) return;
  try {
    const w = eng.watch(enc);
    for (const e of eng.events(enc, seed)) {
      w.apply(e);
      for (const c of w.snapshot().combatants)
        for (const m of c.meters)
          if (!Number.isFinite(m.value) || (!m.signed && m.value < 0) || (m.max !== undefined && m.value > m.max))
            throw new Error(
              `${c.name}'s ${m.label} reads ${m.value}${m.max !== undefined ? `/${m.max}` : ''} after a ${e.type} (${enc.name}, seed ${seed})`,
            );
    }
  } catch (e) {
    if (!(e instanceof EncounterRunError) || !e.message) throw e;
  }
}

/**
 * issue 35 item 14: `aces tune --write`'s writer on fuzzed files. A clean file's first written number is to be
 * rewritten while the file changes under it (a line added above, the number changed, the attribute deleted, or
 * nothing): either the writer refuses and the file is byte for byte what it was, or the file holds the new
 * number where the old one was and every other byte as it was.
 */
export function tuneWrites(
  text: string,
  r: ReturnType<typeof checkText>,
  int: (a: number, b: number) => number,
): 'wrote' | 'refused' | 'nothing' {
  let target: { block: string; attr: string; value: number } | undefined;
  for (const f of r.files.values())
    for (const b of f.read?.blocks ?? []) {
      const a = b.attrs.find((x) => x.int !== undefined && x.spec.arg === 'int');
      if (a && !target) target = { block: b.name, attr: a.spec.name, value: a.int! };
    }
  if (!target) return 'nothing';
  scratch ??= mkdtempSync(join(tmpdir(), 'aces-fuzz-tune-'));
  const file = join(scratch, 'tune.aces');
  const changes = [
    (t: string) => t,
    (t: string) => `# a line added while the search ran\n${t}`,
    (t: string) => t.replace(new RegExp(`\\b${target!.value}\\b`), String(target!.value + 1)),
    (t: string) => t.replace(new RegExp(`\\b${target!.attr}\\s+${target!.value}\\b`), ''),
  ];
  const now = changes[int(0, changes.length - 1)](text);
  writeFileSync(file, now);
  const value = target.value + int(1, 5);
  const out = writeTunedValue(file, target, { path: file, value: target.value }, value, diskHost(scratch));
  const after = readFileSync(file, 'utf8');
  if ('error' in out) {
    if (after !== now) throw new Error(`tune --write refused (${out.error}) but the file changed`);
    return 'refused';
  }
  // the only change: one number replaced, at one place
  let i = 0;
  while (i < now.length && now[i] === after[i]) i++;
  let a = now.length,
    b = after.length;
  while (a > i && b > i && now[a - 1] === after[b - 1]) {
    a--;
    b--;
  }
  if (!/^\d*$/.test(now.slice(i, a)) || !/^\d*$/.test(after.slice(i, b)))
    throw new Error(
      `tune --write changed more than the number: ${JSON.stringify(now.slice(i, a))} → ${JSON.stringify(after.slice(i, b))}`,
    );
  const check = checkText(after, file);
  const block = [...check.files.values()].flatMap((f) => f.read?.blocks ?? []).find((x) => x.name === target!.block);
  if (block?.attrs.find((x) => x.spec.name === target!.attr)?.int !== value)
    throw new Error(`tune --write wrote ${value} but ${target.block}.${target.attr} reads otherwise`);
  return 'wrote';
}
let scratch: string | undefined;
process.on('exit', () => scratch && rmSync(scratch, { recursive: true, force: true }));

// `npm run fuzz -- --seconds N [--seed S] [--out DIR]`
const isMain = process.argv[1]?.endsWith('fuzz/fuzz.js');
if (isMain) {
  const arg = (name: string, dflt: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const seconds = Number(arg('seconds', '30'));
  const seed = Number(arg('seed', String(Date.now() % 0xffffffff)));
  const report = fuzz({
    seconds,
    seed,
    engines: await loadEngines(),
    out: arg('out', 'fuzz-failures'),
    log: (s) => process.stderr.write(s + '\n'),
  });
  process.stdout.write(
    JSON.stringify({
      fuzz: 'parse→check→features→simulation',
      inputs: report.inputs,
      perSecond: report.perSecond,
      crashes: report.crashes,
      hangs: report.hangs,
      seed: report.seed,
      failures: report.failures.slice(0, 20),
    }) + '\n',
  );
  process.exitCode = report.crashes || report.hangs ? 1 : 0;
}
