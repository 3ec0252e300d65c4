import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where Foray is run from: this checkout, or FORAY_ROOT — a copy with its own build, so the tests see one
 * consistent build even while someone rebuilds dist/client in the checkout.
 */
export const FORAY_ROOT = process.env.FORAY_ROOT
  ? path.resolve(process.env.FORAY_ROOT)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_LINE = /Foray is ready at (http\S+)/;
// A new data folder means initdb and every migration: seconds alone, but over a minute on two cores that also run
// the API lanes and another file's Chromium. (The browser tests start from a migrated copy: `databaseTemplate`.)
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export type ForayServerOptions = {
  smtpUrl: string;
  /** TILE_*_URL templates, keyed by layer; without them the server uses its public tile providers. */
  tileUrls?: Record<'street' | 'satellite' | 'topo' | 'dark', string>;
  /** Extra environment variables, e.g. for a test of one setting. */
  env?: Record<string, string>;
  /**
   * An embedded database folder, already migrated, copied into the new data folder before the start; without it,
   * the server makes its database as on a first start.
   */
  databaseTemplate?: string;
  /** A checkout to run instead of FORAY_ROOT (`npm run bench:map` runs an earlier build of the web app beside this one). */
  root?: string;
};

export type ForayServer = {
  baseUrl: string;
  dataDir: string;
  /** What the process printed on stderr so far: shown when something fails. */
  stderr: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the real Foray process (`node --import tsx server/main.ts`) the way a self-hoster does:
 * configured only by environment variables, on a free port, with a data folder of its own.
 */
export async function startForayServer(options: ForayServerOptions): Promise<ForayServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-data-'));
  if (options.databaseTemplate) {
    fs.cpSync(options.databaseTemplate, path.join(dataDir, 'db'), { recursive: true });
  }
  const { NODE_ENV: _testRunnersNodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    // Vitest sets NODE_ENV=test, which turns off auth rate limits and origin checks: run as in production.
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: options.smtpUrl,
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy on the same machine: the accounts the tests make through the API each come from an
    // address of their own (support/accounts.ts), while the browser's requests carry none and count as 127.0.0.1.
    TRUST_PROXY: '127.0.0.1',
    // Most tests sign up many people freely; a test of who may join sets another policy (ADR 0079).
    SIGNUP_POLICY: 'open',
    ...(options.tileUrls && {
      TILE_STREET_URL: options.tileUrls.street,
      TILE_SATELLITE_URL: options.tileUrls.satellite,
      TILE_TOPO_URL: options.tileUrls.topo,
      TILE_DARK_URL: options.tileUrls.dark,
    }),
    ...options.env,
  };

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: options.root ?? FORAY_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Foray did not print its ready line within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (READY_LINE.test(stdout)) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`Foray exited before it was ready (code ${code}, signal ${signal})`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`);
  }

  return {
    baseUrl,
    dataDir,
    stderr: () => stderr,
    stop: () => stopServer(child, exited, dataDir, () => stderr),
  };
}

/** SIGTERM must lead to a clean exit (code 0): anything else is a failure of the test file. */
async function stopServer(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  dataDir: string,
  stderr: () => string,
): Promise<void> {
  try {
    if (child.exitCode !== null || child.signalCode !== null) {
      const { code, signal } = await exited;
      throw new Error(`Foray had already exited during the tests (code ${code}, signal ${signal})`);
    }
    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
    const result = await Promise.race([exited, timeout]);
    if (result === 'timeout') {
      child.kill('SIGKILL');
      throw new Error(`Foray did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM`);
    }
    if (result.code !== 0) {
      throw new Error(`Foray exited with code ${result.code} (signal ${result.signal}) after SIGTERM`);
    }
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- stderr ---\n${tail(stderr())}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function tail(text: string, lines = 40): string {
  return text.trim().split('\n').slice(-lines).join('\n') || '(nothing)';
}
