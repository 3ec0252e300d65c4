import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, newPhotoKey, PHOTO_KEY_PATTERN, type PhotoStorage, type StorageConfig } from './storage.ts';
import { ABANDONED_WRITE_AGE_MS } from './local-disk-storage.ts';
import { S3RVER_CREDENTIALS, startS3rver } from '../test/s3rver.ts';

const BUCKET = 'foray-photos';
/** A second bucket, deleted during a test to show that a missing bucket is an error, not a missing photo. */
const DOOMED_BUCKET = 'foray-doomed';

let tempRoot: string;
let s3rver: Awaited<ReturnType<typeof startS3rver>>;
let s3Endpoint: string;

const s3Config = (bucket: string, endpoint = s3Endpoint): StorageConfig => ({
  kind: 's3',
  endpoint,
  region: 'us-east-1',
  bucket,
  ...S3RVER_CREDENTIALS,
  forcePathStyle: true,
});

beforeAll(async () => {
  tempRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'foray-storage-'));
  s3rver = await startS3rver([BUCKET, DOOMED_BUCKET]);
  s3Endpoint = s3rver.endpoint;
});

afterAll(async () => {
  await s3rver?.close();
  if (tempRoot) await fs.rm(tempRoot, { recursive: true, force: true });
});

const photoBytes = (size = 64 * 1024) => crypto.randomBytes(size);

const drivers: { name: string; kind: PhotoStorage['kind']; config: () => StorageConfig }[] = [
  { name: 'local disk', kind: 'local', config: () => ({ kind: 'local', dir: path.join(tempRoot, 'photos') }) },
  { name: 'S3 (s3rver)', kind: 's3', config: () => s3Config(BUCKET) },
];

describe.each(drivers)('photo storage on $name', ({ kind, config }) => {
  let storage: PhotoStorage;

  beforeAll(async () => {
    storage = await createStorage(config());
  });

  it('is the configured driver', () => {
    expect(storage.kind).toBe(kind);
  });

  it('gives back exactly the bytes and content type it was given', async () => {
    const key = newPhotoKey();
    const body = photoBytes(300 * 1024);
    await storage.put(key, body, 'image/webp');

    const stored = await storage.get(key);
    expect(stored).not.toBeNull();
    expect(stored!.contentType).toBe('image/webp');
    expect(Buffer.compare(stored!.body, body)).toBe(0);
  });

  it('keeps keys apart', async () => {
    const [first, second] = [newPhotoKey(), newPhotoKey()];
    await storage.put(first, Buffer.from('first photo'), 'image/webp');
    await storage.put(second, Buffer.from('second photo'), 'image/webp');

    expect((await storage.get(first))!.body.toString()).toBe('first photo');
    expect((await storage.get(second))!.body.toString()).toBe('second photo');
  });

  it('replaces the bytes when a key is written again', async () => {
    const key = newPhotoKey();
    await storage.put(key, photoBytes(), 'image/webp');
    const replacement = photoBytes(1000);
    await storage.put(key, replacement, 'image/webp');

    expect(Buffer.compare((await storage.get(key))!.body, replacement)).toBe(0);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get(newPhotoKey())).toBeNull();
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    const key = newPhotoKey();
    await storage.put(key, photoBytes(), 'image/webp');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(newPhotoKey())).resolves.toBeUndefined();
  });

  it.each([
    ['a path out of the folder', '../../../../etc/passwd-xxxxxxxxxxxx'],
    ['a nested path', 'photos/aaaaaaaaaaaaaaaaaaaaaaaa'],
    ['a dot', 'aaaaaaaaaaaaaaaaaaaa.webp'],
    ['a trailing newline', `${'a'.repeat(30)}\n`],
    ['too short', 'abc'],
    ['too long', 'a'.repeat(101)],
    ['empty', ''],
  ])('refuses a key that is %s', async (_, key) => {
    await expect(storage.put(key, photoBytes(10), 'image/webp')).rejects.toThrow(/invalid photo key/i);
    await expect(storage.get(key)).rejects.toThrow(/invalid photo key/i);
    await expect(storage.delete(key)).rejects.toThrow(/invalid photo key/i);
  });
});

describe('newPhotoKey', () => {
  it('makes distinct url-safe keys that the drivers accept', () => {
    const keys = Array.from({ length: 1000 }, () => newPhotoKey());
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(PHOTO_KEY_PATTERN);
      expect(key).toHaveLength(32); // 24 random bytes
    }
  });
});

describe('local disk storage', () => {
  it('creates its folder and keeps each photo as one <key>.webp file, with no temporary file left', async () => {
    const dir = path.join(tempRoot, 'new', 'nested', 'photos');
    const storage = await createStorage({ kind: 'local', dir });
    const key = newPhotoKey();
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    await storage.put(key, Buffer.from('newer webp bytes'), 'image/webp');

    expect(await fs.readdir(dir)).toEqual([`${key}.webp`]);
    expect(await fs.readFile(path.join(dir, `${key}.webp`), 'utf8')).toBe('newer webp bytes');
  });

  it('writes nothing outside its folder for a path-like key', async () => {
    const parent = path.join(tempRoot, 'parent');
    const storage = await createStorage({ kind: 'local', dir: path.join(parent, 'photos') });

    await expect(storage.put('../escaped-aaaaaaaaaaaaaaaa', Buffer.from('x'), 'image/webp')).rejects.toThrow();

    expect(await fs.readdir(parent)).toEqual(['photos']);
  });

  it('refuses a content type it could not give back', async () => {
    const dir = path.join(tempRoot, 'types');
    const storage = await createStorage({ kind: 'local', dir });

    await expect(storage.put(newPhotoKey(), Buffer.from('x'), 'image/png')).rejects.toThrow(/only image\/webp/);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('removes at start the temporary files of writes a crash cut off, but not a write still under way', async () => {
    const dir = path.join(tempRoot, 'crashed');
    await fs.mkdir(dir, { recursive: true });
    const kept = `${newPhotoKey()}.webp`;
    const abandoned = `.${newPhotoKey()}.0123456789ab.tmp`;
    const inProgress = `.${newPhotoKey()}.ba9876543210.tmp`;
    for (const name of [kept, abandoned, inProgress]) await fs.writeFile(path.join(dir, name), 'bytes');
    const twoHoursAgo = new Date(Date.now() - 2 * ABANDONED_WRITE_AGE_MS);
    await fs.utimes(path.join(dir, abandoned), twoHoursAgo, twoHoursAgo);

    await createStorage({ kind: 'local', dir });

    expect((await fs.readdir(dir)).sort()).toEqual([inProgress, kept].sort());
  });
});

describe('S3 storage', () => {
  it('refuses to start on a missing bucket, naming the bucket and the endpoint', async () => {
    const attempt = createStorage(s3Config('no-such-bucket'));
    await expect(attempt).rejects.toThrow('"no-such-bucket"');
    await expect(attempt).rejects.toThrow(s3Endpoint);
    await expect(attempt).rejects.toThrow(/no such bucket/);
  });

  it('refuses to start when the endpoint does not answer', async () => {
    const closedPort = await freePort();
    const endpoint = `http://127.0.0.1:${closedPort}`;

    await expect(createStorage(s3Config(BUCKET, endpoint))).rejects.toThrow(`"${BUCKET}" at ${endpoint}`);
  });

  it('treats a bucket deleted after start as an error, never as a missing photo', async () => {
    const storage = await createStorage(s3Config(DOOMED_BUCKET));
    const admin = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    try {
      await admin.send(new DeleteBucketCommand({ Bucket: DOOMED_BUCKET }));
    } finally {
      admin.destroy();
    }

    await expect(storage.get(newPhotoKey())).rejects.toThrow();
  });
});

/** A port nothing listens on: bound by the system, then released. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
