import assert from 'node:assert/strict';
import { parse, MAX_NESTING, type Statement, type Term, type Range } from '../../grammar/index.js';

const slice = (text: string, r: Range): string => text.slice(r.start.offset, r.end.offset);
const terms = (text: string, i = 0): Term[] => parse(text).file.statements[i].terms;

describe('grammar: every construct', () => {
  it('reads words, including hyphenated keywords', () => {
    const t = terms('options link-strikes team-ultimates');
    assert.deepEqual(
      t.map((x) => (x.kind === 'word' ? x.text : x.kind)),
      ['options', 'link-strikes', 'team-ultimates'],
    );
  });

  it('reads strings with escapes, and names with accents', () => {
    const t = terms('character "Zoë \\"the Blade\\"" Ælfric');
    assert.equal(t[1].kind, 'string');
    assert.equal(t[1].kind === 'string' && t[1].value, 'Zoë "the Blade"');
    assert.equal(t[2].kind === 'word' && t[2].text, 'Ælfric');
  });

  it('reads signed and unsigned integers', () => {
    const t = terms('bonus +2 armor -1 heart 3');
    const nums = t.filter((x) => x.kind === 'number');
    assert.deepEqual(
      nums.map((n) => n.kind === 'number' && [n.value, n.signed]),
      [
        [2, true],
        [-1, true],
        [3, false],
      ],
    );
  });

  it('reads distances in feet', () => {
    const t = terms('height 20ft');
    assert.equal(t[1].kind, 'dimension');
    assert.equal(t[1].kind === 'dimension' && t[1].value, 20);
  });

  it('HA-C1/HA-C2 reads card literals in symbols and ASCII, with the same values', () => {
    const sym = terms('cards 10♣ Q♠ A♥ 7♦ J♣ K♥ 2♠').slice(1);
    const ascii = terms('cards 10C QS AH 7D JC KH 2S').slice(1);
    const val = (x: Term) => (x.kind === 'card' ? [x.value, x.suit] : x.kind);
    assert.deepEqual(sym.map(val), [
      [10, 1],
      [12, 3],
      [14, 0],
      [7, 2],
      [11, 1],
      [13, 0],
      [2, 3],
    ]);
    assert.deepEqual(ascii.map(val), sym.map(val));
  });

  it('reads white suit symbols and emoji variation selectors as cards', () => {
    const t = terms('cards Q♤ 3♡ A♥️').slice(1);
    assert.deepEqual(
      t.map((x) => x.kind === 'card' && [x.value, x.suit]),
      [
        [12, 3],
        [3, 0],
        [14, 0],
      ],
    );
  });

  it('a longer name wins over a card prefix (KHAN, Ace, Kael are names)', () => {
    const t = terms('KHAN Ace Kael QS');
    assert.deepEqual(
      t.map((x) => x.kind),
      ['word', 'word', 'word', 'card'],
    );
  });

  it('reads copy counts, but x-words stay names', () => {
    const t = terms('Thug x3 xavier x3b');
    assert.deepEqual(
      t.map((x) => x.kind),
      ['word', 'copies', 'word', 'word'],
    );
    assert.equal(t[1].kind === 'copies' && t[1].count, 3);
  });

  it('skips comments but keeps them for tools', () => {
    const r = parse('# top\nheart 2 # trailing\n');
    assert.equal(r.file.statements.length, 1);
    assert.deepEqual(
      r.comments.map((c) => c.text),
      ['# top', '# trailing'],
    );
    assert.equal(r.errors.length, 0);
  });

  it('splits statements on new lines and semicolons; a comma continues the line', () => {
    const r = parse('seed 7; rounds 30\nadjacent a,\n   b, c\nheart 2');
    assert.deepEqual(
      r.file.statements.map((s) => s.terms.length),
      [2, 2, 4, 2],
    );
  });

  it('nests blocks and allows several blocks on one line', () => {
    const r = parse('encounter E {\n  zone a { adjacent b } zone b { }\n  side x { Kael at a }\n}');
    assert.equal(r.errors.length, 0);
    const enc = r.file.statements[0];
    assert.equal(enc.block?.statements.length, 3);
    assert.equal(enc.block?.statements[0].block?.statements[0].terms.length, 2);
    assert.equal(enc.block?.closed, true);
  });

  it('gives every node a range that matches its text', () => {
    const text = 'weapon "Long Bow" { ranged mind +1 quick }\ndeck D { cards 10♣ QS }\n';
    const r = parse(text);
    const visit = (s: Statement): void => {
      for (const t of s.terms) {
        const src = slice(text, t.range);
        if (t.kind === 'word') assert.equal(src, t.text);
        if (t.kind === 'card') assert.equal(src, t.text);
        if (t.kind === 'number') assert.equal(src, t.text);
        if (t.kind === 'string') assert.equal(src, JSON.stringify(t.value));
      }
      if (s.block) {
        assert.equal(slice(text, s.block.range)[0], '{');
        assert.equal(slice(text, s.block.range).at(-1), '}');
        s.block.statements.forEach(visit);
      }
    };
    r.file.statements.forEach(visit);
    assert.equal(slice(text, r.file.statements[1].range), 'deck D { cards 10♣ QS }');
  });

  it('counts lines and characters like LSP, with CRLF and astral characters', () => {
    const r = parse('a 1\r\n\r\n  b 2 # 😀 x\r\n  c 3');
    const c = r.file.statements[2].terms[0];
    assert.deepEqual([c.range.start.line, c.range.start.character], [3, 2]);
  });
});

describe('grammar: recovery reports every error of a file in one pass', () => {
  const text = [
    'weapon Sword { melee +2 @ }', // 0: bad character
    'character Kael {',
    '  heart 2 "unclosed', // 2: unterminated string
    '}',
    '}', // 4: stray brace
    '{ heart 2 }', // 5: headless block
    'zone a { adjacent b', // 6: never closed
  ].join('\n');
  const r = parse(text);

  it('finds all five problems, in order, on the right lines', () => {
    assert.deepEqual(
      r.errors.map((e) => e.range.start.line),
      [0, 2, 4, 5, 6],
      r.errors.map((e) => e.message).join('\n'),
    );
  });

  it('points at the exact offending text', () => {
    assert.equal(slice(text, r.errors[0].range), '@');
    assert.equal(slice(text, r.errors[1].range), '"unclosed');
    assert.equal(slice(text, r.errors[2].range), '}');
    assert.equal(slice(text, r.errors[3].range), '{');
    assert.equal(slice(text, r.errors[4].range), '{');
  });

  it('keeps the structure around the errors', () => {
    const names = r.file.statements.map((s) => s.terms.map((t) => (t.kind === 'word' ? t.text : t.kind)).join(' '));
    assert.deepEqual(names, ['weapon Sword', 'character Kael', '', 'zone a']);
    assert.equal(r.file.statements[0].block?.statements[0].terms.length, 2);
    assert.equal(r.file.statements[3].block?.closed, false);
  });

  it('says what to do in each message', () => {
    for (const e of r.errors) assert.match(e.message, /(Remove|Add|Delete|add)/);
  });
});

describe('grammar: hostile input', () => {
  it(`survives 10,000 nested braces with one clear error (limit ${MAX_NESTING})`, () => {
    const text = 'a { '.repeat(10000) + '}'.repeat(10000);
    const r = parse(text);
    assert.equal(r.errors.length, 1, r.errors.map((e) => e.message).join('\n'));
    assert.match(r.errors[0].message, /nested more than 64/);
  });

  it('survives 10,000 nested headless braces, one error per kept level', () => {
    const r = parse('{ '.repeat(10000) + '}'.repeat(10000));
    assert.equal(r.errors.filter((e) => /nested more than/.test(e.message)).length, 1);
    assert.ok(r.errors.length <= MAX_NESTING + 1);
  });

  it('survives 10,000 unclosed braces', () => {
    const r = parse('x {'.repeat(10000));
    assert.ok(r.errors.length >= 1);
  });

  it('parses an empty file and a file of only comments', () => {
    assert.equal(parse('').file.statements.length, 0);
    assert.equal(parse('# only\n# comments').errors.length, 0);
  });
});
