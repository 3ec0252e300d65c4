/**
 * `npm run measure:start`: time from process start to "ready" and memory after start, for a fresh
 * embedded data folder (the first `npm start`) and for the same folder again (every later start); then the
 * whole `npm start` on that folder when nothing changed (npm, the build check, the server).
 * Needs a built client (`npm run build`), or the `npm start` figure includes a build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const SERVER: [string, string[]] = [process.execPath, ['--import', 'tsx', 'server/main.ts']];
const NPM_START: [string, string[]] = ['npm', ['start', '--silent']];

async function start(dataDir: string, [command, args] = SERVER) {
  const began = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Foray is ready at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  const readyMs = performance.now() - began;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Under `npm start` the server is npm's child: measure the server, not npm.
  const serverPid =
    command === 'npm'
      ? fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]
      : child.pid;
  const status = fs.readFileSync(`/proc/${serverPid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return { readyMs, rssMb };
}

const runs = Number(process.env.RUNS ?? 3);
const first: Array<{ readyMs: number; rssMb: number }> = [];
const later: Array<{ readyMs: number; rssMb: number }> = [];
const npmStart: Array<{ readyMs: number; rssMb: number }> = [];
for (let run = 0; run < runs; run++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-start-'));
  first.push(await start(dir));
  later.push(await start(dir));
  npmStart.push(await start(dir, NPM_START));
  fs.rmSync(dir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [label, list] of [
  ['first start (new data folder)', first],
  ['later start', later],
  ['npm start, nothing changed', npmStart],
] as const) {
  console.log(
    `${label.padEnd(30)} ready in ${Math.round(median(list.map((r) => r.readyMs)))} ms (median of ${runs}), ` +
      `RSS after start ${Math.round(median(list.map((r) => r.rssMb)))} MB`,
  );
}
