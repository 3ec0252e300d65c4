import { z } from 'zod';

/**
 * The server's health as its administrators see it (`GET /api/v1/admin/health`, ADR 0080): which Foray runs, how big
 * its database and its photos are, the room left for photos, the last backup and the mail still waiting. Figures about
 * the server, never anyone's content.
 */
export const AdminHealthSchema = z.object({
  version: z.string().describe('The release that answers'),
  database: z.object({
    engine: z
      .enum(['pglite', 'postgres'])
      .describe('pglite: the embedded database in DATA_DIR; postgres: DATABASE_URL'),
    size_bytes: z.number().int().min(0).describe('The database’s size on disk'),
  }),
  photos: z.object({
    stored_bytes: z.number().int().min(0).describe('The bytes of every account’s photos, summed'),
    free_bytes: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe('Free space on the disk that holds the photos (local storage); null for S3'),
    free_min_bytes: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe('DISK_FREE_MIN_MB in bytes: below it uploads are refused (local storage); null for S3'),
  }),
  backup: z.object({
    last_at: z.iso.datetime({ offset: true }).nullable().describe('When the last backup ended; null: none yet'),
    last_ok: z.boolean().nullable().describe('Whether it worked; null: none yet'),
    last_error: z.string().nullable().describe('What went wrong, when it failed'),
  }),
  mail: z.object({
    backlog: z.number().int().min(0).describe('Mails waiting in the outbox, not yet sent'),
    oldest_at: z.iso.datetime({ offset: true }).nullable().describe('When the oldest of them was queued'),
  }),
});
export type AdminHealth = z.infer<typeof AdminHealthSchema>;
