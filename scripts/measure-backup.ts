/**
 * `npm run measure:backup`: how long a backup and a restore take and how large the archive is (issue #21,
 * ADR 0054), for BACKUP_SPOTS spots (default 100,000) of which BACKUP_PHOTOS (default 1,000) have a photo, on
 * embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL. Photos are on local
 * disk: 1600 × 1200 WebP photos (a few distinct noisy images, about what a phone's photo becomes) and their 400 px
 * thumbnails. The backup's database part is timed on its own: on PGlite the server answers nothing else meanwhile.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { createStorage, newPhotoKey } from '../server/storage/storage.ts';
import { makeBackup } from '../server/backup/make-backup.ts';
import { createPhotoRemovalPause } from '../server/backup/photo-removal-pause.ts';
import { restoreBackup } from '../server/backup/restore-backup.ts';
import { readRelease } from '../server/version.ts';
import { onEachDatabase, seedBenchData } from './bench-seed.ts';

const SPOTS = Number(process.env.BACKUP_SPOTS ?? 100_000);
const PHOTOS = Number(process.env.BACKUP_PHOTOS ?? 1_000);
const SECRET = 'bench-secret-bench-secret-bench-secret';
const MB = 1024 * 1024;

/** A few distinct photos and thumbnails: noise compresses about as badly as a forest floor. */
async function samplePhotos(): Promise<{ photo: Buffer; thumbnail: Buffer }[]> {
  const samples = [];
  for (let index = 0; index < 4; index++) {
    const noise = crypto.randomBytes(400 * 300 * 3);
    const image = sharp(noise, { raw: { width: 400, height: 300, channels: 3 } }).resize(1600, 1200);
    samples.push({
      photo: await image.clone().webp({ quality: 80 }).toBuffer(),
      thumbnail: await image.clone().resize(400, 300).webp({ quality: 75 }).toBuffer(),
    });
  }
  return samples;
}

async function measure(label: 'PGlite' | 'PostgreSQL', options: DatabaseOptions, spots: number) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-measure-backup-'));
  const database = await openDatabase(options);
  try {
    await seedBenchData(database.db, spots);
    const storage = await createStorage({ kind: 'local', dir: path.join(work, 'photos') });
    const samples = await samplePhotos();
    const { rows } = (await database.db.execute(
      sql`select id from locations order by id limit ${PHOTOS}`,
    )) as unknown as { rows: { id: string }[] };
    for (const [index, { id }] of rows.entries()) {
      const sample = samples[index % samples.length]!;
      const keys = { photo: newPhotoKey(), thumbnail: newPhotoKey() };
      await storage.put(keys.photo, sample.photo, 'image/webp');
      await storage.put(keys.thumbnail, sample.thumbnail, 'image/webp');
      await database.db.execute(sql`insert into location_photos (id, location_id, position, photo_key, thumbnail_key)
        values (${crypto.randomUUID()}, ${id}, 0, ${keys.photo}, ${keys.thumbnail})`);
    }

    const file = path.join(work, 'foray.tar');
    const startedAt = performance.now();
    let databaseDoneAt = 0;
    await makeBackup(
      {
        database,
        storage,
        pause: createPhotoRemovalPause(database),
        release: readRelease(),
        authSecret: SECRET,
      },
      file,
      (progress) => {
        if (progress.step === 'photos' && databaseDoneAt === 0) databaseDoneAt = performance.now();
      },
    );
    const backupMs = performance.now() - startedAt;
    const size = fs.statSync(file).size;
    await database.close();

    // Restored into an empty place of the same engine, photos on local disk.
    const target = path.join(work, 'restored');
    let restoreOptions: DatabaseOptions = { kind: 'pglite', dir: path.join(target, 'db') };
    let dropTarget = async () => {};
    if (options.kind === 'postgres') {
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: options.url });
      await admin.connect();
      const name = `foray_measure_restore_${process.pid}`;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const url = new URL(options.url);
      url.pathname = `/${name}`;
      restoreOptions = { kind: 'postgres', url: url.toString() };
      dropTarget = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    try {
      const config = loadConfig({
        DATA_DIR: target,
        AUTH_SECRET: SECRET,
        ...(restoreOptions.kind === 'postgres' ? { DATABASE_URL: restoreOptions.url } : {}),
      });
      const restoreStartedAt = performance.now();
      await restoreBackup(file, config);
      const restoreMs = performance.now() - restoreStartedAt;
      console.log(
        `${label} (${new Date().toISOString().slice(0, 10)}): ${spots.toLocaleString('en')} spots, ${rows.length} with a photo — ` +
          `backup ${(backupMs / 1000).toFixed(1)} s (database part ${((databaseDoneAt - startedAt) / 1000).toFixed(1)} s), ` +
          `archive ${(size / MB).toFixed(1)} MB, restore ${(restoreMs / 1000).toFixed(1)} s`,
      );
    } finally {
      await dropTarget();
    }
  } finally {
    await database.close().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await onEachDatabase('measure-backup', { pglite: [SPOTS], postgres: [SPOTS] }, measure);
