import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { countTests } from './test-counts-reporter.ts';

/** Just what countTests reads of Vitest's test modules. */
function testModule(project: string, moduleId: string, tests: Array<{ name: string; state: string; flaky?: boolean }>) {
  return {
    moduleId,
    project: { name: project },
    children: {
      *allTests() {
        for (const test of tests) {
          yield {
            fullName: test.name,
            result: () => ({ state: test.state }),
            diagnostic: () => ({ flaky: test.flaky ?? false }),
          };
        }
      },
    },
  } as unknown as TestModule;
}

describe('the test counts npm test reads', () => {
  it('counts each state once per project and names the tests that passed only when run again', () => {
    const counts = countTests([
      testModule('e2e', '/foray/e2e/a.e2e.test.ts', [
        { name: 'a > opens', state: 'passed' },
        { name: 'a > saves', state: 'passed', flaky: true },
        { name: 'a > deletes', state: 'failed' },
        { name: 'a > later', state: 'skipped' },
      ]),
      testModule('unit', '/foray/common/b.test.ts', [
        { name: 'b > one', state: 'passed' },
        { name: 'b > two', state: 'passed' },
      ]),
    ]);
    expect(counts).toEqual({
      e2e: { passed: 2, failed: 1, skipped: 1, flaky: ['/foray/e2e/a.e2e.test.ts > a > saves'] },
      unit: { passed: 2, failed: 0, skipped: 0, flaky: [] },
    });
  });
});
