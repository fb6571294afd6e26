// model/read.ts on hostile text: what one line of a file may hold.
import assert from 'node:assert/strict';
import { checkText } from '../../systems/index.js';
import { MAX_READER_DIAGNOSTICS } from '../../model/read.js';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../model/workspace.js';
import { scaleIt } from '../deep.js';

describe('model/read: hostile lines', () => {
  const sidePlacements = (text: string): number[] => {
    const f = [...checkText(text, 'main.aces').files.values()][0];
    return f
      .read!.blocks.flatMap((b) => b.children)
      .filter((c) => c.kind === 'side')
      .map((c) => c.placements.length);
  };

  scaleIt(
    '20,000 placements on one line of a side are read, in every system, without overflowing the stack (a call per placement did at some 10,000)',
    () => {
      const line = (placement: string, n: number) => `${placement} `.repeat(n);
      const t0 = performance.now();
      assert.deepEqual(
        sidePlacements(
          `system tactical-grid\nencounter E {\n  side a { ${line('A at a1', 20_000)}}\n  side b { A at b2 }\n}\ncharacter A { agi 2 }\n`,
        ),
        [20_000, 1],
      );
      assert.deepEqual(
        sidePlacements(
          `character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a { ${line('A at z', 20_000)}}\n  side b { A at z }\n}\n`,
        ),
        [20_000, 1],
      );
      assert.deepEqual(
        sidePlacements(
          `system heart-rush\ncharacter A { hp 10 }\nencounter E {\n  side a { ${line('A', 20_000)}}\n  side b { A }\n}\n`,
        ),
        [20_000, 1],
      );
      assert.ok(performance.now() - t0 < 10_000, `${Math.round(performance.now() - t0)} ms`);
    },
  );

  it('several placements on a line are still read one by one, the unknown word with the one it follows', () => {
    assert.deepEqual(
      sidePlacements(
        'character A { heart 1 body 2 mind 1 spirit 1 vitality 9 }\nencounter E {\n  zone z { }\n  side a { A at z  "B" x2 at z  C sideways at z }\n  side b { A at z }\n}\n',
      ),
      [3, 1],
    );
  });
});

describe('model/read: a file of many reader errors', () => {
  it('keeps MAX_READER_DIAGNOSTICS and counts the rest: the file shows the same first 200 and the same total', () => {
    assert.ok(
      MAX_READER_DIAGNOSTICS >= MAX_DIAGNOSTICS_PER_FILE,
      'a dropped problem must lie beyond what the file shows',
    );
    const text = (n: number) => 'character A {\n' + 'bogus 1\n'.repeat(n) + '}\n';
    // below the reader's own cap every problem is a diagnostic, so it tells how many a file of n lines has
    const under = checkText(text(MAX_READER_DIAGNOSTICS - 100), 'main.aces').diagnostics;
    const extra =
      Number(/…and (\d+) more problems/.exec(under[under.length - 1].message)![1]) +
      MAX_DIAGNOSTICS_PER_FILE -
      (MAX_READER_DIAGNOSTICS - 100);
    const n = 3 * MAX_READER_DIAGNOSTICS;
    const over = checkText(text(n), 'main.aces').diagnostics;
    assert.equal(over.length, MAX_DIAGNOSTICS_PER_FILE + 1);
    assert.match(
      over[over.length - 1].message,
      new RegExp(`^…and ${n + extra - MAX_DIAGNOSTICS_PER_FILE} more problems in this file`),
    );
    assert.deepEqual(
      over.slice(0, 50).map((d) => d.message),
      under.slice(0, 50).map((d) => d.message),
    );
  });
});

describe('model/read: a name spelled like a keyword (issue 34 item 11)', () => {
  const errorsOf = (text: string) =>
    checkText(text, 'main.aces')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => d.message);
  const HARPOON = 'character Harpooner { heart 1 body 2 mind 1 spirit 1 vitality 9 }\n';

  it('`Harpooner at deck` places in a zone called deck: no errors, the placement reads deck', () => {
    const text = `${HARPOON}encounter E {\n  zone deck { }\n  zone hold { adjacent deck }\n  side a { Harpooner at deck }\n  side b { Harpooner at hold }\n}\n`;
    assert.deepEqual(errorsOf(text), []);
    const f = [...checkText(text, 'main.aces').files.values()][0];
    const side = f.read!.blocks.flatMap((b) => b.children).find((c) => c.kind === 'side')!;
    assert.equal(side.placements[0].args[0].names[0].text, 'deck');
  });

  it('with no zone called deck it is one error, the unknown zone, not three with a wrong did-you-mean', () => {
    const errs = errorsOf(
      `${HARPOON}encounter E {\n  zone hold { }\n  side a { Harpooner at deck }\n  side b { Harpooner at hold }\n}\n`,
    );
    assert.equal(errs.length, 1, errs.join('\n'));
    assert.match(errs[0], /No zone named 'deck'/);
  });

  it('a key with its own argument after it is still that key (`at deck Scripted`: at lacks its zone)', () => {
    const errs = errorsOf(
      `${HARPOON}deck Scripted { stacked cards 2H }\nencounter E {\n  zone hold { }\n  side a { Harpooner at deck Scripted }\n  side b { Harpooner at hold }\n}\n`,
    );
    assert.ok(
      errs.some((e) => /'at' needs/.test(e)),
      errs.join('\n'),
    );
  });
});

describe("model/workspace: one game's words in its messages (issue 34 item 10)", () => {
  it('a use of another system\'s file reads "an Arcana file" / "a Heart Rush file", with the right article', async () => {
    const { checkFiles } = await import('../../systems/index.js');
    const { memoryHost } = await import('../../model/workspace.js');
    const files = {
      'hr.aces': 'system heart-rush\nuse "ar.aces"\n',
      'ar.aces': 'system arcana\nuse "hr.aces"\n',
    };
    const r = checkFiles(Object.keys(files), memoryHost(files));
    const msgs = r.diagnostics.filter((d) => d.code === 'use-system').map((d) => d.message);
    assert.ok(
      msgs.some((m) => /is an Arcana file .* Use a Heart Rush file/.test(m)),
      msgs.join('\n'),
    );
    assert.ok(
      msgs.some((m) => /is a Heart Rush file .* Use an Arcana file/.test(m)),
      msgs.join('\n'),
    );
  });
});

describe('model/read: a tactics block after attributes on one line (issue 33)', () => {
  it('`character X { hp 20 tactics { never step away } }` reads the block, not the `tactics PRESET` attribute', () => {
    const r = checkText('system heart-rush\ncharacter X { hp 20 tactics { never step away } }\n', 'main.aces');
    assert.deepEqual(
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
      [],
    );
    const f = [...r.files.values()][0];
    const x = f.read!.blocks.find((b) => b.name === 'X')!;
    assert.equal(x.children.find((c) => c.kind === 'tactics')?.tactics?.rules[0].form, 'never');
    // and the attribute alone still reads as the preset's word
    const p = checkText('system heart-rush\ncharacter X { hp 20 tactics kite }\n', 'main.aces');
    assert.deepEqual(
      p.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });
});
