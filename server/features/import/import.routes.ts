import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_FILE_MAX_BYTES, IMPORT_ZIP_MAX_BYTES } from '../../../common/limits.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import { ImportPreviewSchema, ImportResultSchema } from '../../../common/schemas/import.ts';
import type { Database } from '../../db/client.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import { documentedBody } from '../../lib/openapi-body.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { analyse } from './import-analysis.ts';
import { importIdTaken, repeatedResult, saveImport } from './import-confirm.ts';
import {
  CONFIRM_FIELDS,
  ImportConfirmFormSchema,
  ImportPreviewFormSchema,
  parseConfirmFields,
  readUpload,
} from './import-upload.ts';
import { findImport } from './import.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { db: Database; storage: PhotoStorage; photoLimits: PhotoLimits; requireUser: RequireUser };

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};

/**
 * Import (issue #11, ADR 0036): the same file twice — once for a preview that saves nothing, once with the
 * forager's choices to save it all in one transaction.
 */
export function registerImportRoutes(root: FastifyInstance, { db, storage, photoLimits, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/import/preview',
    {
      config: documentedBody({ 'multipart/form-data': ImportPreviewFormSchema }),
      schema: {
        tags: ['import'],
        summary: 'Read a GPX, KML, KMZ, GeoJSON, CSV or Foray zip and show what importing it would do; saves nothing',
        description: `multipart/form-data with the file in \`file\`: up to ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB, a zip up to ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB.`,
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const upload = await readUpload(request, new Set());
      return (await analyse(db, user, upload)).preview;
    },
  );

  app.post(
    '/api/v1/import',
    {
      config: documentedBody({ 'multipart/form-data': ImportConfirmFormSchema }),
      schema: {
        tags: ['import'],
        summary: 'Import the valid spots of a file, all or nothing',
        description:
          'multipart/form-data: import_id, audience (with circle_ids, circles the caller is in) and precision — or the older ' +
          'sharing —, types, include_duplicates as text fields, then the same file in `file`. A spot the file keeps ' +
          'narrower (only its owner, or circles when everyone is chosen) or less exact stays so; the file’s circles are not read. ' +
          'Duplicates of one’s own spots are left out unless include_duplicates=true. The same import_id again returns the ' +
          'first answer with repeated=true (200) and saves nothing; an import_id used by someone else is a 409.',
        consumes: ['multipart/form-data'],
        response: { 200: ImportResultSchema, 201: ImportResultSchema, 507: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const upload = await readUpload(request, CONFIRM_FIELDS);
      const fields = parseConfirmFields(upload.fields);
      const importId = fields.import_id;

      const earlier = await findImport(db, importId);
      if (earlier) {
        if (earlier.userId !== user.id) throw importIdTaken();
        return reply.status(200).send(repeatedResult(importId, earlier));
      }

      const { status, result } = await saveImport(
        { db, storage, photoLimits, log: request.log },
        user,
        fields,
        upload.fileName,
        await analyse(db, user, upload),
      );
      return reply.status(status).send(result);
    },
  );
}
