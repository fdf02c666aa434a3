// Prints the run's count from Vitest's JSON report as the last line of the CI output.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`No test report at ${file}: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
// A file that fails to load counts as a failure even though no test in it ran.
const brokenFiles = (report.testResults ?? []).filter(
  (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
).length;
// A run that failed outside every test (a type error in a source file, an unhandled error) has
// a report of passes only; its exit status (the second argument) still counts, as one failure.
const runFailed = process.argv[3] !== undefined && process.argv[3] !== '0';
const counted = (report.numFailedTests ?? 0) + brokenFiles;
const failed = counted === 0 && runFailed ? 1 : counted;
if (counted === 0 && runFailed) console.log('The run failed outside its tests (see "Unhandled Errors" above).');
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
