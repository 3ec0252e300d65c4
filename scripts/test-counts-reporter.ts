// A Vitest reporter for `npm test` (scripts/run-tests.ts): writes how many tests each project passed, failed and
// skipped to the JSON file named by FORAY_TEST_COUNTS, so the runner can tell a lane that ran nothing (PostgreSQL
// missing, a broken include pattern) from a green one, and which tests passed only when run again (the browser
// tests' one retry, ADR 0066), so that no such test passes unseen.
import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export type ProjectCounts = Record<string, { passed: number; failed: number; skipped: number; flaky: string[] }>;

export function countTests(testModules: ReadonlyArray<TestModule>): ProjectCounts {
  const counts: ProjectCounts = {};
  for (const testModule of testModules) {
    const project = testModule.project.name;
    counts[project] ??= { passed: 0, failed: 0, skipped: 0, flaky: [] };
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') {
        counts[project].passed++;
        if (test.diagnostic()?.flaky) counts[project].flaky.push(`${testModule.moduleId} > ${test.fullName}`);
      } else if (state === 'failed') counts[project].failed++;
      else counts[project].skipped++;
    }
  }
  return counts;
}

export default class TestCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const file = process.env.FORAY_TEST_COUNTS;
    if (file) fs.writeFileSync(file, JSON.stringify(countTests(testModules)));
  }
}
