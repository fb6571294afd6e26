// The checked-model layer: schema, checker and the model types. No editor imports.
export * from './types.js';
export * from './diagnostics.js';
export * from './schema.js';
export { checkFiles, checkText, memoryHost, type CheckResult, type CheckedFile, type FileHost } from './workspace.js';
export { UNARMED, STANDARD_DECK, DEFAULT_ROUNDS, DEFAULT_SEED, DEFAULT_ZONE } from './build.js';
