// `npm run restore -- <file> [--force]`: puts an archive back into the configured place (ADR 0054): DATA_DIR or
// DATABASE_URL for the rows, local disk or S3 for the photos, whichever Foray made the archive.
import { loadConfig } from '../config.ts';
import { exitOnFailure } from '../fatal.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { formatBytes, progressLine } from './progress-line.ts';
import { restoreBackup } from './restore-backup.ts';
import { verifyArchive } from './verify-archive.ts';

const USAGE = 'Usage: npm run restore -- <archive file> [--force]   (--force replaces a database that holds data)';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const line = progressLine();
  const startedAt = performance.now();
  // The archive is checked whole before anything else, even the settings: reading them makes DATA_DIR and its
  // secret, and a damaged archive must leave no trace.
  const verified = await verifyArchive(files[0]!, (done, total) =>
    line.show(`Checking the archive: ${formatBytes(done)} of ${formatBytes(total)}`),
  );
  line.end();
  const config = loadConfig();
  // Embedded: the same lock as the server's, so no server runs on the folder being restored.
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir) : null;
  try {
    const { manifest, replaced } = await restoreBackup(files[0]!, config, {
      force,
      verified,
      onProgress: (progress) =>
        line.show(
          progress.step === 'photos'
            ? `Restoring photos: ${progress.done} of ${progress.total}`
            : `Restoring the database: ${progress.done.toLocaleString('en')} of ${(progress.total ?? 0).toLocaleString('en')} rows`,
        ),
    });
    line.end();
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    const where = config.database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `Restored the backup of ${manifest.createdAt} (Foray ${manifest.foray.version}) into ${where}` +
        `${replaced ? ', replacing what was there' : ''}: ${rows.toLocaleString('en')} rows, ${manifest.photos.count} photo files ` +
        `(${config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket}` : config.storage.dir}), ` +
        `migrated to this Foray's schema, in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
    );
    if (manifest.photos.missing.length > 0)
      console.warn(
        `Warning: ${manifest.photos.missing.length} photo file(s) that rows name were already missing when the backup was made.`,
      );
  } finally {
    line.end();
    lock?.release();
  }
}

main().catch(exitOnFailure('The restore failed'));
