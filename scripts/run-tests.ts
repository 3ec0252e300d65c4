// `npm test` after the build: the browser tests and the rest side by side, as two Vitest runs.
//
// Within one Vitest run, a project limited to one file at a time (the browser tests: two Chromiums and two Foray
// servers on two cores starve each other) is put in a group of its own that starts only after every other file
// has finished, so the browser files waited ~6 minutes for the API files. As two processes, one browser file at a
// time runs beside one unit or API file at a time. With arguments (`npm test -- e2e/map.e2e.test.ts`) it is one
// plain Vitest run of what was asked.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

type Run = { label: string; args: string[] };

function start({ label, args }: Run): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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

const asked = process.argv.slice(2);
const runs: Run[] =
  asked.length > 0
    ? [{ label: 'vitest', args: asked }]
    : [
        { label: 'browser', args: ['--project', 'e2e'] },
        {
          label: 'unit+api',
          // One file at a time too: with the browser run beside it, that is one file per core.
          args: [
            '--maxWorkers',
            '1',
            '--project',
            'unit',
            '--project',
            'api-pglite',
            ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-postgres'] : []),
          ],
        },
      ];

const started = Date.now();
const codes = await Promise.all(runs.map(start));
const failed = runs.filter((_, i) => codes[i] !== 0).map((run) => run.label);
console.log(
  failed.length === 0
    ? `All tests passed in ${Math.round((Date.now() - started) / 1000)} s (${runs.map((run) => run.label).join(' and ')}).`
    : `Failed: ${failed.join(', ')} (see the lines marked so above).`,
);
process.exit(failed.length === 0 ? 0 : 1);
