import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webAppIsStale } from './start.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-start-'));
  roots.push(root);
  const write = (file: string, secondsAgo: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    const when = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(full, when, when);
  };
  for (const file of [
    'client/main.tsx',
    'client/features/map/map.tsx',
    'common/limits.ts',
    'locales/en.json',
    'index.html',
    'package.json',
  ]) {
    write(file, 600);
  }
  // Folders take the time of their newest entry's creation: set theirs too.
  for (const dir of ['client/features/map', 'client/features', 'client', 'common', 'locales']) {
    const when = new Date(Date.now() - 600_000);
    fs.utimesSync(path.join(root, dir), when, when);
  }
  return { root, write };
}

describe('npm start builds the web app only when needed', () => {
  it('builds when it was never built', () => {
    expect(webAppIsStale(project().root)).toBe(true);
  });

  it('does not build again when nothing changed since the last build', () => {
    const { root, write } = project();
    write('dist/built-at', 60);
    expect(webAppIsStale(root)).toBe(false);
  });

  it.each([
    'client/features/map/map.tsx',
    'common/limits.ts',
    'locales/lt.json',
    'public/icon.svg',
    'package.json',
    'vite.config.ts',
  ])('builds again when %s changed after the build', (changed) => {
    const { root, write } = project();
    write('dist/built-at', 60);
    write(changed, 0);
    expect(webAppIsStale(root)).toBe(true);
  });

  it('ignores changes to the server alone', () => {
    const { root, write } = project();
    write('dist/built-at', 60);
    write('server/app.ts', 0);
    expect(webAppIsStale(root)).toBe(false);
  });
});
