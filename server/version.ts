import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Which Foray this is: package.json's version and, when known, the commit it was built from. */
export type Release = { version: string; commit: string | null };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The release of the code in `root`. A packager sets FORAY_VERSION / FORAY_COMMIT (an image holds no `.git`);
 * otherwise the version is package.json's and the commit is asked of git when the code is a checkout.
 */
export function readRelease(given: { version?: string; commit?: string } = {}, root = ROOT): Release {
  const version =
    given.version ??
    (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return { version, commit: given.commit ?? checkoutCommit(root) };
}

function checkoutCommit(root: string): string | null {
  // `.git` is a folder in a clone and a file in a worktree; without one, git would look in the folders above.
  if (!fs.existsSync(path.join(root, '.git'))) return null;
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{7,40}$/.test(head) ? head : null;
  } catch {
    return null;
  }
}

/** How the start line and logs name a release: `0.1.0 (commit 1a2b3c4d5e6f)`. */
export const describeRelease = ({ version, commit }: Release) => (commit ? `${version} (commit ${commit})` : version);
