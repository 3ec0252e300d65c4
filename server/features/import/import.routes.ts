import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_DUPLICATE_METRES, IMPORT_FILE_MAX_BYTES, IMPORT_ZIP_MAX_BYTES } from '../../../common/limits.ts';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  ImportConfirmFieldsSchema,
  ImportPreviewSchema,
  ImportResultSchema,
  type ImportConfirmFields,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from '../../../common/schemas/import.ts';
import { SpotTypeSchema, type SpotType } from '../../../common/schemas/spots.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { newPhotoKey, type PhotoStorage } from '../../storage/storage.ts';
import type { CurrentUser, RequireUser } from '../auth/session.ts';
import { spotColumns } from '../spots/spot-columns.ts';
import { multipartError } from '../spots/spot-input.ts';
import { removePhotoFiles } from '../photos/photo-files.ts';
import { processPhoto } from '../photos/photo-processing.ts';
import { readImportFile, type ImportFile } from './import-file.ts';
import { mapRecord, mappingOf, nearestSameName, type MappedSpot } from './import-mapping.ts';
import { derivedId, findImport, importOwnedBy, insertImport, ownSpotsIn } from './import.queries.ts';
import { isZip } from './readers/zip.ts';

type Deps = { db: Database; storage: PhotoStorage; requireUser: RequireUser };

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};

const CONFIRM_FIELDS = new Set(Object.keys(ImportConfirmFieldsSchema.shape));

/**
 * Photos decompressed and re-encoded at a time: a zip's photos never all sit in memory at once. Each batch is
 * one pass over the zip's directory, so batches are large enough that a zip of thousands of photos takes few.
 */
const PHOTO_BATCH_MAX = 128;
const PHOTO_BATCH_BYTES = 32 * 1024 * 1024;

/** Consecutive groups of jobs, each at most PHOTO_BATCH_MAX long and PHOTO_BATCH_BYTES big (or one photo). */
function batchesOf<Job>(jobs: Job[], size: (job: Job) => number): Job[][] {
  const batches: Job[][] = [];
  let current: Job[] = [];
  let bytes = 0;
  for (const job of jobs) {
    if (current.length > 0 && (current.length >= PHOTO_BATCH_MAX || bytes + size(job) > PHOTO_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(job);
    bytes += size(job);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

type Upload = { fields: Record<string, string>; fileName: string; bytes: Uint8Array };

/**
 * The form: text fields first, then `file`. The file is read up to IMPORT_FILE_MAX_BYTES, or IMPORT_ZIP_MAX_BYTES
 * when its first bytes are a zip's; past that, 413 before the rest is kept.
 */
async function readUpload(request: FastifyRequest, allowedFields: Set<string>): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in the field "file".');
  }
  const fields: Record<string, string> = {};
  let upload: { fileName: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: IMPORT_ZIP_MAX_BYTES,
        files: 1,
        fields: allowedFields.size,
        fieldSize: 512 * 1024,
        parts: allowedFields.size + 1,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            `Unexpected file field "${part.fieldname}": the file goes in "file".`,
          );
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let limit = IMPORT_FILE_MAX_BYTES;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (size === 0 && isZip(chunk)) limit = IMPORT_ZIP_MAX_BYTES;
          size += chunk.length;
          if (size > limit) {
            part.file.resume();
            throw new AppError(
              413,
              'IMPORT_FILE_TOO_LARGE',
              `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
            );
          }
          chunks.push(chunk);
        }
        if (part.file.truncated)
          throw new AppError(
            413,
            'IMPORT_FILE_TOO_LARGE',
            `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
          );
        // Shown back and stored: control characters (NUL, which PostgreSQL refuses, among them) are dropped.
        // eslint-disable-next-line no-control-regex -- removing control characters is the point
        const fileName = (part.filename ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 255);
        upload = { fileName: fileName || 'file', bytes: Buffer.concat(chunks) };
      } else {
        if (!allowedFields.has(part.fieldname))
          throw new AppError(400, 'VALIDATION_ERROR', `Unknown field "${part.fieldname}".`);
        if (part.fieldname in fields)
          throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" was sent twice.`);
        if (part.valueTruncated) throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" is too long.`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const mapped = multipartError(error);
    if (mapped instanceof AppError && mapped.code === 'PHOTO_TOO_LARGE') {
      throw new AppError(
        413,
        'IMPORT_FILE_TOO_LARGE',
        `The file is larger than ${Math.round(IMPORT_ZIP_MAX_BYTES / 1024 / 1024)} MB.`,
      );
    }
    if (mapped instanceof AppError && mapped.message === 'Send at most one photo.')
      throw new AppError(400, 'VALIDATION_ERROR', 'Send one file.');
    throw mapped;
  }
  if (!upload) throw new AppError(400, 'VALIDATION_ERROR', 'Send the file in the field "file".');
  return { fields, ...upload };
}

type Analysis = { file: ImportFile; preview: ImportPreview; spots: MappedSpot[] };

/** The file read, checked and compared with the caller's own spots: the preview, and what a confirm saves. */
async function analyse(db: Database, user: CurrentUser, upload: Upload): Promise<Analysis> {
  const file = readImportFile(upload.bytes, upload.fileName);
  const context = { defaultFinder: user.name.trim().slice(0, 200), today: new Date().toISOString().slice(0, 10) };
  const spots: MappedSpot[] = [];
  const invalid: ImportProblem[] = [...file.problems];
  file.records.forEach((record, index) => {
    const mapped = mapRecord(record, index, context);
    if ('code' in mapped) invalid.push(mapped);
    else spots.push(mapped);
  });
  invalid.sort((a, b) => a.where.number - b.where.number);

  let own: Awaited<ReturnType<typeof ownSpotsIn>> = [];
  if (spots.length > 0) {
    const lats = spots.map((spot) => spot.latitude);
    const lngs = spots.map((spot) => spot.longitude);
    const minLat = Math.min(...lats);
    const maxLat = Math.max(...lats);
    // Ten metres in degrees, wide enough at the box's most poleward edge.
    const dLat = IMPORT_DUPLICATE_METRES / 111_000;
    const cos = Math.max(Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180), 0.01);
    const dLng = dLat / cos;
    own = await ownSpotsIn(db, user.id, {
      minLat: minLat - dLat,
      maxLat: maxLat + dLat,
      minLng: Math.min(...lngs) - dLng,
      maxLng: Math.max(...lngs) + dLng,
    });
  }
  const ofOwn = nearestSameName(spots, own, IMPORT_DUPLICATE_METRES);
  const ofEarlier = nearestSameName(spots, spots, IMPORT_DUPLICATE_METRES, { before: true });

  const preview: ImportPreview = {
    format: file.format,
    file_name: upload.fileName,
    spots: spots.map((spot, index) => ({
      index,
      where: spot.where,
      latitude: spot.latitude,
      longitude: spot.longitude,
      type: spot.type,
      type_guessed: spot.type_guessed,
      mushroom_types: spot.mushroom_types,
      finder: spot.finder,
      date_found: spot.date_found,
      notes: spot.notes,
      accuracy_m: spot.accuracy_m,
      photos:
        file.photoEntries[spot.record]!.length +
        file.visitPhotoEntries[spot.record]!.reduce((sum, entries) => sum + entries.length, 0),
      visits: spot.visits.length,
      duplicate_of: ofOwn[index]! >= 0 ? own[ofOwn[index]!]!.id : null,
      duplicate_of_index: ofOwn[index]! < 0 && ofEarlier[index]! >= 0 ? ofEarlier[index]! : null,
    })),
    invalid,
    skipped_geometries: file.skippedGeometries,
    photos_missing: file.photosMissing,
    mapping: mappingOf(file.records),
  };
  return { file, preview, spots };
}

function parseConfirmFields(fields: Record<string, string>): ImportConfirmFields {
  const parsed = ImportConfirmFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError(400, 'VALIDATION_ERROR', `${first?.path.join('.') || 'fields'}: ${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The forager's type choices: { "<index>": "car_park" | "mushroom_spot" }, each index one of the file's spots. */
function parseTypes(text: string | undefined, count: number): Map<number, SpotType> {
  const choices = new Map<number, SpotType>();
  if (text === undefined || text.trim() === '') return choices;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'types: not JSON');
  }
  const parsed = z.record(z.string().regex(/^\d+$/), SpotTypeSchema).safeParse(json);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION_ERROR', 'types: expected { "<index>": "mushroom_spot" | "car_park" }');
  for (const [key, type] of Object.entries(parsed.data)) {
    const index = Number(key);
    if (index >= count) throw new AppError(400, 'VALIDATION_ERROR', `types: the file has no spot ${index}`);
    choices.set(index, type);
  }
  return choices;
}

const repeatedResult = (
  importId: string,
  stored: { created: number; photos: number; skipped: number },
): ImportResult => ({
  import_id: importId,
  created: stored.created,
  photos: stored.photos,
  skipped: stored.skipped,
  repeated: true,
});

const idTaken = () => new AppError(409, 'ID_CONFLICT', 'That import id is already in use. Start the import again.');

/**
 * Import (issue #11, ADR 0036): the same file twice — once for a preview that saves nothing, once with the
 * forager's choices to save it all in one transaction.
 */
export function registerImportRoutes(root: FastifyInstance, { db, storage, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/import/preview',
    {
      schema: {
        tags: ['import'],
        summary: 'Read a GPX, KML, KMZ, GeoJSON, CSV or Foray zip and show what importing it would do; saves nothing',
        description: `multipart/form-data with the file in \`file\`: up to ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB, a zip up to ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB.`,
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = await requireUser(request, reply);
      const upload = await readUpload(request, new Set());
      return (await analyse(db, user, upload)).preview;
    },
  );

  app.post(
    '/api/v1/import',
    {
      schema: {
        tags: ['import'],
        summary: 'Import the valid spots of a file, all or nothing',
        description:
          'multipart/form-data: import_id, sharing, types, include_duplicates as text fields, then the same file in `file`. ' +
          'Duplicates of one’s own spots are left out unless include_duplicates=true. The same import_id again returns the ' +
          'first answer with repeated=true (200) and saves nothing; an import_id used by someone else is a 409.',
        consumes: ['multipart/form-data'],
        response: { 200: ImportResultSchema, 201: ImportResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = await requireUser(request, reply);
      const upload = await readUpload(request, CONFIRM_FIELDS);
      const fields = parseConfirmFields(upload.fields);
      const importId = fields.import_id;

      const earlier = await findImport(db, importId);
      if (earlier) {
        if (earlier.userId !== user.id) throw idTaken();
        return reply.status(200).send(repeatedResult(importId, earlier));
      }

      const { file, preview, spots } = await analyse(db, user, upload);
      if (spots.length === 0) {
        throw new AppError(
          400,
          'IMPORT_NO_SPOTS',
          `None of the file's ${preview.invalid.length} records is a spot Foray can save: see the preview for why.`,
        );
      }
      const types = parseTypes(fields.types, spots.length);
      const includeDuplicates = fields.include_duplicates === 'true';
      const chosen = preview.spots.filter(
        (spot) => includeDuplicates || (spot.duplicate_of === null && spot.duplicate_of_index === null),
      );
      for (const spot of chosen) {
        const type = types.get(spot.index) ?? spot.type;
        if (type === 'mushroom_spot' && !spot.mushroom_types) {
          throw new AppError(
            400,
            'MISSING_INFORMATION',
            `Spot ${spot.index + 1} has no name, so it can only be a car park.`,
          );
        }
      }

      // Photos first, outside the transaction (re-encoding is slow); removed again unless every row is saved.
      const stored: string[] = [];
      const photoRows: Array<{
        id: string;
        spotId: string;
        position: number;
        photoKey: string;
        thumbnailKey: string;
      }> = [];
      const visitPhotoRows: Array<{
        id: string;
        visitId: string;
        position: number;
        photoKey: string;
        thumbnailKey: string;
      }> = [];
      const visitId = (spotIndex: number, visit: number) => derivedId(importId, `visit:${spotIndex}:${visit}`);
      let saved = false;
      try {
        const jobs = chosen.flatMap((spot) => {
          const record = spots[spot.index]!.record;
          return [
            ...file.photoEntries[record]!.map((entry, position) => ({
              spot,
              entry,
              position,
              visit: null as number | null,
            })),
            ...file.visitPhotoEntries[record]!.flatMap((entries, visit) =>
              entries.map((entry, position) => ({ spot, entry, position, visit })),
            ),
          ];
        });
        for (const batch of batchesOf(jobs, (job) => file.photoSize(job.entry))) {
          const bytes = file.extractPhotos(batch.map((job) => job.entry));
          // Every job of the batch settles before a failure is thrown: no file is written after the clean-up.
          const settled = await Promise.allSettled(
            batch.map(async (job) => {
              let processed;
              try {
                processed = await processPhoto(Buffer.from(bytes.get(job.entry) ?? new Uint8Array()));
              } catch (error) {
                if (error instanceof AppError) {
                  throw new AppError(
                    error.statusCode,
                    error.code,
                    `${job.entry} (${job.spot.where.kind} ${job.spot.where.number}): ${error.message}`,
                  );
                }
                throw error;
              }
              const photoKey = newPhotoKey();
              const thumbnailKey = newPhotoKey();
              await storage.put(photoKey, processed.photo, processed.contentType);
              stored.push(photoKey);
              await storage.put(thumbnailKey, processed.thumbnail, processed.contentType);
              stored.push(thumbnailKey);
              if (job.visit === null) {
                photoRows.push({
                  id: derivedId(importId, `photo:${job.spot.index}:${job.position}`),
                  spotId: derivedId(importId, `spot:${job.spot.index}`),
                  position: job.position,
                  photoKey,
                  thumbnailKey,
                });
              } else {
                visitPhotoRows.push({
                  id: derivedId(importId, `visit-photo:${job.spot.index}:${job.visit}:${job.position}`),
                  visitId: visitId(job.spot.index, job.visit),
                  position: job.position,
                  photoKey,
                  thumbnailKey,
                });
              }
            }),
          );
          const failed = settled.find((outcome) => outcome.status === 'rejected');
          if (failed) throw failed.reason;
        }

        const isPublic = fields.sharing === 'public';
        const result: ImportResult = {
          import_id: importId,
          created: chosen.length,
          photos: photoRows.length + visitPhotoRows.length,
          skipped: preview.spots.length - chosen.length + preview.invalid.length,
          repeated: false,
        };
        let outcome: 'inserted' | 'exists';
        try {
          outcome = await insertImport(
            db,
            {
              id: importId,
              userId: user.id,
              fileName: upload.fileName,
              format: file.format,
              createdCount: result.created,
              photoCount: result.photos,
              skippedCount: result.skipped,
            },
            chosen.map((spot) => ({
              id: derivedId(importId, `spot:${spot.index}`),
              userId: user.id,
              ...spotColumns({ ...spot, type: types.get(spot.index) ?? spot.type, is_public: isPublic }),
            })),
            photoRows,
            chosen.flatMap((spot) =>
              spots[spot.index]!.visits.map((visit, at) => ({
                id: visitId(spot.index, at),
                spotId: derivedId(importId, `spot:${spot.index}`),
                visitedOn: visit.date,
                outcome: visit.outcome,
                amount: visit.amount ?? null,
                note: visit.note ?? null,
              })),
            ),
            visitPhotoRows,
          );
        } catch (error) {
          // A spot's id taken: only a concurrent confirm of the same import can have made it.
          if (
            (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
            (error as { cause?: { code?: string } }).cause?.code === '23505'
          ) {
            outcome = 'exists';
          } else throw error;
        }
        if (outcome === 'exists') {
          const first = await findImport(db, importId);
          if (!first || !(await importOwnedBy(db, importId, user.id))) throw idTaken();
          return reply.status(200).send(repeatedResult(importId, first));
        }
        saved = true;
        return reply.status(201).send(result);
      } finally {
        if (!saved) await removePhotoFiles(storage, request.log, stored);
      }
    },
  );
}
