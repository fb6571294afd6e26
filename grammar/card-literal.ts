// The syntax of card literals: a rank (2–10, J, Q, K, A) and a suit, as a
// symbol (♥ ♣ ♦ ♠, or the white ♡ ♧ ♢ ♤, optionally with an emoji variation
// selector) or an upper-case letter (H C D S). Values 2–10, J 11, Q 12, K 13,
// A 14; suits in the order 0 ♥, 1 ♣, 2 ♦, 3 ♠ (bridge order reversed).

const SUITS: Record<string, number> = {
  '♥': 0,
  '♡': 0,
  H: 0,
  '♣': 1,
  '♧': 1,
  C: 1,
  '♦': 2,
  '♢': 2,
  D: 2,
  '♠': 3,
  '♤': 3,
  S: 3,
};
const RANKS: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };

export function decodeCardLiteral(text: string): { value: number; suit: number } | undefined {
  const m = /^(10|[2-9JQKA])([♥♡♣♧♦♢♠♤HCDS])\uFE0F?$/u.exec(text);
  if (!m) return undefined;
  return { value: RANKS[m[1]] ?? Number(m[1]), suit: SUITS[m[2]] };
}
