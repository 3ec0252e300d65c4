/**
 * `npm run measure:start`: time from process start to "ready" and memory after start, for a fresh
 * embedded data folder (the first `npm start`) and for the same folder again (every later start).
 * Needs a built client (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

async function start(dataDir: string) {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return { readyMs, rssMb };
}

const runs = Number(process.env.RUNS ?? 3);
const first: Array<{ readyMs: number; rssMb: number }> = [];
const later: Array<{ readyMs: number; rssMb: number }> = [];
for (let run = 0; run < runs; run++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-start-'));
  first.push(await start(dir));
  later.push(await start(dir));
  fs.rmSync(dir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [label, list] of [['first start (new data folder)', first], ['later start', later]] as const) {
  console.log(
    `${label.padEnd(30)} ready in ${Math.round(median(list.map((r) => r.readyMs)))} ms (median of ${runs}), ` +
      `RSS after start ${Math.round(median(list.map((r) => r.rssMb)))} MB`,
  );
}
