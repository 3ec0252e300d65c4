import fs from 'node:fs/promises';
import path from 'node:path';
import { notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { translations } from '../../db/schema.ts';
import { PUBLIC_REVALIDATE } from '../../plugins/cache-policy.ts';
import { LANGUAGES } from '../../../common/limits.ts';
import { TranslationsSchema } from '../../../common/schemas/config.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';

/**
 * The translations table (spec §3.3) is filled from locales/*.json at every start: the files in the
 * repository are the source of truth, the table is what the API serves.
 */
export async function syncTranslations(db: Database, localesDir: string): Promise<number> {
  const byLanguage = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => {
        const file = path.join(localesDir, `${language}.json`);
        const raw = await fs.readFile(file, 'utf8').catch(() => '{}');
        return [language, JSON.parse(raw) as Record<string, string>] as const;
      }),
    ),
  ) as Record<(typeof LANGUAGES)[number], Record<string, string>>;
  const keys = [...new Set(LANGUAGES.flatMap((language) => Object.keys(byLanguage[language])))];
  await db.transaction(async (tx) => {
    if (keys.length === 0) {
      await tx.delete(translations);
      return;
    }
    await tx.delete(translations).where(notInArray(translations.key, keys));
    const rows = keys.map((key) => ({ key, en: byLanguage.en[key] ?? '', lt: byLanguage.lt[key] ?? '' }));
    for (let start = 0; start < rows.length; start += 500) {
      await tx
        .insert(translations)
        .values(rows.slice(start, start + 500))
        .onConflictDoUpdate({ target: translations.key, set: { en: sql`excluded.en`, lt: sql`excluded.lt` } });
    }
  });
  return keys.length;
}

export function registerTranslationRoutes(root: FastifyInstance, { db }: { db: Database }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/translations/:lng',
    {
      schema: {
        tags: ['translations'],
        summary: 'Every UI string in one language; empty ones are left out so the app shows the key',
        params: z.strictObject({ lng: z.enum(LANGUAGES) }),
        response: { 200: TranslationsSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const column = translations[request.params.lng];
      const rows = await db.select({ key: translations.key, value: column }).from(translations);
      // Public words, kept by the browser and revalidated (ADR 0074).
      reply.header('cache-control', PUBLIC_REVALIDATE);
      return Object.fromEntries(rows.filter((row) => row.value !== '').map((row) => [row.key, row.value]));
    },
  );
}
