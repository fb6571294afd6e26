// The checked-model layer, shared by every rule system: the schema's shape, the
// reader, diagnostics, the workspace and `use`, and the seam (system.ts). No
// editor imports, no game.
export * from './diagnostics.js';
export * from './schema.js';
export type * from './system.js';
export { checkFiles, checkText, memoryHost, type CheckResult, type CheckedFile, type FileHost } from './workspace.js';
