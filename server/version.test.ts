import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRelease, readRelease } from './version.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a package.json of version `version`, optionally a git checkout with one commit. */
function codeFolder(version: string, { git }: { git: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-release-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'foray', version }));
  if (!git) return { dir, head: null };
  const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  run('init', '-q');
  run('-c', 'user.name=Foray', '-c', 'user.email=foray@example.com', 'commit', '-q', '--allow-empty', '-m', 'first');
  return { dir, head: run('rev-parse', 'HEAD') };
}

describe('which release this is', () => {
  it("takes package.json's version and the checkout's commit", () => {
    const { dir, head } = codeFolder('3.4.5', { git: true });
    const release = readRelease({}, dir);
    expect(release.version).toBe('3.4.5');
    expect(release.commit).toHaveLength(12);
    expect(head!.startsWith(release.commit!)).toBe(true);
  });

  it('has no commit outside a checkout (an unpacked release, an image)', () => {
    const { dir } = codeFolder('3.4.5', { git: false });
    expect(readRelease({}, dir)).toEqual({ version: '3.4.5', commit: null });
  });

  it('takes what the packager set over package.json and git (FORAY_VERSION, FORAY_COMMIT)', () => {
    const { dir } = codeFolder('3.4.5', { git: true });
    expect(readRelease({ version: '3.4.5-rc.1', commit: 'abcdef1' }, dir)).toEqual({
      version: '3.4.5-rc.1',
      commit: 'abcdef1',
    });
  });

  it('names a release in one short phrase', () => {
    expect(describeRelease({ version: '0.1.0', commit: '1a2b3c4d5e6f' })).toBe('0.1.0 (commit 1a2b3c4d5e6f)');
    expect(describeRelease({ version: '0.1.0', commit: null })).toBe('0.1.0');
  });
});
