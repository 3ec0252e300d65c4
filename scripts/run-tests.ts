// `npm test` after the build: the browser tests and the rest side by side, as two Vitest runs.
//
// Within one Vitest run, a project limited to one file at a time (the browser tests: two Chromiums and two Foray
// servers on two cores starve each other) is put in a group of its own that starts only after every other file
// has finished, so the browser files waited ~6 minutes for the API files. As two processes, one browser file at a
// time runs beside one unit or API file at a time. With arguments (`npm test -- e2e/map.e2e.test.ts`) it is one
// plain Vitest run of what was asked.
//
// A whole run fails when one of its projects passed no test at all: with TEST_DATABASE_URL set, the API tests on
// PostgreSQL must have run, and a lane that lost its files or its database cannot pass by running nothing.
//
// `--api` runs the API tests alone (on PGlite, and on PostgreSQL with TEST_DATABASE_URL), checked the same way: CI
// runs it a second time on the older Node line that Foray still supports (.ci/run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectCounts } from './test-counts-reporter.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

const reporter = path.join(root, 'scripts', 'test-counts-reporter.ts');
const countsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-test-counts-'));

/** `projects`: the Vitest projects this run must pass tests in; their counts land in `countsFile`. */
type Run = { label: string; args: string[]; projects?: string[] };

const countsFile = (run: Run) => path.join(countsDir, `${run.label.replace(/\W/g, '-')}.json`);

function start(run: Run): Promise<number> {
  const { label } = run;
  const args = run.projects ? [...run.args, '--reporter', 'default', '--reporter', reporter] : run.args;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORAY_TEST_COUNTS: countsFile(run) },
    });
    // Whole lines, each marked with its run, so the two outputs interleave readably.
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WritableStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${label}] ${rest}\n`);
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const projectArgs = (projects: string[]) => projects.flatMap((project) => ['--project', project]);
const apiProjects = ['api-pglite', ...(process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])];

const apiOnly = process.argv.length === 3 && process.argv[2] === '--api';
const asked = apiOnly ? [] : process.argv.slice(2);
const runs: Run[] = apiOnly
  ? [{ label: `api, node ${process.versions.node}`, projects: apiProjects, args: projectArgs(apiProjects) }]
  : asked.length > 0
    ? [{ label: 'vitest', args: asked }]
    : [
        { label: 'browser', args: ['--project', 'e2e'], projects: ['e2e'] },
        {
          label: 'unit+api',
          projects: ['unit', ...apiProjects],
          // One file at a time too: with the browser run beside it, that is one file per core.
          args: ['--maxWorkers', '1', ...projectArgs(['unit', ...apiProjects])],
        },
      ];

/** Why a run that Vitest called green still fails: a project it had to run passed no test. */
function emptyProjects(run: Run): string[] {
  if (!run.projects) return [];
  let counts: ProjectCounts = {};
  try {
    counts = JSON.parse(fs.readFileSync(countsFile(run), 'utf8')) as ProjectCounts;
  } catch {
    // No counts at all: Vitest stopped before the end of its run, and every project counts as empty.
  }
  return run.projects.filter((project) => (counts[project]?.passed ?? 0) === 0);
}

function total(runs: Run[]) {
  const sum = { passed: 0, failed: 0, skipped: 0, flaky: [] as string[] };
  for (const run of runs) {
    if (!fs.existsSync(countsFile(run))) continue;
    const counts = JSON.parse(fs.readFileSync(countsFile(run), 'utf8')) as ProjectCounts;
    for (const count of Object.values(counts)) {
      sum.passed += count.passed;
      sum.failed += count.failed;
      sum.skipped += count.skipped;
      sum.flaky.push(...(count.flaky ?? []));
    }
  }
  return sum;
}

const started = Date.now();
const codes = await Promise.all(runs.map(start));
const failed = runs.filter((_, i) => codes[i] !== 0).map((run) => run.label);
const empty = runs.flatMap(emptyProjects);
for (const project of empty) {
  console.log(
    project === 'api-postgres'
      ? 'TEST_DATABASE_URL is set, but the API tests on PostgreSQL (project api-postgres) ran no test.'
      : `The project ${project} ran no test.`,
  );
}
if (asked.length === 0) {
  const sum = total(runs);
  console.log(`Tests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
  // A browser test that failed once and then passed (ADR 0066): named, so that it is looked into, not forgotten.
  for (const name of sum.flaky) console.log(`Passed only when run again: ${path.relative(root, name)}`);
}
console.log(
  failed.length === 0 && empty.length === 0
    ? `All tests passed in ${Math.round((Date.now() - started) / 1000)} s (${runs.map((run) => run.label).join(' and ')}).`
    : `Failed: ${[...failed, ...empty.map((project) => `${project} (no test ran)`)].join(', ')}.`,
);
fs.rmSync(countsDir, { recursive: true, force: true });
process.exit(failed.length === 0 && empty.length === 0 ? 0 : 1);
