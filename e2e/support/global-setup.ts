import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { chromiumPath } from './browser.ts';
import { FORAY_ROOT } from './foray-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database folder with every migration applied: each file's server starts on a copy of it. */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Runs once before the browser tests. A missing browser or a missing build is a failure, never a skip:
 * a green run must mean the app was really driven in Chromium. Then migrates one embedded database that every
 * file's server starts from a copy of: initdb and the migrations once per run instead of once per file.
 */
export default async function setup(project: TestProject) {
  const browser = chromiumPath();
  if (!fs.existsSync(browser)) {
    throw new Error(
      `No Chromium at ${browser}. Install it (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.`,
    );
  }
  const indexHtml = path.join(FORAY_ROOT, 'dist/client/index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`No built client at ${indexHtml}. Run \`npm run build\` before the browser tests.`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-template-'));
  const handle = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
  await handle.close();
  project.provide('e2eDatabaseTemplate', path.join(dir, 'db'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
