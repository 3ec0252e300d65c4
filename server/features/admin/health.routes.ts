import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminHealthSchema, type AdminHealth } from '../../../common/schemas/admin-health.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RequireAdmin } from '../../plugins/admin.ts';
import { readDiskSpace } from '../../storage/disk-space.ts';
import { databaseSizeBytes, readServerFigures } from './health.queries.ts';

/** Free bytes for an unprivileged writer on the file system that holds `dir` (read now, not the uploads' cached figure). */
const freeBytes = async (dir: string): Promise<number> => (await readDiskSpace(dir)).freeBytes;

/** The server's health for its administrators (ADR 0080): figures read now, from the database and the disk. */
export function registerAdminHealthRoutes(
  root: FastifyInstance,
  deps: { config: Config; db: Database; engine: 'pglite' | 'postgres'; requireAdmin: RequireAdmin },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/admin/health',
    {
      schema: {
        tags: ['admin'],
        summary: 'The server’s health: version, database, photo storage, the last backup, the mail outbox',
        response: { 200: AdminHealthSchema },
      },
    },
    async (request, reply): Promise<AdminHealth> => {
      await deps.requireAdmin(request, reply);
      const storage = deps.config.storage;
      const [figures, sizeBytes, free] = await Promise.all([
        readServerFigures(deps.db),
        databaseSizeBytes(deps.db),
        storage.kind === 'local' ? freeBytes(storage.dir) : Promise.resolve(null),
      ]);
      return {
        version: deps.config.release.version,
        database: { engine: deps.engine, size_bytes: sizeBytes },
        photos: {
          stored_bytes: figures.photoBytes,
          free_bytes: free,
          free_min_bytes: storage.kind === 'local' ? deps.config.diskFreeMinMb * 1024 * 1024 : null,
        },
        backup: {
          last_at: figures.backup.lastAt?.toISOString() ?? null,
          last_ok: figures.backup.lastOk,
          last_error: figures.backup.lastError,
        },
        mail: { backlog: figures.mail.backlog, oldest_at: figures.mail.oldestAt?.toISOString() ?? null },
      };
    },
  );
}
