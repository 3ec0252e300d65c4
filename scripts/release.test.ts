/**
 * How a release is made (ADR 0076): `npm version` bumps package.json, scripts/release-version.ts names the
 * changelog's Unreleased entries as that release and writes the version into the Containerfile, npm tags
 * `v<version>`. The image's version label must then say the release without anyone passing a build argument.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RELEASE_HEADING, ReleaseProblem, releaseChangelog, withImageVersion } from './release-version.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (name: string) => fs.readFileSync(path.join(ROOT, name), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { version: string; scripts: Record<string, string> };
const containerfile = read('Containerfile');
const changelog = read('CHANGELOG.md');

describe('the release this checkout is', () => {
  it("labels the image with package.json's version when no build argument is given", () => {
    // The runtime stage's default, which the version label and /healthz take.
    const runtime = containerfile.slice(containerfile.lastIndexOf('\nFROM '));
    expect(/^ARG FORAY_VERSION=(.*)$/m.exec(runtime)?.[1]).toBe(packageJson.version);
    expect(runtime).toMatch(/org\.opencontainers\.image\.version="\$\{FORAY_VERSION\}"/);
  });

  it('is not relabelled empty by compose: it passes no FORAY_VERSION of its own to the build', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { build?: { args?: Record<string, string> | string[] } }>;
    };
    for (const [name, service] of Object.entries(compose.services)) {
      expect(JSON.stringify(service.build?.args ?? {}), name).not.toContain('FORAY_VERSION');
    }
  });

  it('is the newest release in CHANGELOG.md, below an Unreleased section, each release dated and newer than the next', () => {
    expect(changelog).toMatch(/^# Changelog\n/);
    const headings = [...changelog.matchAll(/^## .*$/gm)].map(([heading]) => heading);
    expect(headings[0]).toBe('## [Unreleased]');
    const releases = [...changelog.matchAll(RELEASE_HEADING)].map(([, version, date]) => ({
      version: version!,
      date: date!,
    }));
    expect(releases.length).toBe(headings.length - 1);
    expect(releases[0]?.version).toBe(packageJson.version);
    const order = (version: string) => version.split('.').reduce((sum, part) => sum * 1000 + Number(part), 0);
    for (let i = 1; i < releases.length; i++) {
      expect(order(releases[i - 1]!.version)).toBeGreaterThan(order(releases[i]!.version));
      expect(releases[i - 1]!.date >= releases[i]!.date).toBe(true);
    }
  });

  it('is made by `npm version`, whose version script dates the changelog and labels the image', () => {
    expect(packageJson.scripts.version).toBe(
      'node --import tsx scripts/release-version.ts && git add CHANGELOG.md Containerfile',
    );
  });
});

describe('making a release (scripts/release-version.ts)', () => {
  const before = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '### Security',
    '',
    '- A removed member is no longer let back in by an old invitation.',
    '',
    '## [1.2.0] - 2026-11-01',
    '',
    '### Added',
    '',
    '- Circles.',
    '',
  ].join('\n');

  it('names the Unreleased entries as the new release, dated, with an empty Unreleased above and older ones kept', () => {
    expect(releaseChangelog(before, '1.3.0', '2026-12-01')).toBe(
      [
        '# Changelog',
        '',
        '## [Unreleased]',
        '',
        '## [1.3.0] - 2026-12-01',
        '',
        '### Security',
        '',
        '- A removed member is no longer let back in by an old invitation.',
        '',
        '## [1.2.0] - 2026-11-01',
        '',
        '### Added',
        '',
        '- Circles.',
        '',
      ].join('\n'),
    );
  });

  it('refuses a release with nothing in Unreleased, or one the changelog already has', () => {
    const released = releaseChangelog(before, '1.3.0', '2026-12-01');
    expect(() => releaseChangelog(released, '1.3.1', '2026-12-02')).toThrow(ReleaseProblem);
    expect(() => releaseChangelog(before, '1.2.0', '2026-12-02')).toThrow(/already has a section for 1\.2\.0/);
    expect(() => releaseChangelog('# Changelog\n', '1.3.0', '2026-12-02')).toThrow(/no "## \[Unreleased\]"/);
  });

  it("writes the release into the Containerfile's FORAY_VERSION default and nothing else", () => {
    const written = withImageVersion(containerfile, '9.8.7');
    expect(/^ARG FORAY_VERSION=(.*)$/m.exec(written)?.[1]).toBe('9.8.7');
    expect(written.replace('ARG FORAY_VERSION=9.8.7', '')).toBe(containerfile.replace(/^ARG FORAY_VERSION=.*$/m, ''));
  });
});
