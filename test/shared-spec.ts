// The rules' specs live beside the repository, in ../shared/ (RULES.md, rules/ARCANA.md…), not in it: a fresh
// clone may lack them. A test that reads one finds it here, relative to the repository wherever it is checked out,
// and skips with a reason when it is absent (a check against the spec can't run without the spec).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is out/test/shared-spec.js once built). */
const REPO = new URL('../../', import.meta.url);

/** The path of `../shared/<name>` beside the repository, or undefined when it is absent. */
export function sharedSpec(name: string): string | undefined {
  const path = fileURLToPath(new URL(`../shared/${name}`, REPO));
  return existsSync(path) ? path : undefined;
}

/** The spec `name`, or skips the running test saying which file it needs. */
export function sharedSpecOrSkip(ctx: Mocha.Context, name: string): string {
  const path = sharedSpec(name);
  if (path === undefined) {
    ctx.test!.title += ` (skipped: ../shared/${name} is not beside the repository)`;
    ctx.skip();
  }
  return path!;
}
