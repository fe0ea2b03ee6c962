// Prints the run's totals as one plain line ("N passed, N failed") and exits non-zero unless
// every test passed. A missing results file (the run crashed before reporting) is a failure.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-results.json';
if (!existsSync(file)) {
  console.error(`no test results in ${file}: the test run did not finish`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(file, 'utf8'));
const passed = results.numPassedTests ?? 0;
// A file that failed to load has no failed test of its own but still fails the run.
const failed = Math.max(results.numFailedTests ?? 0, results.success === false ? 1 : 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
