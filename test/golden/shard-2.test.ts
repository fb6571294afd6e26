// The run and odds goldens of shard 2 of SHARDS (test/golden/golden.ts says why they are sharded).
import { runAndOddsGoldens } from './golden.js';

runAndOddsGoldens(1);
