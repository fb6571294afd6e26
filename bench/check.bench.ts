// Parse + check of a generated 5,000-line workspace (goal: < 50 ms median).
import { memoryHost } from '../model/workspace.js';
import { checkFiles } from '../systems/index.js';
import { haModel } from '../systems/halcyon-aces/index.js';
import { emit, median, percentile, round, timeRuns } from './stats.js';
import { generateWorkspace, lineCount } from './workspace-gen.js';

export default function bench(): void {
  const files = generateWorkspace(5000);
  const host = memoryHost(files);
  const paths = Object.keys(files);
  const first = checkFiles(paths, host);
  if (first.diagnostics.length) throw new Error(`generated workspace is not clean: ${first.diagnostics[0].message}`);
  const runs = timeRuns(() => checkFiles(paths, host), 30, 5);
  emit({
    bench: 'check-5k-lines',
    ms: round(median(runs)),
    p95: round(percentile(runs, 95)),
    lines: lineCount(files),
    files: paths.length,
    encounters: haModel(first).encounters.length,
    runs: runs.length,
  });
}
