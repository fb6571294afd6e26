// model/split.ts, the one split of a line: where an attribute's arguments end (the schema's arity) and where a
// block's header starts after attributes on the same line. The reader (model/read.ts) and the language service
// (server/service/syntax.ts) both read a line by it (issue 34 item 13, issue 36 item 3).
import assert from 'node:assert/strict';
import { parse } from '../../grammar/index.js';
import { REGISTRY } from '../../systems/index.js';
import { headerStart } from '../../model/split.js';
import { classify } from '../../server/service/syntax.js';
import { char, check, diags } from '../helpers.js';

const HA = REGISTRY.fallback.schema;
const PEOPLE = char('A') + char('B');
const ONE_LINE = `encounter "E" { seed 3 zone a { adjacent b } zone b { } side x { A at a } side y { B at b } }\n`;
const SPLIT = `encounter "E" {\n  seed 3\n  zone a { adjacent b }\n  zone b { }\n  side x { A at a }\n  side y { B at b }\n}\n`;

describe('model/split: one line read as written', () => {
  it('HA-Z1: a compact one-line encounter (`seed 3 zone a { adjacent b }`) checks as the same text split over lines', () => {
    assert.deepEqual(diags(SPLIT + PEOPLE), []);
    assert.deepEqual(
      diags(ONE_LINE + PEOPLE).map((d) => `${d.code} ${d.message}`),
      [],
    );
    const [one, split] = [ONE_LINE, SPLIT].map((t) => check(t + PEOPLE).model.encounters[0]);
    assert.equal(one.seed, 3);
    assert.deepEqual(
      one.zones.map((z) => z.name),
      split.zones.map((z) => z.name),
    );
    assert.deepEqual(
      one.zones.map((z) => z.name),
      ['a', 'b'],
    );
  });

  it('the header starts where the attributes before it end, by their arity: `seed 3` takes one number', () => {
    const st = parse('seed 3 zone a { adjacent b }').file.statements[0];
    assert.equal(headerStart(st, 'encounter', HA), 2);
    assert.equal(headerStart(parse('zone a { }').file.statements[0], 'encounter', HA), 0);
    // no block: nothing to split; at the top of a file: no attributes to read first
    assert.equal(headerStart(parse('seed 3 zone a').file.statements[0], 'encounter', HA), undefined);
    assert.equal(headerStart(st, 'file', HA), undefined);
  });

  it('the language service gives the terms the roles the reader reads them by (key, argument, kind, name)', () => {
    const st = parse('seed 3 zone a { adjacent b }').file.statements[0];
    assert.deepEqual(
      classify(st, 'encounter', HA).map((r) => r.role),
      ['key', 'arg', 'kind', 'def'],
    );
  });

  it('where the text is really ambiguous, the message says what to split, not that a valid keyword is invalid', () => {
    const ds = diags(`encounter "E" { seed 3 zorn a { adjacent b } }\n` + PEOPLE).filter(
      (d) => d.code === 'unknown-keyword',
    );
    assert.equal(ds.length, 1, JSON.stringify(ds));
    assert.match(ds[0].message, /^'seed' is an attribute of an encounter, but this line also opens a block/);
    assert.match(ds[0].message, /Split the line/);
    assert.doesNotMatch(ds[0].message, /not something you can write/);
  });
});
