// How this system's engine is loaded: lazily, and on its own (no checker, no grammar), so a Monte Carlo
// worker that only runs combats starts in tens of milliseconds (systems/engines.ts).
import type { SystemEngine } from '../../../model/system.js';

export const loadEngine = (): Promise<SystemEngine> => import('./seam.js').then((m) => m.TG_ENGINE);
