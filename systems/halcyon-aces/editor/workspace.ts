// Halcyon Aces's view of the editor's workspace (model/system.ts WorkspaceView):
// the stat blocks, weapons, techniques and decks each file defines, its
// encounters, and who appears in which encounter across files. Each file is
// read from the model of the check that last covered it (the server re-checks
// incrementally), so the view stays consistent file by file.

import type { WorkspaceView } from '../../../model/system.js';
import type { CheckedWorkspace, Combatant, DeckSpec, Encounter, StatBlock, Technique, Weapon } from '../model.js';

/** What one file defines; the first of a name wins (a duplicate is a diagnostic, not a second entry). */
export interface FileDefs {
  characters: Map<string, StatBlock>;
  weapons: Map<string, Weapon>;
  techniques: Map<string, Technique>;
  decks: Map<string, DeckSpec>;
  encounters: Encounter[];
}

/** An encounter a stat block is placed in, and its copies there. */
export interface Appearance {
  encounter: Encounter;
  combatants: Combatant[];
  uri: string;
}

const EMPTY: FileDefs = {
  characters: new Map(),
  weapons: new Map(),
  techniques: new Map(),
  decks: new Map(),
  encounters: [],
};
const byModel = new WeakMap<CheckedWorkspace, Map<string, FileDefs>>();

function defsByFile(model: CheckedWorkspace): Map<string, FileDefs> {
  let m = byModel.get(model);
  if (m) return m;
  m = new Map();
  const of = (file: string): FileDefs => {
    let d = m!.get(file);
    if (!d)
      m!.set(
        file,
        (d = { characters: new Map(), weapons: new Map(), techniques: new Map(), decks: new Map(), encounters: [] }),
      );
    return d;
  };
  const put = <T extends { name: string; file?: string }>(items: T[], pick: (d: FileDefs) => Map<string, T>): void => {
    for (const it of items) {
      if (it.file === undefined) continue;
      const table = pick(of(it.file));
      if (!table.has(it.name)) table.set(it.name, it);
    }
  };
  put(model.blocks, (d) => d.characters);
  put(model.weapons, (d) => d.weapons);
  put(model.techniques, (d) => d.techniques);
  put(model.decks, (d) => d.decks);
  for (const e of model.encounters) if (e.file !== undefined) of(e.file).encounters.push(e);
  byModel.set(model, m);
  return m;
}

/** The definitions and encounters of one file in a model. */
export function defsIn(model: CheckedWorkspace, file: string): FileDefs {
  return defsByFile(model).get(file) ?? EMPTY;
}

/** The definitions and encounters of one file (empty when the file is not a checked Halcyon Aces file). */
export function defsOf(ws: WorkspaceView, file: string): FileDefs {
  const model = ws.modelOf(file) as CheckedWorkspace | undefined;
  return model ? defsIn(model, file) : EMPTY;
}

/** Every checked Halcyon Aces file's definitions, in the workspace's order (refreshing it first). */
export function allDefs(ws: WorkspaceView): FileDefs[] {
  return ws.files().map((f) => defsIn(f.model as CheckedWorkspace, f.file));
}

/** The encounter of a file whose name starts at `nameOffset`. */
export function encounterAt(ws: WorkspaceView, file: string, nameOffset: number): Encounter | undefined {
  return defsOf(ws, file).encounters.find((x) => x.range?.start.offset === nameOffset);
}

/** Encounters (anywhere in the workspace) in which the stat block `name` of `file` appears. */
export function appearancesOf(ws: WorkspaceView, file: string, name: string): Appearance[] {
  const map = ws.cached('halcyon-aces/appearances', () => {
    const out = new Map<string, Appearance[]>();
    for (const f of ws.files()) {
      for (const enc of defsOf(ws, f.file).encounters) {
        const per = new Map<string, Combatant[]>();
        for (const c of enc.combatants) {
          const k = `${c.block.file}\0${c.block.name}`;
          let l = per.get(k);
          if (!l) per.set(k, (l = []));
          l.push(c);
        }
        for (const [k, combatants] of per) {
          let l = out.get(k);
          if (!l) out.set(k, (l = []));
          l.push({ encounter: enc, combatants, uri: f.file });
        }
      }
    }
    return out;
  });
  return map.get(`${file}\0${name}`) ?? [];
}
