// Did-you-mean: the closest known names by edit distance (Damerau–Levenshtein,
// case-insensitive), close enough to be a plausible typo.

export function editDistance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > 3) return Math.abs(m - n);
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 0; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
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
