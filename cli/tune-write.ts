// `aces tune --write` (issue 35, items 1–3): the value found goes into the file as it is *now*, not as it was
// when the search began. The file is read again at write time (its bytes: a UTF-8 BOM is kept and never counted
// in an offset), the number is found again by its syntax (the block and attribute, parsed from the current text,
// never a stale offset), and when it is gone, moved to another file or no longer the number the search started
// from, nothing is written and the message says why. The write itself is atomic (cli/write-file.ts).

import { readFileSync } from 'node:fs';
import { LineIndex } from '../grammar/index.js';
import { writtenNumber } from '../balance/vary.js';
import type { FileHost } from '../model/workspace.js';
import { describeFsError } from '../model/disk.js';
import { WriteFailed, writeFileAtomic } from './write-file.js';

/** Where the number was written when the search began, and what it was. */
export interface WrittenAtStart {
  path: string;
  value: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Reads `path` as the writer will rewrite it: the text without a BOM, and whether it had one. */
function readForWrite(path: string): { raw: Buffer; text: string; bom: boolean } | { error: string } {
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (e) {
    return { error: describeFsError(e) };
  }
  const bom = raw.subarray(0, 3).equals(BOM);
  try {
    return { raw, text: new TextDecoder('utf-8', { fatal: true }).decode(bom ? raw.subarray(3) : raw), bom };
  } catch {
    return { error: 'is no longer UTF-8 text' };
  }
}

/**
 * Writes `value` in place of `spec`'s number for `file` (the encounter file; the number may live in a file it
 * uses), found again in the current text. Returns the path written, or a message (nothing was written).
 */
export function writeTunedValue(
  file: string,
  spec: { block: string; attr: string },
  start: WrittenAtStart,
  value: number,
  host: FileHost,
): { wrote: string } | { error: string } {
  const shown = host.display?.(start.path) ?? start.path;
  const label = `${spec.block}.${spec.attr}`;
  const again = `the file changed during the search, so nothing was written; run the tune again`;
  const now = readForWrite(start.path);
  if ('error' in now) return { error: `${shown} ${now.error}; nothing was written.` };
  // the checker reads this very text (not the disk a second time): the offsets found are offsets into it
  const overlay: FileHost = {
    ...host,
    read: (p, used) => (p === start.path ? { text: now.text } : host.read(p, used)),
  };
  let found: ReturnType<typeof writtenNumber>;
  try {
    found = writtenNumber(file, spec, overlay);
  } catch (e) {
    return {
      error: `${label} is no longer written as a number (${(e as Error).message.replace(/\.$/, '')}): ${again}.`,
    };
  }
  const { where } = found;
  const at = new LineIndex(now.text).position(where.from);
  const place = `${host.display?.(where.path) ?? where.path}:${at.line + 1}:${at.character + 1}`;
  if (where.path !== start.path)
    return { error: `${place}: ${label} is now written in another file, not in ${shown}: ${again}.` };
  if (found.value !== start.value)
    return {
      error: `${place}: ${label} is now ${found.value}, not the ${start.value} the search started from: ${again} (or write ${value} there yourself).`,
    };
  const text = now.text.slice(0, where.from) + String(value) + now.text.slice(where.to);
  const bytes = Buffer.concat([now.bom ? BOM : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
  // the last look before the rename: a change since the read above is refused too
  const last = readForWrite(start.path);
  if ('error' in last || !last.raw.equals(now.raw)) return { error: `${shown} changed while being written: ${again}.` };
  try {
    writeFileAtomic(start.path, bytes, shown);
  } catch (e) {
    if (e instanceof WriteFailed) return { error: e.message };
    throw e;
  }
  return { wrote: start.path };
}
