// How a name is written so that it reads back as the same name: bare when it
// is a plain word that the reader cannot mistake for something else, quoted
// otherwise (spaces, card-like words `AD`, copy counts `x3`, keywords).

import { decodeCardLiteral } from '../../grammar/card-literal.js';
import { REGISTRY } from '../../systems/index.js';

// every system's keywords: a name must read back as a name whatever the file's system
const KEYWORDS = new Set<string>(['use', 'system', 'extends', 'soft']);
for (const system of REGISTRY.systems) {
  for (const b of Object.values(system.schema.blocks)) {
    KEYWORDS.add(b.kind);
    for (const a of [...b.attributes, ...(b.placements ?? [])]) KEYWORDS.add(a.name);
  }
}

const WORD = /^[A-Za-z_\u00C0-\u024F](?:[A-Za-z0-9_\u00C0-\u024F]|-(?=[A-Za-z0-9_\u00C0-\u024F]))*$/;

export function needsQuotes(name: string): boolean {
  return !WORD.test(name) || KEYWORDS.has(name) || decodeCardLiteral(name) !== undefined || /^[xX]\d+$/.test(name);
}

export function formatName(name: string): string {
  return needsQuotes(name) ? `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : name;
}

/** A name the user typed for a rename: accepts `Foo`, `"Foo Bar"` or `Foo Bar`; returns the plain name or an error. */
export function parseNewName(input: string): { name: string } | { error: string } {
  let s = input.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1).replace(/\\(.)/g, '$1');
  if (!s) return { error: 'A name cannot be empty.' };
  if (/[\r\n]/.test(s)) return { error: 'A name must fit on one line.' };
  if (s.length > 200) return { error: 'That name is too long (200 characters at most).' };
  return { name: s };
}
