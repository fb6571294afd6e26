// samples/heart-rush/: a shared bestiary and encounters that `use` it, all
// clean, all Heart Rush, and each encounter runnable by the engine.
import { sampleFolder } from '../sample-suite.js';

describe('Heart Rush samples', () => {
  sampleFolder('heart-rush', 'samples/heart-rush');
});
