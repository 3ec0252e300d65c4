import { z } from 'zod';

/**
 * What a backup archive holds, written as its last entries (`manifest.json`, then `manifest.json.sha256`):
 * whichever entry is missing, the archive is incomplete. Read back with this schema, since an archive is a file
 * from outside like any other.
 */
export const BACKUP_FORMAT = 'foray-backup';
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_PATH = 'manifest.json';
export const MANIFEST_HASH_PATH = 'manifest.json.sha256';
export const AUTH_SECRET_PATH = 'auth-secret';
export const tablePath = (table: string) => `database/${table}.jsonl.gz`;
export const photoPath = (key: string) => `photos/${key}.webp`;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  foray: z.object({ version: z.string(), commit: z.string().nullable() }),
  database: z.object({
    /** The engine the backup was made from; the dump restores into either. */
    engine: z.enum(['pglite', 'postgres']),
    /** The schema's last migration: its file's name when this Foray knew it, and drizzle-kit's time, its key. */
    migration: z.object({ tag: z.string().nullable(), createdAt: z.number(), hash: z.string() }),
    /** In the order they are restored: a table after every table it refers to. */
    tables: z.array(
      z.object({
        name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
        columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)),
        rows: z.number().int().min(0),
      }),
    ),
    sequences: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), value: z.string().nullable() })),
  }),
  photos: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Files a row names that were not in the store when the backup was made (lost before it): said, not hidden. */
    missing: z.array(z.string()),
  }),
  entries: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: Sha256 })),
});

export type Manifest = z.infer<typeof ManifestSchema>;
