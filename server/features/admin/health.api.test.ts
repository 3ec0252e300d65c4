import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AdminHealthSchema, type AdminHealth } from '../../../common/schemas/admin-health.ts';
import { createStorage } from '../../storage/storage.ts';
import { backUp } from '../../backup/backups.ts';
import { createPhotoRemovalPause } from '../../backup/photo-removal-pause.ts';

let t: TestContext;
let admin: { cookie: string; email: string };
let user: { cookie: string; email: string };
let scratch: string;
beforeAll(async () => {
  t = await createTestContext({ env: { DISK_FREE_MIN_MB: '7' } });
  admin = await t.createUser('health-admin@example.com');
  user = await t.createUser('health-user@example.com');
  await t.query(sql`update "user" set role = 'admin' where email = ${admin.email}`);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-health-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const health = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/health', headers: cookie ? { cookie } : {} });

async function healthOf(cookie: string): Promise<AdminHealth> {
  const response = await health(cookie);
  expect(response.statusCode, response.body).toBe(200);
  return AdminHealthSchema.parse(response.json());
}

/** A backup as `npm run backup` and the schedule make one. */
async function backUpTo(file: string) {
  const storage = await createStorage(t.config.storage);
  return backUp(
    { database: t.database, storage, pause: createPhotoRemovalPause(t.database), config: t.config, log: t.app.log },
    file,
  );
}

describe('GET /api/v1/admin/health', () => {
  it('tells an administrator the version, the database, the photo storage and the mail waiting', async () => {
    await t.query(sql`update "user" set photo_bytes = 1000 where email = ${admin.email}`);
    await t.query(sql`update "user" set photo_bytes = 234 where email = ${user.email}`);
    await t.query(sql`insert into mail_outbox (to_address, subject, text_body, html_body, created_at, next_attempt_at)
      values ('a@example.com', 's', 't', 'h', '2026-11-30T08:00:00Z', now() + interval '1 day')`);
    const waiting = (
      await t.query<{ n: number; oldest: string }>(
        sql`select count(*)::int as n, min(created_at)::text as oldest from mail_outbox where sent_at is null`,
      )
    ).rows[0]!;
    const disk = fs.statfsSync(path.join(t.dataDir, 'photos'));

    const answer = await healthOf(admin.cookie);
    expect(answer.version).toBe(t.config.release.version);
    expect(answer.database.engine).toBe(t.database.kind);
    expect(answer.database.size_bytes).toBeGreaterThan(1024 * 1024);
    expect(answer.photos.stored_bytes).toBe(1234);
    // The disk's free space moves as other programs write: the same order of size as the test reads it.
    expect(answer.photos.free_bytes).toBeGreaterThan(0);
    expect(Math.abs(answer.photos.free_bytes! - disk.bavail * disk.bsize)).toBeLessThan(1024 ** 3);
    expect(answer.photos.free_min_bytes).toBe(7 * 1024 * 1024);
    expect(answer.mail.backlog).toBe(waiting.n);
    expect(new Date(answer.mail.oldest_at!).getTime()).toBe(new Date('2026-11-30T08:00:00Z').getTime());
    expect(answer.backup).toEqual({ last_at: null, last_ok: null, last_error: null });
  });

  it('tells the last backup’s outcome, and a failure with its reason', async () => {
    await backUpTo(path.join(scratch, 'good.tar'));
    const good = (await healthOf(admin.cookie)).backup;
    expect(good).toMatchObject({ last_ok: true, last_error: null });
    expect(good.last_at).not.toBeNull();

    // Into a "folder" that is a file: the archive cannot be written.
    await expect(backUpTo(path.join(scratch, 'good.tar', 'bad.tar'))).rejects.toThrow();
    const bad = (await healthOf(admin.cookie)).backup;
    expect(bad.last_ok).toBe(false);
    expect(bad.last_error).toMatch(/ENOTDIR|EEXIST|not a directory/);
    expect(new Date(bad.last_at!).getTime()).toBeGreaterThanOrEqual(new Date(good.last_at!).getTime());
  });

  it('does not exist for anyone else: a user and a signed-out visitor get the 404 of an unknown route', async () => {
    for (const cookie of [user.cookie, undefined]) {
      const response = await health(cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: 'No route GET /api/v1/admin/health',
          request_id: response.headers['x-request-id'],
        },
      });
    }
  });
});
