// Loads client/lazy.ts on first use (see there why), once.
let loaded: Promise<typeof import('./lazy.js')> | undefined;
export const lazy = (): Promise<typeof import('./lazy.js')> => (loaded ??= import('./lazy.js'));
