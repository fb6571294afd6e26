// The rule behind a diagnostic code: the systems' rule texts (ids carry their
// system's prefix, so they never collide), then the language codes.

import { LANGUAGE_CODES } from '../../model/diagnostics.js';
import { REGISTRY } from '../../systems/index.js';

/** The rule or language code explained in plain words, or undefined. */
export function explainCode(code: string): string | undefined {
  for (const s of REGISTRY.systems) {
    const t = s.ruleText[code];
    if (t) return t;
  }
  return (LANGUAGE_CODES as Record<string, string>)[code];
}
