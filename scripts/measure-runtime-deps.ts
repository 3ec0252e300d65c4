/**
 * `npm run measure:runtime-deps [-- <commit>]`: the size of the container image's node_modules, made as the
 * Containerfile's `deps` stage makes it (`npm ci --omit=dev`, then the packages the lockfile marks devOptional
 * removed), from the package.json and package-lock.json of the working tree or of `<commit>`, in a temporary folder.
 * Prints the size after each of the two steps, the number of packages, and those of a few browser-only and
 * development-only ones that are still there. Packages come from npm's cache when it has them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const commit = process.argv[2];
/** Packages to look for: some only the web app imports, some only development uses. */
const WATCHED = ['react', 'react-dom', 'leaflet', 'workbox-routing', 'vite', 'vitest', 'typescript', 'drizzle-kit'];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-runtime-deps-'));
try {
  for (const file of ['package.json', 'package-lock.json']) {
    const text = commit
      ? execFileSync('git', ['show', `${commit}:${file}`], { cwd: ROOT, encoding: 'utf8' })
      : fs.readFileSync(path.join(ROOT, file), 'utf8');
    fs.writeFileSync(path.join(work, file), text);
  }
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: work,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const afterCi = measure(work);
  const { packages } = JSON.parse(fs.readFileSync(path.join(work, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { devOptional?: boolean }>;
  };
  for (const [dir, entry] of Object.entries(packages)) {
    if (entry.devOptional) fs.rmSync(path.join(work, dir), { recursive: true, force: true });
  }
  const final = measure(work);
  console.log(`Runtime node_modules of ${commit ?? 'the working tree'}:`);
  console.log(`  after npm ci --omit=dev:        ${mb(afterCi.bytes)} (${afterCi.count} packages)`);
  console.log(`  after the devOptional removal:  ${mb(final.bytes)} (${final.count} packages)`);
  console.log(`  still there: ${final.watched.join(', ') || 'none of ' + WATCHED.join(', ')}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

function measure(dir: string): { bytes: number; count: number; watched: string[] } {
  const modules = path.join(dir, 'node_modules');
  // Apparent size in bytes, as the image's layer holds the files.
  const bytes = Number(execFileSync('du', ['-sb', modules], { encoding: 'utf8' }).split('\t')[0]);
  const count = fs
    .readdirSync(modules, { recursive: true, withFileTypes: true })
    // A package is a folder right under a node_modules folder (or under its @scope) holding a package.json.
    .filter((entry) => entry.isFile() && entry.name === 'package.json')
    .filter((entry) => /node_modules\/(@[^/]+\/)?[^/@]+$/.test(entry.parentPath)).length;
  const watched = WATCHED.filter((name) => fs.existsSync(path.join(modules, name, 'package.json')));
  return { bytes, count, watched };
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
