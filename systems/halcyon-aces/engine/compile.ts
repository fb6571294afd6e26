// Encounter → flat, precomputed tables the combat state machine reads.
// Done once per encounter (cached), so a Monte Carlo batch pays it once.

import type { Tactics } from '../../../model/priority-run.js';
import type { Band, Card, Combatant, DeckSpec, Encounter, Stat, Tactic, Weapon } from '../model.js';
import { STATS } from '../model.js';
import { cardSuit, cardValue, standardDeck, DECK_SIZE } from './cards.js';
import { hashString } from '../../../engine/rng.js';
import { allPairs, UNREACHABLE, zoneGraph } from './reach.js';

/** Unreachable zone distance: the same value as engine/reach.ts. */
export const INF = UNREACHABLE;
export const BAND_ENGAGED = 0;
export const BAND_NEAR = 1;
export const BAND_FAR = 2;

// Weapon flags.
export const W_HEAVY = 1 << 0;
export const W_LIGHT = 1 << 1;
export const W_THROWN = 1 << 2;
export const W_QUICK = 1 << 3; // quick or combo (HA-S5)
export const W_KEEN = 1 << 4;
export const W_BRUTAL = 1 << 5;
export const W_STAGGERING = 1 << 6;
export const W_SWEEPING = 1 << 7;
export const W_DISARMING = 1 << 8;
export const W_SCATTER = 1 << 9;
export const W_IMPROVISED = 1 << 10;
export const W_UNARMED = 1 << 11;

export const SLOT_MAIN = 0;
export const SLOT_OFF = 1;
export const SLOT_UNARMED = 2;
export const SLOTS = 3;

export const TACTIC_CODES: Record<Tactic, number> = {
  default: 0,
  'focus-weakest': 1,
  nearest: 2,
  defensive: 3,
  support: 4,
  kite: 5,
};
export const T_DEFAULT = 0;
export const T_FOCUS = 1;
export const T_NEAREST = 2;
export const T_DEFENSIVE = 3;
export const T_SUPPORT = 4;
export const T_KITE = 5;

/** Offset and size of the "t = defense − modifiers" axis of expected-damage tables. */
export const T_OFF = 48;
export const T_SIZE = 128;
/** EV axis of the max-of-k distributions. */
export const EV_SIZE = 96;

export function bandNum(b: Band | undefined): number {
  return b === 'far' ? BAND_FAR : b === 'near' ? BAND_NEAR : BAND_ENGAGED;
}

// inBand and tIndex run in the simulator's hot loops, so they read module copies of the numbers (which V8
// folds), not the exported bindings (re-read and checked for the dead zone at every use: see "Imports" in sim.ts).
const FAR = BAND_FAR,
  NO_PATH = INF,
  OFF = T_OFF,
  SIZE = T_SIZE;

export function inBand(dist: number, band: number): boolean {
  return band === FAR ? dist < NO_PATH : dist <= band;
}

const UNARMED: Weapon = {
  name: 'Unarmed',
  kind: 'melee',
  stat: 'body',
  reach: 'engaged',
  bonus: 0,
  properties: [],
  unarmed: true,
};

export function weaponFlags(w: Weapon): number {
  let f = 0;
  for (const p of w.properties ?? []) {
    switch (p) {
      case 'heavy':
        f |= W_HEAVY;
        break;
      case 'light':
        f |= W_LIGHT;
        break;
      case 'thrown':
        f |= W_THROWN;
        break;
      case 'quick':
      case 'combo':
        f |= W_QUICK;
        break;
      case 'keen':
        f |= W_KEEN;
        break;
      case 'brutal':
        f |= W_BRUTAL;
        break;
      case 'staggering':
        f |= W_STAGGERING;
        break;
      case 'sweeping':
        f |= W_SWEEPING;
        break;
      case 'disarming':
        f |= W_DISARMING;
        break;
      case 'scatter':
        f |= W_SCATTER;
        break;
    }
  }
  if (w.improvised) {
    f |= W_IMPROVISED;
    // HA-W4: standard improvised is thrown at Near; heavy improvised is Heavy and not thrown.
    if (w.improvised === 'heavy') {
      f |= W_HEAVY;
      f &= ~W_THROWN;
    } else f |= W_THROWN;
  }
  if (w.unarmed) f |= W_UNARMED;
  return f;
}

/** HA-Z3 / HA-W1: farthest band; a Thrown melee weapon also reaches Near. */
export function weaponReach(w: Weapon, flags: number): number {
  let b = bandNum(w.reach);
  if (w.kind === 'thrown') b = Math.max(b, BAND_NEAR);
  if (w.kind === 'ranged' || w.kind === 'firearm') b = Math.max(b, bandNum(w.reach ?? 'far'));
  if (flags & W_THROWN) b = Math.max(b, BAND_NEAR);
  return b;
}

export interface DeckLayout {
  size: number;
  /** Ordered cards on top (stacked decks), first drawn first. */
  top: Card[];
  /** Cards shuffled beneath. */
  shuffled: Card[];
  /** The whole multiset (for the tactics' odds tables). */
  all: Card[];
}

/** HA-C3 + model DeckSpec: standard, homebrew, stacked [only]. */
export function deckLayout(spec: DeckSpec | undefined): DeckLayout {
  if (!spec || spec.kind === 'standard') {
    const all = standardDeck();
    return { size: DECK_SIZE, top: [], shuffled: all, all };
  }
  const cards = spec.cards.filter((c) => Number.isInteger(c) && c >= 0 && c < DECK_SIZE);
  if (spec.kind === 'homebrew') return { size: cards.length, top: [], shuffled: cards.slice(), all: cards.slice() };
  // stacked
  if (spec.only) return { size: cards.length, top: cards.slice(), shuffled: [], all: cards.slice() };
  const used = new Set(cards);
  const rest = standardDeck().filter((c) => !used.has(c));
  return { size: cards.length + rest.length, top: cards.slice(), shuffled: rest, all: cards.concat(rest) };
}

export interface Compiled {
  enc: Encounter;
  n: number;
  ids: string[];
  idHash: Uint32Array;
  combatants: Combatant[];
  side: Int32Array;
  sideNames: string[];
  nSides: number;
  order: Int32Array; // declaration order (HA-I2)
  /** c's enemies (every other side), in index order: foes[foeStart[c] .. foeStart[c + 1]). Lets scans skip allies. */
  foeStart: Int32Array;
  foes: Int32Array;
  /** c's allies (its side, c excluded), in index order: allies[allyStart[c] .. allyStart[c + 1]). */
  allyStart: Int32Array;
  allies: Int32Array;
  roundCap: number;
  linkStrikes: boolean;
  teamUltimates: boolean;
  // zones
  nz: number;
  zoneNames: string[];
  rangeDist: Int32Array; // nz*nz (HA-Z2)
  moveDist: Int32Array; // nz*nz, over adjacency + drops
  firstHop: Int32Array; // nz*nz
  /** feet of the drop taken when stepping x→y (−1 when the step is a plain adjacency). */
  stepDrop: Int32Array; // nz*nz
  stepSoft: Uint8Array; // nz*nz
  /** HA-F1: what a fall along the drop x→y deals the creature landed on (half the fall, soft halved first); −1: no drop. */
  stepLand: Int32Array; // nz*nz
  /** [band][x][y]: fewest moves from x to a zone from which y is within band. */
  approachDist: Int32Array; // 3*nz*nz
  approachNext: Int32Array; // 3*nz*nz
  startZone: Int32Array;
  // numbers
  stats: Int32Array; // n*4
  draws: Int32Array; // n*4
  maxStat: Int32Array;
  vitMax: Int32Array;
  guard: Int32Array;
  resolve: Int32Array;
  initMod: Int32Array;
  quickDraw: Uint8Array;
  brawler: Uint8Array;
  player: Uint8Array;
  tactic: Int32Array;
  // weapons: n*SLOTS
  hasSlot: Uint8Array;
  wName: string[];
  wStat: Int32Array; // stat index
  wReach: Int32Array;
  wBonus: Int32Array;
  wFlags: Int32Array;
  // techniques
  tStart: Int32Array; // n+1
  tName: string[];
  tCost: Int32Array;
  tStat: Int32Array;
  tResolve: Uint8Array; // against resolve
  tTargets: Int32Array; // 0 single 1 dual 2 sweep
  tReach: Int32Array;
  tBonus: Int32Array;
  /** Farthest band any of its attacks reaches (main weapon or technique). */
  maxBand: Int32Array;
  /**
   * [(c*SLOTS + slot)*4 + a]: farthest band of the weapon in slot and of c's techniques costing ≤ a actions
   * (a = 0..3) — the tactics' reach with a actions left, and their approach band (a = 2).
   */
  reachBy: Int32Array;
  // decks
  deck: DeckLayout[];
  deckSize: Int32Array;
  maxDraw: number;
  /** EV of each card for each combatant and stat (HA-K2: value + Resonance): [(c*4 + stat)*52 + card]. */
  cardEv: Int32Array;
  /**
   * Card-play order of a best-EV pick (highest EV, ties the lower face value): [(c*4 + stat)*52 + card] =
   * EV*32 + (31 − value), so one integer compare replaces the two-key compare; value ∈ 2..14 keeps the
   * low part in 17..29, monotone for any EV.
   */
  playKey: Int32Array;
  // odds tables for the tactics (full-deck composition): P(max EV ≤ x) per stat
  cdf: Float64Array; // n*4*EV_SIZE
  /**
   * Expected EV of c's Body check before modifiers, Σx P(max EV > x) over the cdf (the tactics weigh an
   * Active Guard, HA-A5, by it): summed once here in the order the tactics once summed it per decision.
   */
  guardEv: Float64Array; // n
  /** Expected damage / P(hit) per option vs t = defense − EV modifiers (offset T_OFF). Options: weapon slots, then techniques. */
  edW: Float64Array; // n*SLOTS*T_SIZE
  phW: Float64Array;
  edT: Float64Array; // nTech*T_SIZE
  phT: Float64Array;
  /**
   * The GM's priority rules per combatant (issue 33; engine/gm-rules.ts), null for one without; the whole array
   * null when nobody has rules, so an unscripted fight tests one field per decision and does nothing else.
   */
  gm: (Tactics | null)[] | null;
}

function statIndex(s: Stat | undefined): number {
  const i = STATS.indexOf(s as Stat);
  return i < 0 ? 1 : i;
}

/** Whether a combatant has a GM rule that can decide (an `otherwise` alone only names its preset). */
const scripted = (cb: Combatant): boolean => !!cb.tactics?.rules.some((r) => r.form !== 'otherwise');

const cache = new WeakMap<Encounter, Compiled>();

export function compile(enc: Encounter): Compiled {
  const hit = cache.get(enc);
  if (hit) return hit;
  const c = compileUncached(enc);
  cache.set(enc, c);
  return c;
}

/** HA-F1: a fall's damage before the Body check, 1 per 10 ft, halved first on a soft surface (the fall, fallCost and stepLand read it). */
export function fallBase(feet: number, soft: boolean): number {
  const tens = Math.floor(feet / 10);
  return soft ? tens >> 1 : tens;
}

/**
 * The encounter's zones as tables (HA-Z2 range, movement, HA-F1/F2 drops), from engine/reach.ts — the computation the
 * checker and hovers use too — and, per range band, the nearest zone to attack from and the first step toward it.
 */
function zoneTables(enc: Encounter) {
  const g = zoneGraph(
    enc.zones,
    enc.combatants.map((cb) => cb.zone),
  );
  const nz = g.nz;
  const zoneNames = g.names.slice();
  const zi = g.index;
  const rangeDist = allPairs(g.rangeAdj).dist; // HA-Z2
  const stepDrop = new Int32Array(nz * nz).fill(-1);
  const stepSoft = new Uint8Array(nz * nz);
  const stepLand = new Int32Array(nz * nz).fill(-1);
  for (const [key, d] of g.drops) {
    stepDrop[key] = d.feet;
    stepSoft[key] = d.soft ? 1 : 0;
    stepLand[key] = fallBase(d.feet, d.soft) >> 1; // HA-F1: the creature landed on takes half
  } // HA-F2
  const moves = allPairs(g.moveAdj, true);
  const moveDist = moves.dist;
  const firstHop = moves.firstHop!;
  const approachDist = new Int32Array(3 * nz * nz).fill(INF);
  const approachNext = new Int32Array(3 * nz * nz).fill(-1);
  for (let b = 0; b < 3; b++)
    for (let x = 0; x < nz; x++)
      for (let y = 0; y < nz; y++) {
        let best = INF,
          bz = -1;
        for (let z = 0; z < nz; z++) {
          if (!inBand(rangeDist[z * nz + y], b)) continue;
          const md = moveDist[x * nz + z];
          if (md < best) {
            best = md;
            bz = z;
          }
        }
        approachDist[(b * nz + x) * nz + y] = best;
        approachNext[(b * nz + x) * nz + y] = bz < 0 ? -1 : firstHop[x * nz + bz];
      }
  return { nz, zoneNames, zi, rangeDist, moveDist, firstHop, stepDrop, stepSoft, stepLand, approachDist, approachNext };
}

function compileUncached(enc: Encounter): Compiled {
  const combatants = enc.combatants;
  const n = combatants.length;
  const { nz, zoneNames, zi, rangeDist, moveDist, firstHop, stepDrop, stepSoft, stepLand, approachDist, approachNext } =
    zoneTables(enc);

  const sideNames = enc.sides.slice();
  for (const cb of combatants) if (!sideNames.includes(cb.side)) sideNames.push(cb.side);
  const side = new Int32Array(n);
  const order = new Int32Array(n);
  const startZone = new Int32Array(n);
  const stats = new Int32Array(n * 4);
  const draws = new Int32Array(n * 4);
  const maxStat = new Int32Array(n);
  const vitMax = new Int32Array(n);
  const guard = new Int32Array(n);
  const resolve = new Int32Array(n);
  const initMod = new Int32Array(n);
  const quickDraw = new Uint8Array(n);
  const brawler = new Uint8Array(n);
  const player = new Uint8Array(n);
  const tactic = new Int32Array(n);
  const hasSlot = new Uint8Array(n * SLOTS);
  const wName: string[] = [];
  const wStat = new Int32Array(n * SLOTS);
  const wReach = new Int32Array(n * SLOTS);
  const wBonus = new Int32Array(n * SLOTS);
  const wFlags = new Int32Array(n * SLOTS);
  const tStart = new Int32Array(n + 1);
  const tName: string[] = [];
  const tCostA: number[] = [],
    tStatA: number[] = [],
    tResA: number[] = [],
    tTgtA: number[] = [],
    tReachA: number[] = [],
    tBonusA: number[] = [];
  const deck: DeckLayout[] = [];
  const deckSize = new Int32Array(n);
  const idHash = new Uint32Array(n);
  let maxDraw = 2;
  for (let i = 0; i < n; i++) {
    const cb = combatants[i];
    const b = cb.block;
    idHash[i] = hashString(cb.id);
    side[i] = sideNames.indexOf(cb.side);
    order[i] = Number.isFinite(cb.order) ? cb.order : i;
    startZone[i] = zi.get(cb.zone) ?? 0;
    let ms = 0;
    for (let s = 0; s < 4; s++) {
      const v = Math.trunc(b.stats?.[STATS[s]] ?? 0);
      stats[i * 4 + s] = v;
      // HA-K1: draws = max(2, stat), as the checker derived it (systems/halcyon-aces/check: the model is trusted)
      const d = b.draws[STATS[s]];
      draws[i * 4 + s] = d;
      if (d > maxDraw) maxDraw = d;
      if (v > ms) ms = v;
    }
    maxStat[i] = ms;
    vitMax[i] = Math.max(1, Math.trunc(b.vitality));
    // HA-N2, HA-N3: the Guard and Resolve the checker derived (declared, else its default)
    guard[i] = b.guard;
    resolve[i] = b.resolve;
    quickDraw[i] = b.perks?.includes('quick-draw') ? 1 : 0;
    brawler[i] = b.talents?.includes('brawler') ? 1 : 0;
    player[i] = b.player ? 1 : 0;
    // issue 33: a rules block's `otherwise PRESET` is the preset, over the character's `tactics PRESET`
    tactic[i] = TACTIC_CODES[(cb.tactics?.preset as Tactic | undefined) ?? b.tactic] ?? 0;
    const ws: (Weapon | undefined)[] = [b.weapon ?? UNARMED, b.offhand, UNARMED];
    for (let s = 0; s < SLOTS; s++) {
      const w = ws[s];
      const k = i * SLOTS + s;
      wName[k] = w ? w.name : '';
      if (!w) continue;
      hasSlot[k] = 1;
      const f = weaponFlags(w);
      wFlags[k] = f;
      wStat[k] = statIndex(w.stat ?? (w.kind === 'ranged' || w.kind === 'firearm' ? 'mind' : 'body'));
      wReach[k] = weaponReach(w, f);
      wBonus[k] = Math.trunc(w.bonus ?? 0);
    }
    // HA-I3: the initiative modifier the checker derived from the weapons
    initMod[i] = b.initiativeModifier;
    tStart[i] = tName.length;
    for (const t of b.techniques ?? []) {
      tName.push(t.name);
      tCostA.push(Math.min(3, Math.max(1, Math.trunc(t.cost))));
      tStatA.push(statIndex(t.stat));
      tResA.push(t.against === 'resolve' ? 1 : 0);
      tTgtA.push(t.targets === 'dual' ? 1 : t.targets === 'sweep' ? 2 : 0);
      tReachA.push(bandNum(t.reach));
      tBonusA.push(Math.trunc(t.bonus ?? 0));
    }
    const layout = deckLayout(cb.deck ?? b.deck);
    deck.push(layout);
    deckSize[i] = layout.size;
  }
  tStart[n] = tName.length;
  const nt = tName.length;
  const cardEv = new Int32Array(n * 4 * DECK_SIZE);
  const playKey = new Int32Array(n * 4 * DECK_SIZE);
  for (let i = 0; i < n; i++)
    for (let s = 0; s < 4; s++)
      for (let card = 0; card < DECK_SIZE; card++) {
        const v = cardValue(card);
        const e = v + (cardSuit(card) === s ? stats[i * 4 + s] : 0);
        cardEv[(i * 4 + s) * DECK_SIZE + card] = e;
        playKey[(i * 4 + s) * DECK_SIZE + card] = e * 32 + (31 - v);
      }
  const foeStart = new Int32Array(n + 1);
  const foeList: number[] = [];
  for (let i = 0; i < n; i++) {
    foeStart[i] = foeList.length;
    for (let j = 0; j < n; j++) if (side[j] !== side[i]) foeList.push(j);
  }
  foeStart[n] = foeList.length;
  const allyStart = new Int32Array(n + 1);
  const allyList: number[] = [];
  for (let i = 0; i < n; i++) {
    allyStart[i] = allyList.length;
    for (let j = 0; j < n; j++) if (j !== i && side[j] === side[i]) allyList.push(j);
  }
  allyStart[n] = allyList.length;
  const reachBy = new Int32Array(n * SLOTS * 4);
  for (let i = 0; i < n; i++)
    for (let s = 0; s < SLOTS; s++)
      for (let a = 0; a < 4; a++) {
        let b = wReach[i * SLOTS + s];
        for (let t = tStart[i]; t < tStart[i + 1]; t++) if (tCostA[t] <= a && tReachA[t] > b) b = tReachA[t];
        reachBy[(i * SLOTS + s) * 4 + a] = b;
      }
  const maxBand = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let b = wReach[i * SLOTS];
    for (let t = tStart[i]; t < tStart[i + 1]; t++) if (tReachA[t] > b) b = tReachA[t];
    maxBand[i] = b;
  }

  // Odds tables (tactics only; the rules never read them).
  const cdf = new Float64Array(n * 4 * EV_SIZE);
  for (let i = 0; i < n; i++) {
    const all = deck[i].all;
    const N = all.length;
    for (let s = 0; s < 4; s++) {
      const sv = stats[i * 4 + s];
      const cnt = new Float64Array(EV_SIZE);
      for (const card of all) cnt[clampEv(cardValue(card) + (cardSuit(card) === s ? sv : 0))]++;
      const k = Math.min(draws[i * 4 + s], N);
      let a = 0;
      for (let x = 0; x < EV_SIZE; x++) {
        a += cnt[x];
        // P(all k cards have EV ≤ x) = C(a, k) / C(N, k)
        let p = N === 0 ? 1 : 1;
        if (N > 0) for (let j = 0; j < k; j++) p *= Math.max(0, a - j) / (N - j);
        cdf[(i * 4 + s) * EV_SIZE + x] = p;
      }
    }
  }
  const guardEv = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let e = 0;
    for (let x = 0; x < EV_SIZE; x++) e += 1 - cdf[(i * 4 + 1) * EV_SIZE + x];
    guardEv[i] = e;
  }
  const edW = new Float64Array(n * SLOTS * T_SIZE);
  const phW = new Float64Array(n * SLOTS * T_SIZE);
  const edT = new Float64Array(nt * T_SIZE);
  const phT = new Float64Array(nt * T_SIZE);
  for (let i = 0; i < n; i++) {
    for (let s = 0; s < SLOTS; s++) {
      const k = i * SLOTS + s;
      if (!hasSlot[k]) continue;
      const f = wFlags[k];
      const st = wStat[k];
      const sv = stats[i * 4 + st];
      const bb = brawler[i] && f & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
      fillTables(
        cdf,
        (i * 4 + st) * EV_SIZE,
        bb,
        wBonus[k],
        f & W_KEEN ? 5 : 6,
        f & W_BRUTAL ? 2 * sv : sv,
        edW,
        phW,
        k * T_SIZE,
      );
    }
    for (let t = tStart[i]; t < tStart[i + 1]; t++) {
      const st = tStatA[t];
      // HA-S2: technique damage adds the wielded weapon's bonus and the technique's (ruling R5).
      fillTables(
        cdf,
        (i * 4 + st) * EV_SIZE,
        0,
        wBonus[i * SLOTS] + tBonusA[t],
        6,
        stats[i * 4 + st],
        edT,
        phT,
        t * T_SIZE,
      );
    }
  }

  return {
    enc,
    n,
    ids: combatants.map((c) => c.id),
    idHash,
    combatants,
    side,
    sideNames,
    nSides: sideNames.length,
    order,
    foeStart,
    foes: Int32Array.from(foeList),
    allyStart,
    allies: Int32Array.from(allyList),
    roundCap: enc.rounds > 0 ? Math.trunc(enc.rounds) : 50,
    linkStrikes: !!enc.options?.linkStrikes,
    teamUltimates: !!enc.options?.teamUltimates,
    nz,
    zoneNames,
    rangeDist,
    moveDist,
    firstHop,
    stepDrop,
    stepSoft,
    stepLand,
    approachDist,
    approachNext,
    startZone,
    stats,
    draws,
    maxStat,
    vitMax,
    guard,
    resolve,
    initMod,
    quickDraw,
    brawler,
    player,
    tactic,
    hasSlot,
    wName,
    wStat,
    wReach,
    wBonus,
    wFlags,
    tStart,
    tName,
    tCost: Int32Array.from(tCostA),
    tStat: Int32Array.from(tStatA),
    tResolve: Uint8Array.from(tResA),
    tTargets: Int32Array.from(tTgtA),
    tReach: Int32Array.from(tReachA),
    tBonus: Int32Array.from(tBonusA),
    gm: combatants.some(scripted) ? combatants.map((cb) => (scripted(cb) ? cb.tactics! : null)) : null,
    maxBand,
    reachBy,
    deck,
    deckSize,
    maxDraw,
    cardEv,
    playKey,
    cdf,
    guardEv,
    edW,
    phW,
    edT,
    phT,
  };
}

function clampEv(x: number): number {
  return x < 0 ? 0 : x >= EV_SIZE ? EV_SIZE - 1 : x;
}

/** ED[t] = E[damage] and PH[t] = P(hit) for one check config, t = defense − EV modifiers. */
function fillTables(
  cdf: Float64Array,
  off: number,
  shift: number,
  bonus: number,
  critAt: number,
  critAdd: number,
  ed: Float64Array,
  ph: Float64Array,
  out: number,
): void {
  for (let ti = 0; ti < T_SIZE; ti++) {
    const t = ti - T_OFF;
    let e = 0,
      p = 0;
    for (let x = 0; x < EV_SIZE; x++) {
      const px = cdf[off + x] - (x > 0 ? cdf[off + x - 1] : 0);
      if (px <= 0) continue;
      const margin = x + shift - t;
      if (margin < 0) continue;
      p += px;
      e += px * Math.max(0, margin + bonus + (margin >= critAt ? critAdd : 0));
    }
    ed[out + ti] = e;
    ph[out + ti] = p;
  }
}

/** Index into an ED/PH table for defense d and EV modifier m. */
export function tIndex(d: number, m: number): number {
  const t = d - m + OFF;
  return t < 0 ? 0 : t >= SIZE ? SIZE - 1 : t;
}
