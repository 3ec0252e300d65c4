/**
 * `npm run measure:container`: Foray's image on a small machine. For the embedded database under a 512 MB limit and
 * PostgreSQL (this machine's, reached from the container at 10.0.2.2) under 256 MB: the time from `podman run` to
 * healthy on a new data folder and on a restart, the server's memory at idle and its peak under the 20-user load of
 * `npm run bench:photos` (pointed at the container), and whether the kernel killed it.
 *
 * MEASURE_IMAGE picks an image already built (default: build the Containerfile as test:container does);
 * MEASURE_POSTGRES_URL the host's PostgreSQL as the host reaches it (default postgres://postgres@127.0.0.1:5432);
 * MEASURE_ONLY=pglite|postgres one of the two; MEASURE_ENV=NAME=value one more variable for the server.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { insertBenchUsers } from './bench-users.ts';
import { ROOT, buildImage, ensureBaseImage, podman, podmanUnavailable } from './container-base.ts';

const unavailable = podmanUnavailable();
if (unavailable) {
  console.log(`SKIPPED: ${unavailable}.`);
  process.exit(0);
}
const log = (line: string) => console.log(`[measure:container] ${line}`);
let image = process.env.MEASURE_IMAGE;
if (!image) {
  ensureBaseImage(log);
  image = 'localhost/foray:test';
  buildImage(image, log);
}
const hostPostgres = process.env.MEASURE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const run = crypto.randomBytes(4).toString('hex');
const USERS = 20;
const MiB = 1024 * 1024;

type Memory = { rssMiB: number; peakMiB: number };
/** The server's resident memory now and at its peak (node is the container's process 1). */
function memoryOf(name: string): Memory {
  const status = podman(['exec', name, 'cat', '/proc/1/status']).stdout;
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kb('VmRSS') / 1024), peakMiB: Math.round(kb('VmHWM') / 1024) };
}

function state(name: string): string {
  return podman([
    'inspect',
    '--format',
    '{{.State.Status}} exit {{.State.ExitCode}} oom {{.State.OOMKilled}}',
    name,
  ]).stdout.trim();
}

async function startHealthy(name: string, args: string[]): Promise<number> {
  const began = performance.now();
  podman(['run', '--detach', '--name', name, ...args, image!]);
  for (;;) {
    if (podman(['healthcheck', 'run', name], { allowFailure: true }).status === 0) {
      return (performance.now() - began) / 1000;
    }
    const now = state(name);
    if (!now.startsWith('running')) throw new Error(`${name} stopped before it was healthy: ${now}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs the photo bench against the container, sampling its memory meanwhile. */
async function load(name: string, url: string): Promise<{ peak: Memory; bench: string; after: string }> {
  let peak: Memory = { rssMiB: 0, peakMiB: 0 };
  const sampler = setInterval(() => {
    try {
      const now = memoryOf(name);
      peak = { rssMiB: Math.max(peak.rssMiB, now.rssMiB), peakMiB: Math.max(peak.peakMiB, now.peakMiB) };
    } catch {
      // Killed meanwhile: the state says so below.
    }
  }, 1000);
  const bench = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench-photos.ts')], {
      env: { ...process.env, BENCH_URL: url, BENCH_RUN: run, BENCH_USERS: String(USERS) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      resolve(code === 0 ? output.trim().split('\n').at(-1)! : `bench failed (${code}): ${output.trim().slice(-1500)}`),
    );
  });
  clearInterval(sampler);
  const after = state(name);
  if (after.startsWith('running')) {
    const last = memoryOf(name);
    peak = { rssMiB: Math.max(peak.rssMiB, last.rssMiB), peakMiB: Math.max(peak.peakMiB, last.peakMiB) };
  }
  return { peak, bench, after };
}

async function scenario(kind: 'pglite' | 'postgres', memory: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const volume = `foray-measure-${run}-${kind}`;
  const database = `foray_measure_${run}`;
  const common = [
    `--memory=${memory}`,
    '--network',
    'slirp4netns:allow_host_loopback=true',
    '--publish',
    `127.0.0.1:${port}:3000`,
    '--env',
    `PUBLIC_URL=${url}`,
    // As behind a proxy: the bench's twenty foragers come from addresses of their own (X-Forwarded-For).
    '--env',
    'TRUST_PROXY=true',
    // One more variable to try (NAME=value), e.g. a memory setting.
    ...(process.env.MEASURE_ENV ? ['--env', process.env.MEASURE_ENV] : []),
    '--volume',
    `${volume}:/data`,
  ];
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: `${hostPostgres}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    common.push(
      '--env',
      `DATABASE_URL=${hostPostgres.replace('127.0.0.1', '10.0.2.2')}/${database}`,
      '--env',
      `AUTH_SECRET=${'measure-'.repeat(6)}`,
    );
  }
  const names = [`foray-measure-${run}-${kind}-1`, `foray-measure-${run}-${kind}-2`];
  try {
    const firstSeconds = await startHealthy(names[0]!, common);
    const firstStart = memoryOf(names[0]!);
    podman(['stop', '--time', '20', names[0]!]);
    // The bench's users, straight into the database the container made (its server stopped: one process per folder).
    const handle =
      kind === 'pglite'
        ? await openDatabase({
            kind: 'pglite',
            dir: path.join(podman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume]).stdout.trim(), 'db'),
          })
        : await openDatabase({ kind: 'postgres', url: `${hostPostgres}/${database}` });
    await insertBenchUsers(handle.db, run, USERS);
    await handle.close();
    if (kind === 'pglite') {
      // Written by this (root) process: give the folder back to the image's user.
      const mountpoint = podman(['volume', 'inspect', '--format', '{{.Mountpoint}}', volume]).stdout.trim();
      const { execFileSync } = await import('node:child_process');
      execFileSync('chown', ['-R', '1000:1000', mountpoint]);
    }
    const restartSeconds = await startHealthy(names[1]!, common);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = memoryOf(names[1]!);
    const loaded = await load(names[1]!, url);
    const result = {
      database: kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL 15 on the host',
      memory,
      firstStartToHealthySeconds: Number(firstSeconds.toFixed(1)),
      firstStartPeakMiB: firstStart.peakMiB,
      restartToHealthySeconds: Number(restartSeconds.toFixed(1)),
      idleRssMiB: idle.rssMiB,
      loadPeakMiB: loaded.peak.peakMiB,
      afterLoad: loaded.after,
      bench: loaded.bench,
    };
    log(JSON.stringify(result));
  } catch (error) {
    log(`${kind} under ${memory}: ${error instanceof Error ? error.message : String(error)}`);
    for (const name of names) log(`  ${name}: ${podman(['logs', '--tail', '5', name], { allowFailure: true }).stderr}`);
  } finally {
    for (const name of names) podman(['rm', '--force', '--time', '0', name], { allowFailure: true });
    podman(['volume', 'rm', '--force', volume], { allowFailure: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: `${hostPostgres}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).stdout.trim());
log(`${image}: ${(size / 1_000_000).toFixed(0)} MB (${(size / MiB).toFixed(0)} MiB)`);
const only = process.env.MEASURE_ONLY;
if (!only || only === 'pglite') await scenario('pglite', process.env.MEASURE_PGLITE_MEMORY ?? '512m');
if (!only || only === 'postgres') await scenario('postgres', process.env.MEASURE_POSTGRES_MEMORY ?? '256m');
