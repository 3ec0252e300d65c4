/**
 * `npm run test:container`: builds the Containerfile (on a locally made base: no registry is reachable here),
 * starts the image on embedded data under a small machine's memory limit, waits for its health check, signs up
 * (the verification link from the container's log), saves a spot with a photo through the API, stops it with
 * SIGTERM and checks the clean exit, then starts a new container on the same volume and finds the spot and its
 * photo, byte for byte. Then backs up inside that serving container, restores the archive with a one-off container
 * into a new volume, and finds the spot and its photo there too.
 *
 * Exits 0 with a line starting "SKIPPED:" when podman cannot run containers on this machine (the reason follows);
 * 1 on any failure. CONTAINER_MEMORY overrides the limit (default 512m, the issue's small machine); CONTAINER_KEEP=1
 * leaves the last container running for measurements.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import sharp from 'sharp';
import { buildImage, ensureBaseImage, podman, podmanUnavailable } from './container-base.ts';

const IMAGE = 'localhost/foray:test';
const MEMORY = process.env.CONTAINER_MEMORY ?? '512m';
/** podman stop's grace period; Foray forces its own exit after 10 s of requests in flight. */
const STOP_GRACE_SECONDS = 20;
const PASSWORD = 'chanterelle-autumn-42';

const began = performance.now();
const log = (line: string) =>
  console.log(`[test:container ${Math.round((performance.now() - began) / 1000)} s] ${line}`);

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Throws with the answer's body unless it has `status`; the body is read only then. */
async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
}

const unavailable = podmanUnavailable();
if (unavailable) {
  console.log(`SKIPPED: the container test did not run: ${unavailable}.`);
  process.exit(0);
}

/** A port nothing listens on now, for the published port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const suffix = crypto.randomBytes(4).toString('hex');
const volume = `foray-test-data-${suffix}`;
/** Where the backup made in the container is restored. */
const restoredVolume = `foray-test-restored-${suffix}`;
const containers: string[] = [];

/** Starts the image on the volume; returns its name and the time until its health check first passed. */
async function start(name: string, port: number, onVolume = volume): Promise<{ seconds: number }> {
  const startedAt = performance.now();
  podman([
    'run',
    '--detach',
    '--name',
    name,
    `--memory=${MEMORY}`,
    // slirp4netns: a published port is reached on 127.0.0.1, and the container reaches the host at 10.0.2.2.
    '--network',
    'slirp4netns',
    '--publish',
    `127.0.0.1:${port}:3000`,
    '--volume',
    `${onVolume}:/data`,
    '--env',
    `PUBLIC_URL=http://127.0.0.1:${port}`,
    IMAGE,
  ]);
  containers.push(name);
  for (;;) {
    const health = podman(['healthcheck', 'run', name], { allowFailure: true });
    if (health.status === 0) return { seconds: (performance.now() - startedAt) / 1000 };
    const state = podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}} {{.State.OOMKilled}}', name]);
    const [status, exitCode, oomKilled] = state.stdout.trim().split(' ');
    check(
      status === 'running',
      `${name} stopped before it was healthy (${status}, exit ${exitCode}${oomKilled === 'true' ? `, killed: over --memory=${MEMORY}` : ''}):\n${logsOf(name)}`,
    );
    check((performance.now() - startedAt) / 1000 < 600, `${name} was not healthy within 10 minutes:\n${logsOf(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const logsOf = (name: string) => {
  const logs = podman(['logs', name], { allowFailure: true });
  return logs.stdout + logs.stderr;
};

/** The verification link of the mail to `email`, as the server prints it without SMTP_URL. */
async function mailedLink(name: string, email: string): Promise<string> {
  const pattern = new RegExp(`^Mail to ${email.replace(/[.+]/g, '\\$&')}: (\\S+)$`, 'm');
  for (let attempt = 0; attempt < 120; attempt++) {
    const link = pattern.exec(logsOf(name))?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${email} in ${name}'s log:\n${logsOf(name)}`);
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await expectStatus(response, 200, 'sign-in');
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function photoBytes(base: string, cookie: string, url: string): Promise<Buffer> {
  const response = await fetch(new URL(url, base), { headers: { cookie } });
  check(response.status === 200, `the photo answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

type SavedSpot = { id: string; photo_url: string | null; photos: unknown[] };

try {
  ensureBaseImage(log);
  const build = buildImage(IMAGE, log);
  log(`Built in ${Math.round(build.seconds)} s`);
  const inspect = podman([
    'image',
    'inspect',
    '--format',
    '{{index .Config.Labels "org.opencontainers.image.version"}}|{{.Size}}|{{.Config.User}}|{{json .Config.Healthcheck}}',
    IMAGE,
  ]);
  const [label, size, user, healthcheck] = inspect.stdout.trim().split('|');
  check(label === build.version, `the image's version label is "${label}", package.json says ${build.version}`);
  check(user === 'node', `the image runs as "${user}", not the unprivileged user node`);
  check(healthcheck?.includes('/healthz'), `the image's HEALTHCHECK is missing: ${healthcheck}`);
  log(`Image ${IMAGE}: ${(Number(size) / 1_000_000).toFixed(0)} MB, version ${label}, user ${user}`);

  podman(['volume', 'create', volume]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  const first = `foray-test-${suffix}-1`;
  const firstStart = await start(first, port);
  log(`${first} healthy ${firstStart.seconds.toFixed(1)} s after podman run (new data folder, --memory=${MEMORY})`);
  const healthz = (await (await fetch(`${base}/healthz`)).json()) as { version: string };
  check(healthz.version === build.version, `/healthz names version ${healthz.version}`);
  const uid = podman(['exec', first, 'id', '-u']).stdout.trim();
  check(uid !== '0', 'the server runs as root');

  const email = `container-${suffix}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await expectStatus(signUp, 200, 'sign-up');
  const link = await mailedLink(first, email);
  const verified = await fetch(link, { redirect: 'manual' });
  check(verified.status < 400, `the verification link answered ${verified.status}`);
  let cookie = await signIn(base, email);
  log('Signed up with the link from the log, verified, signed in');

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a5230' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  for (const [field, value] of Object.entries({
    type: 'mushroom_spot',
    mushroom_types: 'Cantharellus cibarius',
    finder: 'Ona',
    date_found: '2026-09-14',
    latitude: '54.68',
    longitude: '25.28',
  })) {
    form.append(field, value);
  }
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'chanterelles.jpg');
  const created = await fetch(`${base}/api/v1/locations`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  await expectStatus(created, 201, 'creating the spot');
  const spot = (await created.json()) as SavedSpot;
  check(spot.photo_url, 'the saved spot has no photo');
  const stored = await photoBytes(base, cookie, spot.photo_url);
  log(`Saved spot ${spot.id} with a ${stored.length}-byte photo`);

  const stopBegan = performance.now();
  podman(['stop', '--time', String(STOP_GRACE_SECONDS), first]);
  const stopSeconds = (performance.now() - stopBegan) / 1000;
  const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', first]).stdout.trim();
  const stopLogs = logsOf(first);
  check(stopLogs.includes('SIGTERM received'), `the server never saw SIGTERM:\n${stopLogs}`);
  check(exitCode === '0', `after SIGTERM the server exited with ${exitCode}, not 0:\n${stopLogs}`);
  check(stopSeconds < STOP_GRACE_SECONDS, `stopping took ${stopSeconds.toFixed(1)} s: podman had to kill it`);
  log(`SIGTERM: clean exit (0) in ${stopSeconds.toFixed(1)} s`);

  const second = `foray-test-${suffix}-2`;
  const secondStart = await start(second, port);
  log(`${second} healthy ${secondStart.seconds.toFixed(1)} s after podman run (same volume)`);
  cookie = await signIn(base, email);
  const found = await fetch(`${base}/api/v1/locations/${spot.id}`, { headers: { cookie } });
  check(found.status === 200, `the spot answered ${found.status} after the restart`);
  const again = (await found.json()) as SavedSpot;
  check(again.photo_url, 'the spot lost its photo in the restart');
  const restored = await photoBytes(base, cookie, again.photo_url);
  check(restored.equals(stored), 'the photo read after the restart differs from the one saved');
  log(`After the restart: spot ${spot.id} and its photo (identical bytes) are there`);

  // A backup made inside the serving container (the image has no tsx: Node runs the command's TypeScript as it is),
  // restored by a one-off container of the same image into a new volume, under the same memory limit.
  const backup = podman(
    ['exec', second, 'node', '--liftoff-only', 'server/backup/backup-command.ts', '/data/foray-backup.tar'],
    {
      allowFailure: true,
    },
  );
  check(
    backup.status === 0 && /Backup written/.test(backup.stdout),
    `the backup failed:\n${backup.stdout}${backup.stderr}`,
  );
  log(backup.stdout.trim().split('\n').at(-1)!);
  podman(['stop', '--time', String(STOP_GRACE_SECONDS), second]);
  podman(['volume', 'create', restoredVolume]);
  const restore = podman(
    [
      'run',
      '--rm',
      `--memory=${MEMORY}`,
      '--volume',
      `${volume}:/backup:ro`,
      '--volume',
      `${restoredVolume}:/data`,
      IMAGE,
      'node',
      // As the server runs (Containerfile): V8's optimising compiler on the embedded database's WebAssembly took
      // the restore over 512 MB, and the kernel killed it (exit 137).
      '--liftoff-only',
      'server/backup/restore-command.ts',
      '/backup/foray-backup.tar',
    ],
    { allowFailure: true },
  );
  check(
    restore.status === 0,
    `the restore failed (exit ${restore.status}${restore.status === 137 ? `: killed, over --memory=${MEMORY}` : ''}):\n${restore.stdout}${restore.stderr}`,
  );
  log(restore.stdout.trim().split('\n').at(-1)!);
  const third = `foray-test-${suffix}-3`;
  const thirdStart = await start(third, port, restoredVolume);
  log(`${third} healthy ${thirdStart.seconds.toFixed(1)} s after podman run (the restored volume)`);
  cookie = await signIn(base, email);
  const fromBackup = await fetch(`${base}/api/v1/locations/${spot.id}`, { headers: { cookie } });
  check(fromBackup.status === 200, `the spot answered ${fromBackup.status} after the restore`);
  const restoredSpot = (await fromBackup.json()) as SavedSpot;
  check(restoredSpot.photo_url, 'the restored spot has no photo');
  const restoredPhoto = await photoBytes(base, cookie, restoredSpot.photo_url);
  check(restoredPhoto.equals(stored), 'the photo read after the restore differs from the one saved');
  log(`After backup and restore: spot ${spot.id} and its photo (identical bytes) are there`);

  if (process.env.CONTAINER_KEEP === '1') {
    containers.pop();
    log(`Kept ${third} running on ${base} (volume ${restoredVolume})`);
  }
  log('PASSED');
} catch (error) {
  console.error(`[test:container] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const name of containers) podman(['rm', '--force', '--time', '0', name], { allowFailure: true });
  if (process.env.CONTAINER_KEEP !== '1') {
    for (const name of [volume, restoredVolume]) podman(['volume', 'rm', '--force', name], { allowFailure: true });
  }
}
