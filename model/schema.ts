// The shape of a rule system's schema: which blocks and attributes exist, what
// arguments they take, the rule they come from and their documentation. Each
// system (systems/<id>/schema.ts) fills one in; the reader, the checker's
// helpers, hovers, completion, tokens and the TextMate grammar are driven by it.
// Names no game: the words of a game live in its system's schema.

export type ArgKind =
  | 'flag' // no argument: `player`, `melee`, `only`
  | 'int' // one unsigned or signed integer: `heart 3`, `bonus +2`
  | 'feet' // one distance: `height 20ft`
  | 'name' // one name (word or string): `wields Longsword`
  | 'names' // one or more names, commas optional: `adjacent bar, balcony`
  | 'enum' // one word from `values`: `tactics focus-weakest`
  | 'enums' // one or more words from `values`: `perks quick-draw`
  | 'cards' // card literals: `cards 10♣ QS`
  | 'drop' // `drop Zone 20ft [soft]`: a name, a distance, an optional `soft`
  | 'feet2' // two distances: `field 120ft 60ft`, `at 50ft 30ft`
  | 'ints'; // one or more integers: `rolls 3 5 1`

export interface AttributeSpec {
  name: string;
  arg: ArgKind;
  values?: readonly string[];
  /** Inclusive bounds for `int` (hard limits; rule ranges are checked separately). */
  min?: number;
  max?: number;
  /**
   * The rules' range of an `int` (a stat's 1–6 in a game of six-point stats): outside it the checker warns (a homebrew value), and tune,
   * Balance and a sweep of just the number offer and search only inside it unless the GM widens them (issue 34 item
   * 3). Each system's tests hold it equal to its checker's warning.
   */
  usual?: { readonly min: number; readonly max: number };
  /** May appear more than once (lists accumulate). */
  repeatable?: boolean;
  /** Rule id the attribute implements. */
  rule?: string;
  doc: string;
  /** Flags that share one slot (`melee`/`ranged`…) name it here; a second one in the same block is a conflict. */
  group?: string;
  /** Its names refer to blocks of this kind: drives the index, go to definition, rename, completion and tokens. */
  ref?: string;
  /** Per-value documentation for `enum`/`enums` values (hover and completion). */
  valueDocs?: Readonly<Record<string, string>>;
  /** `names`: a copy count term (`x3`) in the list is a name too (a grid square called x3). */
  copiesAsNames?: boolean;
}

export interface BlockSpec {
  kind: string;
  /** Where the block may appear: at the top of a file, in an encounter, or inside another block kind (`legend` in `map`). */
  parents: readonly string[];
  /** Written without a name (`rules { … }`): its name is its kind, and at most one per parent block is expected. */
  unnamed?: boolean;
  doc: string;
  attributes: readonly AttributeSpec[];
  /** A bare signed number in the block means this attribute (`weapon X { melee +2 }`). */
  bareNumber?: string;
  /** A bare word matching `pattern` means this attribute with that word as its value (`weapon X { melee d8 }` → `die d8`). */
  bareWord?: { attr: string; pattern: RegExp };
  /** Statements are placements (`Kael x2 at floor`) rather than attributes; the keys that may follow the name. */
  placements?: readonly AttributeSpec[];
  /** A top-level definition other files can see through `use` (characters, weapons…). */
  definable?: boolean;
  /** Its name is unique in a file though no other file sees it (encounters): a second one is `duplicate-name`. */
  uniqueInFile?: boolean;
  /** `character "Elite Thug" extends Thug { … }` is allowed (docs/LANGUAGE.md, Inheritance). */
  extendable?: boolean;
  /** A name used in examples of messages: `weapon Longsword { … }`. */
  example: string;
  /** Completion snippet for a new block. */
  snippet?: string;
  /** Semantic token type of its names (class, struct, function, enum…). */
  token?: string;
  /**
   * Its lines are a GM's priority rules (`tactics { when self vitality below 30%: active-guard }`, issue 33), read
   * by model/priority.ts against the schema's `tactics` vocabulary, not as attributes.
   */
  rules?: boolean;
  /** How a placement line is written, for messages: `Name [xN] at Zone`, the full form, an example. */
  placementHelp?: { short: string; full: string; example: string };
}

/** One rule system's schema: its blocks by kind (the core `encounter` and `side` included). */
export interface SystemSchema {
  readonly blocks: Readonly<Record<string, BlockSpec>>;
  /**
   * Names the system defines itself, by block kind (`weapon: ['Unarmed']`): a reference to one is valid with no
   * file declaring it, and the editor colours it as a library symbol.
   */
  readonly builtins?: Readonly<Record<string, readonly string[]>>;
  /**
   * Words a GM brings from another system (Halcyon Aces' `vitality`, `zone`), each with what this one says
   * instead: the reader then reports "'vitality' is not a Heart Rush word: … Did you mean 'hp'?" in place of a
   * bare list of what is allowed.
   */
  readonly foreign?: { readonly system: string; readonly words: Readonly<Record<string, ForeignWord>> };
  /** The words of its GM priority rules (issue 33: `tactics { … }` blocks), when it has them. */
  readonly tactics?: TacticsVocabulary;
}

/** What a system says of a word it does not use: its own word for it (`to`, when it has one), the rule, and why. */
export interface ForeignWord {
  readonly to?: string;
  readonly rule: string;
  readonly why: string;
}

/** The system's note on `word`, if it is one it names as foreign. */
export function foreignWord(schema: SystemSchema, word: string): ForeignWord | undefined {
  const w = schema.foreign?.words;
  return w && Object.hasOwn(w, word) ? w[word] : undefined;
}

/** Whether `name` is a built-in of `kind` in `schema` (case-insensitive, as the checkers accept it). */
export function isBuiltin(schema: SystemSchema, kind: string, name: string): boolean {
  const l = name.toLowerCase();
  return !!schema.builtins?.[kind]?.some((b) => b.toLowerCase() === l);
}

export function blockKinds(schema: SystemSchema): string[] {
  return Object.keys(schema.blocks);
}

export function attributeSpec(schema: SystemSchema, kind: string, name: string): AttributeSpec | undefined {
  return schema.blocks[kind]?.attributes.find((a) => a.name === name);
}

export function definableKinds(schema: SystemSchema): string[] {
  return Object.values(schema.blocks)
    .filter((b) => b.definable)
    .map((b) => b.kind);
}

/** Statements every system has, read before blocks. */
export const SYSTEM_DOC =
  '`system heart-rush`: the rule system of this file, as its first statement. Without it a file is Halcyon Aces. Every file it `use`s must declare the same system.';
export const USE_DOC =
  '`use "file.aces"`: makes the definitions (characters and the rest) of another file of the same system available here.';
export const EXTENDS_DOC =
  '`character "Elite Thug" extends Thug { … }`: starts from everything written in Thug and replaces only the attributes written here; derived numbers are derived again from the merged values unless declared. Thug may come from a `use`d file, and may itself extend another.';

// ── GM priority rules (issue 33; read by model/priority.ts) ──

/** One word of a system's vocabulary and what it means to a GM (hover and completion). */
export interface VocabularyWord {
  readonly doc: string;
}

/** What a system's GM rules may say: each part a word (or a few words, `in reach`) → its meaning. */
export interface TacticsVocabulary {
  /** Numbers of a combatant a condition compares and a selector ranks (`vitality`); `percent`: `30%` of its maximum. */
  readonly measures: Readonly<Record<string, VocabularyWord & { readonly percent?: boolean }>>;
  /** States a combatant is in (`broken`, `prone`). */
  readonly states: Readonly<Record<string, VocabularyWord>>;
  /** Where another combatant is from the one deciding (`in reach`, `here`, `adjacent`). */
  readonly places: Readonly<Record<string, VocabularyWord>>;
  /**
   * What a combatant does: `name` when it is followed by a name (`technique "Tidal Cut"`: the block kind the name
   * refers to), `aimed` when it is taken at someone (then `it` and `at …` may follow).
   */
  readonly actions: Readonly<Record<string, VocabularyWord & { readonly name?: string; readonly aimed?: boolean }>>;
  /** The presets (`focus-weakest`…) `otherwise` may name: the system's tactic words. */
  readonly presets: Readonly<Record<string, VocabularyWord>>;
}
