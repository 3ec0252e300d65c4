// Saving an import (ADR 0036): the forager's choices checked, the photos stored first (re-encoding is slow, so
// outside the transaction), then every row in one transaction; when that does not happen, the stored photos
// are taken away again.
import type { FastifyBaseLogger } from 'fastify';
import { importedSharing, type ImportSharing } from '../../../common/import-sharing.ts';
import { importLacksName, type ImportConfirmFields, type ImportResult } from '../../../common/schemas/import.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { photoBatch } from '../../photos/photo-files.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import type { PhotoLimits } from '../../photos/photo-limits.ts';
import type { CurrentUser } from '../../plugins/session.ts';
import { spotColumns } from '../../db/spot-columns.ts';
import type { Analysis } from './import-analysis.ts';
import { importedVisitId, storeImportPhotos } from './import-photos.ts';
import { parseTypes } from './import-upload.ts';
import { derivedId, findImport, importOwnedBy, insertImport, requireOwnCircles } from './import.queries.ts';

type Deps = { db: Database; storage: PhotoStorage; photoLimits: PhotoLimits; log: FastifyBaseLogger };

export const repeatedResult = (
  importId: string,
  stored: { created: number; photos: number; skipped: number },
): ImportResult => ({
  import_id: importId,
  created: stored.created,
  photos: stored.photos,
  skipped: stored.skipped,
  repeated: true,
});

export const importIdTaken = () =>
  new AppError(409, 'ID_CONFLICT', 'That import id is already in use. Start the import again.');

/** What the forager chose for the imported spots: `audience` (or the older `sharing`), its circles, the precision. */
export function sharingChosen(fields: ImportConfirmFields): ImportSharing {
  const audience = fields.audience ?? fields.sharing ?? 'private';
  return {
    audience,
    circle_ids: audience === 'circles' ? (fields.circle_ids ?? []) : [],
    precision: fields.precision ?? 'exact',
  };
}

/** Whether the database refused a row as a duplicate key (only a concurrent confirm of the same import can). */
const isDuplicateKey = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Saves what the forager chose of an analysed file, all or nothing: 201 with the result, or 200 with the first
 * answer when a concurrent confirm of the same import saved it first.
 */
export async function saveImport(
  { db, storage, photoLimits, log }: Deps,
  user: CurrentUser,
  fields: ImportConfirmFields,
  fileName: string,
  { file, preview, spots }: Analysis,
): Promise<{ status: 200 | 201; result: ImportResult }> {
  const importId = fields.import_id;
  if (spots.length === 0) {
    throw new AppError(
      400,
      'IMPORT_NO_SPOTS',
      `None of the file's ${preview.invalid.length} records is a spot Foray can save: see the preview for why.`,
    );
  }
  const types = parseTypes(fields.types, spots.length);
  const choice = sharingChosen(fields);
  // Before any photo is stored; checked again, locked, in the transaction that shares the spots.
  await requireOwnCircles(db, user.id, choice.circle_ids);
  const includeDuplicates = fields.include_duplicates === 'true';
  const chosen = preview.spots.filter(
    (spot) => includeDuplicates || (spot.duplicate_of === null && spot.duplicate_of_index === null),
  );
  for (const spot of chosen) {
    if (importLacksName({ type: types.get(spot.index) ?? spot.type, mushroom_types: spot.mushroom_types })) {
      throw new AppError(
        400,
        'IMPORT_SPOT_UNNAMED',
        `Spot ${spot.index + 1} has no mushroom types, so it can only be a car park.`,
      );
    }
  }

  const photos = photoBatch(storage, log, { db, limits: photoLimits, userId: user.id });
  let saved = false;
  try {
    const { spotPhotoRows, visitPhotoRows } = await storeImportPhotos(
      importId,
      file,
      chosen.map((spot) => ({ spot, record: spots[spot.index]!.record })),
      photos.store,
    );
    const sharings = new Map(chosen.map((spot) => [spot.index, importedSharing(choice, spot)]));
    const result: ImportResult = {
      import_id: importId,
      created: chosen.length,
      photos: spotPhotoRows.length + visitPhotoRows.length,
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
          fileName,
          format: file.format,
          createdCount: result.created,
          photoCount: result.photos,
          skippedCount: result.skipped,
        },
        chosen.map((spot) => ({
          id: derivedId(importId, `spot:${spot.index}`),
          userId: user.id,
          ...spotColumns({
            ...spot,
            type: types.get(spot.index) ?? spot.type,
            is_public: sharings.get(spot.index)!.audience === 'public',
            precision: sharings.get(spot.index)!.precision,
          }),
        })),
        choice.circle_ids,
        chosen.flatMap((spot) =>
          sharings.get(spot.index)!.circle_ids.map((circleId) => ({
            spotId: derivedId(importId, `spot:${spot.index}`),
            circleId,
          })),
        ),
        spotPhotoRows,
        chosen.flatMap((spot) =>
          spots[spot.index]!.visits.map((visit, at) => ({
            id: importedVisitId(importId, spot.index, at),
            spotId: derivedId(importId, `spot:${spot.index}`),
            visitedOn: visit.date,
            outcome: visit.outcome,
            amount: visit.amount ?? null,
            note: visit.note ?? null,
          })),
        ),
        visitPhotoRows,
        photoLimits,
      );
    } catch (error) {
      // A spot's id taken: only a concurrent confirm of the same import can have made it.
      if (!isDuplicateKey(error)) throw error;
      outcome = 'exists';
    }
    if (outcome === 'exists') {
      const first = await findImport(db, importId);
      if (!first || !(await importOwnedBy(db, importId, user.id))) throw importIdTaken();
      return { status: 200, result: repeatedResult(importId, first) };
    }
    saved = true;
    return { status: 201, result };
  } finally {
    if (!saved) await photos.discard();
  }
}
