/**
 * The step of `npm version <minor|patch|major>` that makes a release (ADR 0076): npm has written the new version
 * into package.json and the lockfile and runs this as the package's `version` script, before it commits and tags
 * `v<version>`. This names the changelog's Unreleased entries as that release, dated today (UTC), with an empty
 * Unreleased section above them, and writes the version as the default of the Containerfile's FORAY_VERSION, which
 * becomes the image's version label. package.json's `version` script then stages both files for npm's commit.
 *
 * Stops with a message, changing nothing, when Unreleased has no entry or the release is already in the changelog.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;
/** A released section's heading: `## [1.2.3] - 2026-12-01`. */
export const RELEASE_HEADING = /^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm;
const IMAGE_VERSION = /^ARG FORAY_VERSION=.*$/m;

export class ReleaseProblem extends Error {}

/** The changelog with its Unreleased entries released as `version` on `date`, and a new, empty Unreleased. */
export function releaseChangelog(changelog: string, version: string, date: string): string {
  const unreleased = UNRELEASED.exec(changelog);
  if (!unreleased) throw new ReleaseProblem('CHANGELOG.md has no "## [Unreleased]" section');
  if ([...changelog.matchAll(RELEASE_HEADING)].some(([, released]) => released === version)) {
    throw new ReleaseProblem(`CHANGELOG.md already has a section for ${version}`);
  }
  const start = unreleased.index + unreleased[0].length;
  const next = changelog.slice(start).search(/^## /m);
  const entries = next === -1 ? changelog.slice(start) : changelog.slice(start, start + next);
  if (!/^\s*- /m.test(entries)) {
    throw new ReleaseProblem('CHANGELOG.md has nothing under "## [Unreleased]": write what this release changes');
  }
  const released = changelog.slice(start).replace(/^\n+/, '\n');
  return `${changelog.slice(0, unreleased.index)}## [Unreleased]\n\n## [${version}] - ${date}\n${released}`;
}

/** The Containerfile with `version` as the default of its FORAY_VERSION build argument. */
export function withImageVersion(containerfile: string, version: string): string {
  if (!IMAGE_VERSION.test(containerfile)) {
    throw new ReleaseProblem('the Containerfile has no "ARG FORAY_VERSION=" line');
  }
  return containerfile.replace(IMAGE_VERSION, `ARG FORAY_VERSION=${version}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = (name: string) => path.join(root, name);
  const { version } = JSON.parse(fs.readFileSync(file('package.json'), 'utf8')) as { version: string };
  try {
    const changelog = releaseChangelog(
      fs.readFileSync(file('CHANGELOG.md'), 'utf8'),
      version,
      new Date().toISOString().slice(0, 10),
    );
    const containerfile = withImageVersion(fs.readFileSync(file('Containerfile'), 'utf8'), version);
    fs.writeFileSync(file('CHANGELOG.md'), changelog);
    fs.writeFileSync(file('Containerfile'), containerfile);
    console.log(`Foray ${version}: CHANGELOG.md's Unreleased entries are now ${version}; the image's label says so`);
  } catch (error) {
    if (!(error instanceof ReleaseProblem)) throw error;
    console.error(`Not released: ${error.message}.`);
    process.exit(1);
  }
}
