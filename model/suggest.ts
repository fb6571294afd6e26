// Did-you-mean: the closest known names by edit distance (Damerau–Levenshtein,
// case-insensitive), close enough to be a plausible typo.
//
// It runs for every unknown word of a file, and a hostile file has hundreds of thousands of them (250,000
// `bogus 1` lines took 7 s of CPU, a third of it garbage from a table per pair): so no allocation per pair, a
// word's suggestions are kept while the same word comes back, and the table is only filled within the distance
// that can still count (`cap`), which also keeps two long names from costing length × length.

import { shortName } from './message-text.js';

/** The table's rows, kept between calls: three of them (rows i−2, i−1 and i), grown as needed up to KEEP_ROWS. */
let rows = new Int32Array(3 * 32);
/** The longest rows kept for the next call; a longer name (a hostile file's) gets rows of its own, dropped after. */
const KEEP_ROWS = 3 * 1024;

/**
 * The edit distance of a and b ignoring case, exact up to `cap`; any distance above `cap` is reported as
 * cap + 1 (the caller only asks whether a word is within `cap`). Only cells within `cap` of the diagonal are
 * filled: a cell farther off is more than `cap` whatever the letters, and a path to a distance within `cap`
 * never leaves the band, so the answer is the full table's.
 */
export function editDistance(a: string, b: string, cap = 3): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const m = a.length;
  const n = b.length;
  const far = cap + 1;
  if (Math.abs(m - n) > cap) return far;
  const w = n + 1;
  if (rows.length < 3 * w && 3 * w <= KEEP_ROWS) rows = new Int32Array(3 * w);
  const r = rows.length >= 3 * w ? rows : new Int32Array(3 * w);
  for (let j = 0; j <= n; j++) r[j] = j;
  for (let i = 1; i <= m; i++) {
    const cur = (i % 3) * w,
      prev = ((i + 2) % 3) * w,
      prev2 = ((i + 1) % 3) * w;
    const from = Math.max(1, i - cap),
      to = Math.min(n, i + cap);
    // the cells just outside the band read as "too far" by this row and the next ones
    r[cur] = i;
    if (from > 1) r[cur + from - 1] = far;
    if (to < n) r[cur + to + 1] = far;
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(r[prev + j] + 1, r[cur + j - 1] + 1, r[prev + j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        d = Math.min(d, r[prev2 + j - 2] + 1);
      r[cur + j] = d;
    }
  }
  return Math.min(r[(m % 3) * w + n], far);
}

/** The last word asked about, its candidates and its answer: a hostile file repeats one unknown word. */
let lastAsked: { word: string; candidates: string[]; max: number; answer: string[] } | undefined;

/** Up to `max` candidates within a distance that scales with the word's length. */
export function suggest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const list = Array.isArray(candidates) ? (candidates as string[]) : [...candidates];
  const last = lastAsked;
  if (last && last.word === word && last.max === max && sameList(last.candidates, list)) return last.answer.slice();
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  const lower = word.toLowerCase();
  const scored: [string, number][] = [];
  for (const c of list) {
    if (c === word) continue;
    const cl = c.toLowerCase();
    // a name the word begins (3 letters or more) is offered whatever its length: its distance is the letters added
    const prefix = word.length >= 3 && cl.startsWith(lower);
    const dist = cl === lower ? 0 : prefix ? cl.length - lower.length : editDistance(word, c, limit);
    if (dist <= limit || prefix) scored.push([c, dist]);
  }
  scored.sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1));
  const answer = scored.slice(0, max).map((s) => s[0]);
  lastAsked = { word, candidates: list.slice(), max, answer };
  return answer.slice();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** "a weapon", "an encounter": the article a noun (a block kind, a zone kind…) takes in a message. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** " Did you mean 'a' or 'b'?" or "". */
export function didYouMean(suggestions: string[]): string {
  if (!suggestions.length) return '';
  const q = suggestions.map((s) => `'${shortName(s)}'`);
  return ` Did you mean ${q.length === 1 ? q[0] : q.slice(0, -1).join(', ') + ' or ' + q[q.length - 1]}?`;
}
