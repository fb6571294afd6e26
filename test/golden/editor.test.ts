// The goldens of `aces check`, hovers and completions (test/golden/golden.ts).
import { editorGoldens } from './golden.js';

editorGoldens();
