/**
 * What the container image's production install holds (Containerfile's `deps` stage, ADR 0076): `npm ci --omit=dev`,
 * then every package the lockfile marks `devOptional` removed. That is decided by package.json and the lockfile's
 * flags alone, so it is checked here from them, without installing: the server finds every package it imports, and
 * no package that only the web app (built in an earlier stage) imports is carried along.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
type LockEntry = { dev?: boolean; devOptional?: boolean; optional?: boolean };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const containerfile = fs.readFileSync(path.join(ROOT, 'Containerfile'), 'utf8');

/** The source files under `folder` that run (tests, test kits and the API tests' helpers are left out). */
function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/(\.test|-test-kit)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(path.join(ROOT, 'server', 'test') + path.sep));
}

// `import x from 'p'`, `import { a, type B } from 'p'` over several lines, `import 'p'`, `export … from 'p'`, and
// `import('p')`. A whole `import type` is erased before the code runs (Node strips the types), so it needs nothing.
const STATIC_IMPORT = /\b(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?'([^']+)'/g;
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;

/** The npm package a specifier names (`@scope/name/sub` → `@scope/name`); null for files, `node:` and `virtual:`. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || /^[a-z]+:/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages the files import at run time. */
function importedPackages(files: string[]): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of text.matchAll(STATIC_IMPORT)) {
      const name = typeOnly ? null : packageOf(specifier!);
      if (name) packages.add(name);
    }
    for (const [, specifier] of text.matchAll(DYNAMIC_IMPORT)) {
      const name = packageOf(specifier!);
      if (name) packages.add(name);
    }
  }
  return packages;
}

/** Packages in the image: what `npm ci --omit=dev` installs (not `dev`), less what is then removed (`devOptional`). */
const inImage = new Set(
  Object.entries(lock.packages)
    .filter(([where, entry]) => where !== '' && !entry.dev && !entry.devOptional)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)),
);

// The server runs server/ and the common/ it imports; the image copies both (and no tests).
const serverImports = importedPackages([...sourceFiles('server'), ...sourceFiles('common')]);
const browserOnly = [...importedPackages(sourceFiles('client'))].filter((name) => !serverImports.has(name)).sort();

describe('the production dependencies the image installs', () => {
  it('are installed the way this test reads the lockfile: --omit=dev, then the devOptional packages removed', () => {
    const deps = /FROM \$\{NODE_IMAGE\} AS deps\n([\s\S]*?)\n# ---- runtime ----/.exec(containerfile)?.[1] ?? '';
    expect(deps).toMatch(/npm ci --omit=dev\b/);
    expect(deps).toMatch(/entry\.devOptional\)[\s\\]*require\('fs'\)\.rmSync\(dir/);
  });

  it('are exactly what the server imports: nothing unused, nothing only the web app needs', () => {
    expect(serverImports.size).toBeGreaterThan(10);
    expect(Object.keys(packageJson.dependencies).sort()).toEqual([...serverImports].sort());
  });

  it('hold every package the server imports', () => {
    expect([...serverImports].filter((name) => !inImage.has(name))).toEqual([]);
  });

  it('hold none of the packages only the web app imports (the image serves the app already built)', () => {
    expect(browserOnly).toEqual(expect.arrayContaining(['react', 'react-dom', 'leaflet', 'workbox-routing']));
    expect(browserOnly.filter((name) => inImage.has(name))).toEqual([]);
  });
});
