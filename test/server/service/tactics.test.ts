// The editor inside a `tactics { … }` block (issue 33 item 2): completion of every condition, action and selector
// word, hover that says a rule in words, semantic tokens, formatting and the did-you-mean fix, in every system
// whose schema has GM priority rules.
import assert from 'node:assert/strict';
import { REGISTRY } from '../../../systems/index.js';
import { applyEdits, serviceWith } from '../cursor.js';
import { SEMANTIC_LEGEND } from '../../../server/service/structure.js';
import type { RuleSystem } from '../../../model/system.js';

const scripted = (): RuleSystem[] => REGISTRY.systems.filter((s) => s.schema.tactics);

/** A file of `s` with one character whose tactics block holds `rules` (`<|>` may mark the cursor). */
function fileOf(s: RuleSystem, rules: string): string {
  const head = s === REGISTRY.fallback ? '' : `system ${s.id}\n`;
  return `${head}character Boss {\n  tactics {\n${rules}\n  }\n}\n`;
}

function words(s: RuleSystem) {
  const v = s.schema.tactics!;
  const first = (o: object): string => Object.keys(o)[0];
  const percent = Object.keys(v.measures).find((m) => v.measures[m].percent);
  return { v, action: first(v.actions), measure: percent ?? first(v.measures), pct: percent ? '30%' : '3' };
}

describe('server/service: GM priority rules in the editor (issue 33)', () => {
  it('every system has GM priority rules in its schema', () => {
    assert.deepEqual(
      scripted().map((s) => s.id),
      REGISTRY.systems.map((s) => s.id),
    );
  });

  it('completion offers how a rule starts and every action; after a subject, every measure; after `otherwise`, every preset', () => {
    for (const s of scripted()) {
      const { v } = words(s);
      const labels = (rules: string): string[] => {
        const { ls, uri, pos } = serviceWith(fileOf(s, rules));
        return ls.complete(uri, pos).items.map((i) => i.label);
      };
      const start = labels('    <|>');
      for (const w of ['when', 'open with', 'target', 'never', 'otherwise', ...Object.keys(v.actions)])
        assert.ok(start.includes(w), `${s.id}: ${w} in ${start.join(', ')}`);
      const self = labels('    when self <|>');
      for (const m of Object.keys(v.measures)) assert.ok(self.includes(m), `${s.id}: ${m}`);
      assert.deepEqual(labels('    otherwise <|>').sort(), Object.keys(v.presets).sort(), s.id);
      const after = labels('    when round is 1: <|>');
      assert.deepEqual(after.sort(), Object.keys(v.actions).sort(), s.id);
    }
  });

  it('in a character, `tactics` is offered once: the block, its doc naming the one-line preset too', () => {
    for (const s of scripted()) {
      const head = s === REGISTRY.fallback ? '' : `system ${s.id}\n`;
      const { ls, uri, pos } = serviceWith(`${head}character Boss {\n  <|>\n}\n`);
      const items = ls.complete(uri, pos).items.filter((i) => i.label === 'tactics');
      assert.equal(items.length, 1, `${s.id}: ${items.length} items named tactics`);
      assert.equal(items[0].insertTextFormat, 2, `${s.id}: the block snippet`);
      assert.match((items[0].documentation as { value: string }).value, /Or on one line:/, s.id);
    }
  });

  it('hover on a word says what it means and the whole rule in words', () => {
    for (const s of scripted()) {
      const { v, action, measure, pct } = words(s);
      const { ls, uri, pos } = serviceWith(fileOf(s, `    when self ${measure} below ${pct}: <|>${action}`));
      const h = ls.hover(uri, { line: pos.line, character: pos.character + 1 });
      const text = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
      assert.ok(text.includes(v.actions[action].doc), `${s.id}: ${text}`);
      assert.match(text, new RegExp(`Rule 1: takes ${action}.* when its own ${measure} is below`), s.id);
    }
  });

  it('semantic tokens colour the grammar as keywords, actions as functions, measures as properties, numbers', () => {
    for (const s of scripted()) {
      const { action, measure, pct } = words(s);
      const text = fileOf(s, `    when self ${measure} below ${pct}: ${action}`);
      const { ls, uri } = serviceWith(text);
      const data = ls.semanticTokens(uri).data;
      const src = text.split('\n');
      const toks: string[] = [];
      let line = 0;
      let ch = 0;
      for (let i = 0; i < data.length; i += 5) {
        line += data[i];
        ch = data[i] ? data[i + 1] : ch + data[i + 1];
        toks.push(`${src[line].slice(ch, ch + data[i + 2])}:${SEMANTIC_LEGEND.tokenTypes[data[i + 3]]}`);
      }
      // a phrase (`harm left`) colours each of its words
      const parts = [
        ...measure.split(' ').map((w) => `${w}:property`),
        ...action.split(' ').map((w) => `${w}:function`),
      ];
      for (const t of ['when:keyword', 'self:keyword', `${pct}:number`, ...parts])
        assert.ok(toks.includes(t), `${s.id}: ${t} in ${toks.join(' ')}`);
    }
  });

  it('formatting writes the colon after the condition and indents the rules; formatting again changes nothing', () => {
    for (const s of scripted()) {
      const { action, measure, pct } = words(s);
      const { ls, uri, text } = serviceWith(fileOf(s, `when   self ${measure} below ${pct} :   ${action}`));
      const once = applyEdits(text, ls.format(uri));
      assert.ok(once.includes(`    when self ${measure} below ${pct}: ${action}\n`), `${s.id}:\n${once}`);
      const again = serviceWith(once);
      assert.deepEqual(again.ls.format(again.uri), [], s.id);
    }
  });

  it('an unknown word is an error with a did-you-mean, and the quick fix writes the word meant', () => {
    for (const s of scripted()) {
      const { v, action } = words(s);
      // the longest one-word measure (a typo inside a phrase is a typo of one of its words)
      const measure = Object.keys(v.measures)
        .filter((m) => !m.includes(' '))
        .sort((a, b) => b.length - a.length)[0];
      assert.ok(measure, `${s.id}: a one-word measure`);
      const typo = measure.slice(0, -1) + 'x' + measure.slice(-1);
      const { ls, uri, text } = serviceWith(fileOf(s, `    when self ${typo} below 3: ${action}`));
      const d = ls.diagnostics(uri).find((x) => x.code === 'tactics-rule');
      assert.ok(d, `${s.id}: ${JSON.stringify(ls.diagnostics(uri))}`);
      assert.match(String(d.message), new RegExp(`Did you mean '${measure}'`), s.id);
      const fix = ls.codeActions(uri, d.range).find((a) => a.title.includes(measure));
      assert.ok(fix?.edit?.changes, `${s.id}: a fix`);
      assert.ok(applyEdits(text, fix.edit.changes[uri]).includes(`self ${measure} below`), s.id);
    }
  });
});
