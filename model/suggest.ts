// Did-you-mean: the closest known names by edit distance (Damerau–Levenshtein,
// case-insensitive), close enough to be a plausible typo.

/** How far apart two names can be and still be told apart exactly; suggest's limit is at most this. */
const BAND = 3;

/**
 * Damerau–Levenshtein distance (optimal string alignment), exact up to BAND; a larger one is some number above
 * BAND, which is all suggest asks. Only the cells within BAND of the diagonal are computed (a path leaving it
 * costs more than BAND), in three rows: the whole table made two unknown names of 2,000 characters take 0.5 s
 * (quadratic in time and memory: 10,000 characters would be some 12 s and 800 MB).
 */
export function editDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > BAND) return Math.abs(m - n);
  const OUT = BAND + 1;
  let before = new Int32Array(n + 1).fill(OUT); // row i - 2
  let prev = new Int32Array(n + 1).fill(OUT); // row i - 1
  let cur = new Int32Array(n + 1).fill(OUT);
  for (let j = 0; j <= Math.min(n, BAND); j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - BAND);
    const hi = Math.min(n, i + BAND);
    // the cells just outside the band read as far; column 0 is i deletions
    cur[lo - 1] = lo === 1 && i <= BAND ? i : OUT;
    if (hi < n) cur[hi + 1] = OUT;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
    }
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[n];
}

/** Up to `max` candidates within a distance that scales with the word's length. */
export function suggest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  const scored: [string, number][] = [];
  for (const c of candidates) {
    if (c === word) continue;
    const dist = c.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, c);
    if (dist <= limit || (word.length >= 3 && c.toLowerCase().startsWith(word.toLowerCase()))) scored.push([c, dist]);
  }
  scored.sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1));
  return scored.slice(0, max).map((s) => s[0]);
}

/** "a weapon", "an encounter": the article a noun (a block kind, a zone kind…) takes in a message. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** " Did you mean 'a' or 'b'?" or "". */
export function didYouMean(suggestions: string[]): string {
  if (!suggestions.length) return '';
  const q = suggestions.map((s) => `'${s}'`);
  return ` Did you mean ${q.length === 1 ? q[0] : q.slice(0, -1).join(', ') + ' or ' + q[q.length - 1]}?`;
}
