// Reads a syntax tree against a rule system's schema: which statements are
// blocks, which words are attributes and which terms are their arguments.
// Several attributes may share a line (`heart 2 body 4`): the schema knows how
// many arguments each key takes, so a line splits unambiguously. Unknown words
// are reported with a did-you-mean and skipped; reading always goes on. The
// schema is a parameter: this file names no game.

import type { Range, SourceFile, Statement, Term } from '../grammar/ast.js';
import type { Diagnostic } from './diagnostics.js';
import { blockKinds, type AttributeSpec, type BlockSpec, type SystemSchema } from './schema.js';
import { argumentCount, attributeSpans, foreignHint, headerStart, isWord, startsPlacement, termText } from './split.js';
import { didYouMean, suggest, withArticle } from './suggest.js';
import { HIDDEN, hiddenCharacters } from '../common/hidden-characters.js';
import { shortName } from './message-text.js';
import { readTactics, tacticsReporter, type Tactics } from './priority.js';

export interface NameRef {
  text: string;
  range: Range;
  /** The file whose scope resolves this name when it differs from the holder's: a name inherited through `extends`. */
  file?: string;
}

export interface AttrValue {
  spec: AttributeSpec;
  keyRange: Range;
  /** Key and arguments. */
  range: Range;
  int?: number;
  feet?: number;
  names: NameRef[];
  cards: { card: number; text: string; range: Range }[];
  /** `drop Zone 20ft soft` */
  soft?: boolean;
  /** `feet2`: both distances; `ints`: every number. */
  feetPair?: [number, number];
  ints?: number[];
}

export interface Placement {
  name: NameRef;
  copies: number;
  copiesRange?: Range;
  /** The keys after the name (`at floor`, `deck Scripted`), read by the side's placement keys in the schema. */
  args: AttrValue[];
  range: Range;
  /** `Goblin x3 at gate tactics { … }`: GM priority rules for these copies (issue 33). */
  tactics?: Tactics;
}

/**
 * A placement key's word at `at` read as a name (`at deck`: a zone called deck), when the key it spells would have
 * no argument of its own there (the line ends, or another key follows): model/read.ts and the
 * language service's classifier (server/service/syntax.ts) read it the same way.
 */
export function keywordAsName(
  terms: readonly Term[],
  at: number,
  keyOf: (t: Term | undefined) => AttributeSpec | undefined,
): NameRef | undefined {
  const t = terms[at];
  const inner = keyOf(t);
  if (!inner || t.kind !== 'word' || inner.arg === 'flag') return undefined;
  if (argumentCount(inner, terms, at + 1, (x) => !!keyOf(x)) > 0) return undefined;
  return { text: t.text, range: t.range };
}

/** The name given to a placement key (`at floor` → floor). */
export function placementName(p: Placement, key: string): NameRef | undefined {
  for (let i = p.args.length - 1; i >= 0; i--) if (p.args[i].spec.name === key) return p.args[i].names[0];
  return undefined;
}

export interface RawBlock {
  kind: string;
  kindRange: Range;
  name: string;
  nameRange: Range;
  range: Range;
  attrs: AttrValue[];
  children: RawBlock[];
  placements: Placement[];
  file: string;
  /** Attributes an unknown keyword of this block was taken for (`vitalty` → vitality): the checker does not also call them missing. */
  misspelt?: Set<string>;
  /** `character "Elite Thug" extends Thug { … }`: the stat block this one starts from (docs/LANGUAGE.md, Inheritance). */
  base?: NameRef;
  /** The `extends` keyword itself. */
  extendsRange?: Range;
  /** A `tactics { … }` block (the schema's `rules`): the GM's priority rules, read (issue 33). */
  tactics?: Tactics;
}

export interface UseRef {
  path: string;
  range: Range;
}

export interface ReadFile {
  blocks: RawBlock[];
  uses: UseRef[];
  /** `system heart-rush` as the first statement. */
  system?: NameRef;
}

/**
 * The system a file declares (`system heart-rush` as its first statement), read before anything else so
 * the rest of the file is read against that system's schema (Terraform's early decoder does the same).
 */
export function declaredSystem(tree: SourceFile): NameRef | undefined {
  const st = tree.statements[0];
  if (!st || st.block || !isWord(st.terms[0], 'system')) return undefined;
  return nameOf(st.terms[1]);
}

export function readFile(tree: SourceFile, file: string, diags: Diagnostic[], schema: SystemSchema): ReadFile {
  const r = new Reader(file, diags, schema);
  const out: ReadFile = { blocks: [], uses: [], system: declaredSystem(tree) };
  tree.statements.forEach((st, i) => {
    if (!st.block && isWord(st.terms[0], 'use')) {
      r.use(st, out.uses);
      return;
    }
    if (isWord(st.terms[0], 'system')) {
      r.system(st, i);
      return;
    }
    const b = r.blockStatement(st, 'file');
    if (b) out.blocks.push(b);
  });
  r.countDropped();
  return out;
}

/**
 * The reader's diagnostics kept per file; past them it counts (one `more` diagnostic at the end), as the parser
 * does for syntax errors. Never fewer than the file shows (MAX_DIAGNOSTICS_PER_FILE): a dropped one lies after
 * this many others in the text. A hostile file of 250,000 unknown words made as many diagnostic objects, most
 * of the check's time in garbage collection.
 */
export const MAX_READER_DIAGNOSTICS = 1000;

function nameOf(t: Term | undefined): NameRef | undefined {
  if (!t) return undefined;
  if (t.kind === 'word') return { text: t.text, range: t.range };
  if (t.kind === 'string') return { text: t.value, range: t.range };
  return undefined;
}

function span(a: Range, b: Range): Range {
  return { start: a.start, end: b.end };
}

class Reader {
  private readonly kinds: string[];

  constructor(
    private readonly file: string,
    private readonly diags: Diagnostic[],
    private readonly schema: SystemSchema,
  ) {
    this.kinds = blockKinds(schema);
  }

  /** A name holding an invisible or bidi character reads as another name: a warning naming them (issue 35 item 11). */
  private hidden(name: NameRef): void {
    const hidden = hiddenCharacters(name.text);
    if (!hidden.length || this.diags.length >= MAX_READER_DIAGNOSTICS) return;
    this.diags.push({
      file: this.file,
      range: name.range,
      severity: 'warning',
      code: 'hidden-character',
      message: `This name holds ${hidden.length === 1 ? 'an invisible character' : 'invisible characters'} (${hidden.join(', ')}): it reads as "${shortName(name.text.replace(HIDDEN, ''))}" but is another name. Retype it without ${hidden.length === 1 ? 'it' : 'them'}.`,
    });
  }

  /** Problems found past MAX_READER_DIAGNOSTICS: counted, not kept. */
  private dropped = 0;

  private error(
    range: Range,
    code: string,
    message: string,
    suggestions?: string[],
    unknown?: Diagnostic['unknown'],
  ): void {
    if (this.diags.length >= MAX_READER_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    this.diags.push({
      file: this.file,
      range,
      severity: 'error',
      code,
      message,
      suggestions,
      ...(unknown ? { unknown } : {}),
    });
  }

  /** The problems counted and not kept, as one diagnostic that stands for them (`more`, see capPerFile). */
  countDropped(): void {
    if (this.dropped === 0) return;
    const last = this.diags[this.diags.length - 1];
    this.diags.push({
      file: this.file,
      range: last.range,
      severity: 'error',
      code: 'limit',
      more: this.dropped,
      message: `…and ${this.dropped} more problem${this.dropped === 1 ? '' : 's'} after this point, not listed. Fix the first ones and check again.`,
    });
  }

  /** `system X`: only as the first statement (the workspace has already read it); anywhere else an error. */
  system(st: Statement, index: number): void {
    const arg = st.terms[1];
    if (index > 0 || st.block) {
      this.error(
        st.terms[0].range,
        'bad-value',
        `\`system\` must be the first statement of a file (comments may come before it); move it to the top, once.`,
      );
      return;
    }
    if (!arg || (arg.kind !== 'word' && arg.kind !== 'string')) {
      this.error(st.terms[0].range, 'bad-value', '`system` needs the id of a rule system, e.g. `system heart-rush`.');
      return;
    }
    for (const extra of st.terms.slice(2))
      this.error(
        extra.range,
        'bad-value',
        `Unexpected '${termText(extra)}' after the system's id: one \`system\` line names one system.`,
      );
  }

  use(st: Statement, uses: UseRef[]): void {
    const arg = st.terms[1];
    if (!arg || arg.kind !== 'string') {
      this.error(st.range, 'bad-value', '`use` needs a quoted file path, e.g. `use "bestiary.aces"`.');
      return;
    }
    for (const extra of st.terms.slice(2))
      this.error(extra.range, 'bad-value', `Unexpected '${termText(extra)}' after the path: one \`use\` per line.`);
    uses.push({ path: arg.value, range: arg.range });
  }

  /** A statement that opens a block no kind allowed in `parent` starts: say why, and what to write instead. */
  private unknownBlockKind(head: Term, kindWord: string, parent: string, allowed: readonly string[]): void {
    const where = parent === 'file' ? 'at the top of a file' : `inside ${withArticle(parent)}`;
    const known = parent === 'file' ? [...allowed, 'use'] : allowed;
    const nested = this.kinds.includes(kindWord);
    const fw = nested || !isWord(head) ? undefined : foreignHint(this.schema, kindWord, known);
    // a misspelt `system` line is offered `system` (valid first only, so not listed as expected anywhere)
    const sugg = fw ? fw.to : suggest(kindWord, parent === 'file' ? [...known, 'system'] : known);
    // an attribute of `parent` on a line that also opens a block, with no header the schema can find after its
    // arguments (`seed 3 zorn a { … }`): say what to split, not that a valid keyword is invalid
    const attrHere =
      parent !== 'file' && isWord(head) && this.schema.blocks[parent]?.attributes.some((a) => a.name === kindWord);
    this.error(
      head.range,
      'unknown-keyword',
      nested
        ? `'${kindWord}' blocks cannot appear ${where}; ${
            parent === 'file' ? `put it inside an encounter` : `define it at the top level of the file`
          }.`
        : attrHere
          ? `'${kindWord}' is an attribute of ${withArticle(parent)}, but this line also opens a block ('{') that no ${allowed.map((k) => `'${k}'`).join(' or ')} starts after the attributes. Split the line: the attributes on one line, the block (\`${allowed[0] ?? 'zone'} Name { … }\`) on the next.`
          : (fw?.message ??
            `'${kindWord}' is not something you can write ${where}. Expected ${known.map((k) => `'${k}'`).join(', ')}.${didYouMean(sugg)}`),
      attrHere ? [] : sugg,
      nested ? undefined : { word: kindWord, where: 'statement', kind: parent },
    );
  }

  /** A statement in `parent` that should open a block (`zone floor { … }`). */
  blockStatement(st: Statement, parent: string): RawBlock | undefined {
    const allowed = this.kinds.filter((k) => this.schema.blocks[k].parents.includes(parent));
    const head = st.terms[0];
    if (!head) return undefined; // headless block: already a syntax error
    const kindWord = isWord(head) ? head.text : termText(head);
    const kind = allowed.find((k) => k === kindWord);
    if (!kind) {
      this.unknownBlockKind(head, kindWord, parent, allowed);
      return undefined;
    }
    const unnamed = !!this.schema.blocks[kind].unnamed;
    const name = unnamed ? { text: kind, range: head.range } : nameOf(st.terms[1]);
    if (!name) {
      this.error(
        st.terms[1]?.range ?? head.range,
        'bad-value',
        `A ${kind} needs a name after '${kind}', e.g. \`${kind} ${this.schema.blocks[kind].example} { … }\` (quote names with spaces).`,
      );
      return undefined;
    }
    let rest = st.terms.slice(unnamed ? 1 : 2);
    let base: NameRef | undefined;
    const ext = rest[0];
    const extendable = !!this.schema.blocks[kind].extendable;
    const misspeltExtends =
      isWord(ext) &&
      ext.text !== 'extends' &&
      extendable &&
      suggest(ext.text, ['extends']).length > 0 &&
      !!nameOf(rest[1]);
    if (isWord(ext, 'extends') || misspeltExtends) {
      // Only stat blocks inherit; weapons, techniques and decks are short enough to copy.
      const b = nameOf(rest[1]);
      if (misspeltExtends) {
        // read it as meant, so the block still inherits: one mistake, one diagnostic
        this.error(
          ext!.range,
          'unknown-keyword',
          `Unexpected '${termText(ext!)}' after the character's name. Did you mean 'extends'?`,
          ['extends'],
        );
      }
      if (!extendable) {
        const which = this.kinds.filter((k) => this.schema.blocks[k].extendable);
        this.error(
          ext.range,
          'bad-value',
          `A ${kind} cannot extend another${which.length ? `; only ${which.map((k) => `${k}s`).join(' and ')} can (\`${which[0]} "Elite Thug" extends Thug { … }\`)` : ''}.`,
        );
      } else if (!b) {
        this.error(
          rest[1]?.range ?? ext.range,
          'bad-value',
          `'extends' needs the name of the character to start from, e.g. \`character "Elite ${name.text}" extends ${formatNameForMessage(name.text)} { … }\`.`,
        );
      } else base = b;
      rest = rest.slice(b ? 2 : 1);
      for (const extra of rest)
        this.error(
          extra.range,
          'bad-value',
          `Unexpected '${termText(extra)}' after the name of the character it extends: a character extends one other.`,
        );
      rest = [];
    }
    for (const extra of rest) {
      const sugg = isWord(extra) && extendable ? suggest(extra.text, ['extends']) : [];
      this.error(
        extra.range,
        'bad-value',
        sugg.length
          ? `Unexpected '${termText(extra)}' after the ${kind}'s name.${didYouMean(sugg)}`
          : unnamed
            ? `Unexpected '${termText(extra)}' after '${kind}': ${withArticle(kind)} block has no name, write \`${kind} { … }\`.`
            : `Unexpected '${termText(extra)}' after the ${kind}'s name. Names with spaces need quotes: ${kind} "${[name.text, ...st.terms.slice(2).map(termText)].join(' ')}".`,
        sugg,
      );
    }
    if (!st.block) {
      this.error(span(head.range, name.range), 'bad-value', `This ${kind} has no body: add \`{ … }\` after its name.`);
    }
    if (name.text.trim() === '')
      this.error(
        name.range,
        'bad-value',
        `A ${kind} needs a name; "${name.text}" is empty. Write \`${kind} "Name" { … }\`.`,
      );
    if (!unnamed) this.hidden(name);
    const raw: RawBlock = {
      kind,
      kindRange: head.range,
      name: name.text,
      nameRange: name.range,
      range: st.range,
      attrs: [],
      children: [],
      placements: [],
      file: this.file,
    };
    if (base) {
      raw.base = base;
      raw.extendsRange = ext!.range;
    }
    const spec = this.schema.blocks[kind];
    if (spec.rules) {
      raw.tactics = this.tactics(st);
      return raw;
    }
    const nests = this.kinds.some((k) => this.schema.blocks[k].parents.includes(kind));
    const rulesAfterPlacement = !!spec.placements && !!this.schema.blocks.tactics?.parents.includes(kind);
    for (const inner of st.block?.statements ?? []) {
      // `Goblin x3 at gate tactics { … }`: these placements' own GM rules (issue 33)
      const lastTerm = inner.terms[inner.terms.length - 1];
      if (rulesAfterPlacement && inner.block && inner.terms.length > 1 && isWord(lastTerm, 'tactics')) {
        const before = raw.placements.length;
        this.placement({ ...inner, terms: inner.terms.slice(0, -1), block: undefined }, raw, spec.placements!);
        const t = this.tactics(inner);
        for (const p of raw.placements.slice(before)) p.tactics = t;
        continue;
      }
      // attributes written before a block's header on one line (`seed 3 zone a { … }`): the schema's arity says
      // where their arguments end and the header starts (model/split.ts)
      const at = nests ? headerStart(inner, kind, this.schema) : undefined;
      if (at) {
        this.attributes(inner.terms.slice(0, at), spec, raw);
        const terms = inner.terms.slice(at);
        const child = this.blockStatement({ ...inner, terms, range: span(terms[0].range, inner.range) }, kind);
        if (child) raw.children.push(child);
        continue;
      }
      if (inner.block) {
        const child = nests ? this.blockStatement(inner, kind) : undefined;
        if (child) raw.children.push(child);
        else if (!nests)
          this.error(
            inner.terms[0]?.range ?? inner.range,
            'unknown-keyword',
            `A ${kind} cannot contain blocks; only attributes go here.`,
          );
        continue;
      }
      if (spec.placements) this.placement(inner, raw, spec.placements);
      else this.attributes(inner.terms, spec, raw);
    }
    return raw;
  }

  /** A `tactics { … }` block's lines: the GM's priority rules in the schema's vocabulary (model/priority.ts). */
  private tactics(st: Statement): Tactics {
    const vocab = this.schema.tactics;
    const report = tacticsReporter(this.file, this.diags, MAX_READER_DIAGNOSTICS);
    if (!vocab) {
      report(st.range, 'This game has no priority rules yet: name a preset with `tactics PRESET` instead.');
      return { rules: [], line: st.range.start.line + 1 };
    }
    return readTactics(st.block?.statements ?? [], vocab, report, st.range);
  }

  /** Reads one line of attributes along the schema's split (model/split.ts attributeSpans). */
  private attributes(terms: Term[], spec: BlockSpec, raw: RawBlock): void {
    const isKey = (t: Term | undefined): boolean => isWord(t) && spec.attributes.some((a) => a.name === t.text);
    for (const s of attributeSpans(terms, spec, this.schema)) {
      const t = terms[s.at];
      switch (s.kind) {
        case 'bare':
          if (t.kind === 'number')
            raw.attrs.push({
              spec: s.attr,
              keyRange: t.range,
              range: t.range,
              int: this.int(t, s.attr),
              names: [],
              cards: [],
            });
          else
            raw.attrs.push({
              spec: s.attr,
              keyRange: t.range,
              range: t.range,
              names: [{ text: (t as Extract<Term, { kind: 'word' }>).text, range: t.range }],
              cards: [],
            });
          break;
        case 'unclosed':
          break; // an unclosed string is already a syntax error; don't report it twice
        case 'attribute':
          raw.attrs.push(this.argument(s.attr, t, terms, s.at + 1, isKey)[0]);
          break;
        case 'unknown': {
          const word = termText(t);
          const sugg = s.suggestions;
          this.error(
            t.range,
            'unknown-keyword',
            s.blockKind
              ? `'${word}' needs a name and a body here: \`${word} Name { … }\`.`
              : (s.foreign?.message ??
                  `'${word}' is not an attribute of ${withArticle(spec.kind)}.${didYouMean(sugg)}${
                    sugg.length ? '' : ` Expected one of: ${spec.attributes.map((x) => x.name).join(', ')}.`
                  }`),
            sugg,
            s.blockKind ? undefined : { word, where: 'attribute', kind: spec.kind },
          );
          // one mistake, one diagnostic: the checker does not also say the attribute it was meant as is missing
          if (s.meant) (raw.misspelt ??= new Set()).add(s.meant.name);
          break;
        }
      }
    }
  }

  /** The arguments of attribute (or placement key) `a` whose key is `t`, from `terms[i]` on; returns the value and the next index. */
  private argument(
    a: AttributeSpec,
    t: Term,
    terms: Term[],
    i: number,
    isKey: (t: Term | undefined) => boolean,
  ): [AttrValue, number] {
    const v: AttrValue = { spec: a, keyRange: t.range, range: t.range, names: [], cards: [] };
    // the arguments are terms [i, end): the schema's arity (model/split.ts), the language service's split too
    const end = i + argumentCount(a, terms, i, isKey);
    const need = (what: string, example: string): void =>
      this.error(terms[i]?.range ?? t.range, 'bad-value', `'${a.name}' needs ${what}, e.g. \`${a.name} ${example}\`.`);
    switch (a.arg) {
      case 'flag':
        break;
      case 'int': {
        const n = terms[i];
        if (i < end && n.kind === 'number') {
          v.int = this.int(n, a);
          v.range = span(t.range, n.range);
          i++;
        } else need('a whole number', a.name === 'bonus' ? '+2' : '3');
        break;
      }
      case 'feet': {
        const n = terms[i];
        if (i < end && n.kind === 'dimension') {
          v.feet = n.value;
          v.range = span(t.range, n.range);
          i++;
        } else if (i < end && n.kind === 'number') {
          this.error(n.range, 'bad-value', `Write the height with its unit: \`${a.name} ${n.text}ft\`.`);
          v.feet = n.value;
          i++;
        } else need('a distance in feet', '20ft');
        break;
      }
      case 'name':
      case 'enum': {
        const n = i < end ? nameOf(terms[i]) : undefined;
        if (n) {
          v.names.push(n);
          v.range = span(t.range, n.range);
          i++;
        } else need(a.arg === 'enum' ? `one of ${a.values!.join(', ')}` : 'a name', a.values?.[0] ?? 'Longsword');
        break;
      }
      case 'names':
      case 'enums': {
        const nameAt = (t: Term | undefined): NameRef | undefined =>
          t?.kind === 'copies' && a.copiesAsNames ? { text: `x${t.count}`, range: t.range } : nameOf(t);
        while (i < end) {
          const n = nameAt(terms[i])!;
          v.names.push(n);
          v.range = span(t.range, n.range);
          i++;
        }
        if (!v.names.length)
          need(
            a.arg === 'enums' ? `one or more of ${a.values!.join(', ')}` : 'one or more names',
            a.values?.[0] ?? 'floor, balcony',
          );
        break;
      }
      case 'cards': {
        const first = i;
        while (i < end) {
          const c = terms[i];
          const glued = terms[i + 1];
          if (c.kind === 'number' && glued && glued.range.start.offset === c.range.end.offset) {
            // `1H`, `11C`: a number glued to a word is one malformed card, not two.
            const bad = { ...c, range: span(c.range, glued.range) };
            this.error(bad.range, a.rule ?? 'bad-value', `'${c.text}${termText(glued)}' is not a card. ${CARD_HELP}`);
            v.range = span(t.range, glued.range);
            i += 2;
            continue;
          }
          if (c.kind === 'card') v.cards.push({ card: (c.suit * 13 + c.value - 2) | 0, text: c.text, range: c.range });
          else this.error(c.range, a.rule ?? 'bad-value', `'${termText(c)}' is not a card. ${CARD_HELP}`);
          v.range = span(t.range, c.range);
          i++;
        }
        if (i === first) need('card literals', '10♣ QS A♥');
        break;
      }
      case 'drop': {
        const z = i < end ? nameOf(terms[i]) : undefined;
        if (!z) {
          need('a zone and a height', 'floor 20ft');
          break;
        }
        v.names.push(z);
        v.range = span(t.range, z.range);
        i++;
        const h = terms[i];
        if (i < end && h.kind === 'dimension') {
          v.feet = h.value;
          v.range = span(t.range, h.range);
          i++;
        } else
          this.error(
            h?.range ?? z.range,
            a.rule ?? 'bad-value',
            `A ${a.name} needs its height in feet: \`${a.name} ${z.text} 20ft\`${a.rule ? ` (${a.rule})` : ''}.`,
          );
        if (i < end && isWord(terms[i], 'soft')) {
          v.soft = true;
          v.range = span(t.range, terms[i].range);
          i++;
        }
        break;
      }
      case 'feet2': {
        const got: number[] = [];
        while (i < end) {
          const n = terms[i];
          if (n?.kind === 'dimension') got.push(n.value);
          else if (n?.kind === 'number') {
            this.error(n.range, 'bad-value', `Write the distance with its unit: \`${n.text}ft\`.`);
            got.push(n.value);
          } else break;
          v.range = span(t.range, n.range);
          i++;
        }
        if (got.length === 2) v.feetPair = [got[0], got[1]];
        else need('two distances in feet', '30ft 20ft');
        break;
      }
      case 'ints': {
        v.ints = [];
        while (i < end) {
          const n = terms[i] as Extract<Term, { kind: 'number' }>;
          const x = this.int(n, a);
          if (x !== undefined) v.ints.push(x);
          v.range = span(t.range, n.range);
          i++;
        }
        if (i < terms.length && !isKey(terms[i]) && terms[i].kind !== 'word') {
          this.error(terms[i].range, 'bad-value', `'${a.name}' takes whole numbers only, e.g. \`${a.name} 3 5 1\`.`);
        }
        if (!v.ints.length) need('one or more whole numbers', '3 5 1');
        break;
      }
    }
    return [v, end];
  }

  private int(n: Extract<Term, { kind: 'number' }>, a: AttributeSpec): number | undefined {
    if (n.percent) {
      this.error(
        n.range,
        'bad-value',
        `'${n.text}' is a percentage; '${a.name}' takes a plain number. Write ${n.text.slice(0, -1)}.`,
      );
      return undefined;
    }
    if (
      !Number.isSafeInteger(n.value) ||
      (a.min !== undefined && n.value < a.min) ||
      (a.max !== undefined && n.value > a.max)
    ) {
      this.error(n.range, 'bad-value', `${n.text} is out of range for '${a.name}' (${a.min} to ${a.max}).`);
      return undefined;
    }
    return n.value;
  }

  /**
   * `Thug x3 at bar deck Scripted`. One line may hold several placements (`Kael at road  Mira at road`):
   * a quoted name or a capitalised word where a keyword would come starts the next one (keywords are
   * lower case, so `Kael att road` is still a typo with a did-you-mean, not a character named att).
   */
  private placement(st: Statement, raw: RawBlock, keys: readonly AttributeSpec[]): void {
    // one placement after another along the line, in a loop: a call per placement nested one deeper each, which
    // overflowed the stack at some 10,000 placements on one line (a 100 KB file), and no request on the file answered
    for (let from: number | undefined = 0; from !== undefined;) from = this.onePlacement(st, raw, keys, from);
  }

  /** The placement starting at term `from`; the index of the next one on the line, if any. */
  private onePlacement(st: Statement, raw: RawBlock, keys: readonly AttributeSpec[], from: number): number | undefined {
    const terms = st.terms;
    const help = this.schema.blocks[raw.kind].placementHelp ?? {
      short: 'Name [xN]',
      full: 'Name [xN]',
      example: 'Thug x3',
    };
    const name = nameOf(terms[from]);
    if (!name) {
      this.error(
        terms[from]?.range ?? st.range,
        'bad-value',
        `Each line of a side places a character: \`${help.short}\`, e.g. \`${help.example}\`.`,
      );
      return undefined;
    }
    if (name.text.trim() === '')
      this.error(name.range, 'bad-value', 'A placement needs the name of a character; "" is empty.');
    this.hidden(name);
    const p: Placement = {
      name,
      copies: 1,
      args: [],
      range: from === 0 ? st.range : span(terms[from].range, terms[terms.length - 1].range),
    };
    const keyOf = (t: Term | undefined): AttributeSpec | undefined =>
      isWord(t) ? keys.find((k) => k.name === t.text) : undefined;
    let i = from + 1;
    while (i < terms.length) {
      const t = terms[i];
      const key = keyOf(t);
      if (t.kind === 'copies') {
        if (p.copiesRange) {
          this.error(
            t.range,
            'bad-value',
            `'${name.text}' already has a count (x${p.copies}); give one \`xN\` per placement.`,
          );
          i++;
          continue;
        }
        p.copies = t.count;
        p.copiesRange = t.range;
        if (!Number.isSafeInteger(t.count) || t.count < 1 || t.count > MAX_COPIES) {
          this.error(t.range, t.count < 1 ? 'bad-value' : 'limit', `Copies must be between 1 and ${MAX_COPIES}.`);
          p.copies = Math.max(1, Math.min(MAX_COPIES, Number.isSafeInteger(t.count) ? t.count : 1));
        }
        i++;
      } else if (key) {
        if (key.arg === 'name' && !nameOf(terms[i + 1])) {
          const what = key.ref ?? 'name';
          const example = (key.ref && this.schema.blocks[key.ref]?.example) || 'Name';
          this.error(t.range, 'bad-value', `'${key.name}' needs a ${what} name: \`${key.name} ${example}\`.`);
          i++;
          continue;
        }
        // `Harpooner at deck` where a zone is called deck: a key word where a name is expected, with no argument
        // of its own after it, is the name (issue 34 item 11), not two errors and a wrong did-you-mean
        const asName = key.arg === 'name' || key.arg === 'names' ? keywordAsName(terms, i + 1, keyOf) : undefined;
        if (asName) {
          p.args.push({ spec: key, keyRange: t.range, range: span(t.range, asName.range), names: [asName], cards: [] });
          i += 2;
          continue;
        }
        // a list stops at the next key or at the next placement on the line (a quoted or capitalised name)
        const list = key.arg === 'names' || key.arg === 'enums';
        const [v, next] = this.argument(
          key,
          t,
          terms,
          i + 1,
          (x) => !!x && (!!keyOf(x) || (list && startsPlacement(x))),
        );
        p.args.push(v);
        i = next;
      } else if (startsPlacement(t)) {
        // the next placement on the same line
        p.range = span(terms[from].range, terms[i - 1].range);
        raw.placements.push(p);
        return i;
      } else {
        const extra = termText(t);
        const names = keys.map((k) => k.name);
        const sugg = isWord(t) ? suggest(extra, names) : [];
        this.error(
          t.range,
          'unknown-keyword',
          `Unexpected '${extra}' in a placement. Write \`${help.full}\`${
            terms.length === 2 || isWord(t) ? '; quote names with spaces' : ''
          }.${didYouMean(sugg)}`,
          sugg,
          { word: extra, where: 'placement' },
        );
        // a misspelt key takes its name with it: one diagnostic per mistake
        i += sugg.length && nameOf(terms[i + 1]) && !startsPlacement(terms[i + 1]) ? 2 : 1;
      }
    }
    raw.placements.push(p);
    return undefined;
  }
}

export const MAX_COPIES = 100;

/** A name as it would be written in a file (quoted when it has spaces), for examples in messages. */
function formatNameForMessage(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) ? name : `"${name}"`;
}

const CARD_HELP = 'A card is a rank 2–10, J, Q, K or A followed by a suit ♥ ♣ ♦ ♠ (or H C D S), e.g. 10♣ or QS.';
