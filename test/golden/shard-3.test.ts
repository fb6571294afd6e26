// The run and odds goldens of shard 3 of SHARDS (test/golden/golden.ts says why they are sharded).
import { runAndOddsGoldens } from './golden.js';

runAndOddsGoldens(2);
