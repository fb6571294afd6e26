// samples/arcana/: a shared bestiary and encounters that `use` it, all clean,
// all Arcana, and each encounter runnable by the engine.
import { sampleFolder } from '../sample-suite.js';

describe('Arcana samples', () => {
  sampleFolder('arcana', 'samples/arcana');
});
