// For the map's benchmarks (`npm run bench:map`, scripts/lighthouse.ts): an earlier commit's web app, served by this
// checkout's server, so that the two can be measured side by side in one run. Older web apps keep working with a
// newer server (phones keep the app they installed), which is what makes the comparison fair: only the web app
// differs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORAY_ROOT } from '../e2e/support/foray-server.ts';

export type WebAppVariant = {
  /** What the figures are printed under: the commit, and `+` when this checkout has uncommitted changes. */
  name: string;
  /** The folder to run the server from (`startForayServer({ root })`). */
  root: string;
  /** Its built web app, for reading the scripts' sizes. */
  dist: string;
  /** Removes what was made for it; nothing for this checkout. */
  dispose: () => void;
};

/** This checkout as it is, with the build in dist/. */
export function thisCheckout(): WebAppVariant {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: FORAY_ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: FORAY_ROOT, encoding: 'utf8' }).trim() !== '';
  return {
    name: `this checkout ${head}${dirty ? '+' : ''}`,
    root: FORAY_ROOT,
    dist: path.join(FORAY_ROOT, 'dist/client'),
    dispose: () => undefined,
  };
}

/**
 * The web app of `ref`, built from `git archive` of that commit into a folder of its own, beside a copy of this
 * checkout (its server code and build) whose dist/client it replaces.
 */
export function earlierWebApp(ref: string): WebAppVariant {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-baseline-'));
  const source = path.join(folder, 'source');
  const root = path.join(folder, 'root');
  fs.mkdirSync(source);
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: FORAY_ROOT, encoding: 'utf8' }).trim();
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${source}"`], { cwd: FORAY_ROOT });
  // The commit's own dependencies when they differ from this checkout's (a library since replaced, say).
  const sameDependencies =
    fs.readFileSync(path.join(source, 'package-lock.json'), 'utf8') ===
    fs.readFileSync(path.join(FORAY_ROOT, 'package-lock.json'), 'utf8');
  if (sameDependencies) {
    fs.symlinkSync(path.join(FORAY_ROOT, 'node_modules'), path.join(source, 'node_modules'));
  } else {
    console.log(`Installing the dependencies of ${commit} …`);
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel', 'error'], {
      cwd: source,
      stdio: 'inherit',
    });
  }
  console.log(`Building the web app of ${commit} …`);
  execFileSync(process.execPath, [path.join(source, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: source,
    stdio: 'inherit',
  });
  fs.cpSync(FORAY_ROOT, root, { recursive: true, filter: (from) => !/\/(node_modules|\.git|\.tmp)$/.test(from) });
  fs.symlinkSync(path.join(FORAY_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  fs.rmSync(path.join(root, 'dist/client'), { recursive: true, force: true });
  fs.cpSync(path.join(source, 'dist/client'), path.join(root, 'dist/client'), { recursive: true });
  return {
    name: `web app of ${commit}`,
    root,
    dist: path.join(root, 'dist/client'),
    dispose: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/** The variants a benchmark measures: the earlier web app first when BASELINE names one, then this checkout. */
export function webAppVariants(baseline: string | undefined): WebAppVariant[] {
  return [...(baseline ? [earlierWebApp(baseline)] : []), thisCheckout()];
}
