// What an import's file would add: read, each record checked by a spot's own rules, and compared with the
// caller's own spots for duplicates. The preview answers this; a confirm saves from the same analysis.
import { IMPORT_DUPLICATE_METRES } from '../../../common/limits.ts';
import type { ImportPreview, ImportProblem } from '../../../common/schemas/import.ts';
import type { Database } from '../../db/client.ts';
import type { CurrentUser } from '../../plugins/session.ts';
import { readImportFile, type ImportFile } from './import-file.ts';
import { mapRecord, mappingOf, nearestSameName, type MappedSpot } from './import-mapping.ts';
import { ownSpotsIn } from './import.queries.ts';
import type { Upload } from './import-upload.ts';

export type Analysis = { file: ImportFile; preview: ImportPreview; spots: MappedSpot[] };

/** The file read, checked and compared with the caller's own spots: the preview, and what a confirm saves. */
export async function analyse(db: Database, user: CurrentUser, upload: Upload): Promise<Analysis> {
  const file = readImportFile(upload.bytes, upload.fileName);
  const context = {
    defaultFinder: (user.name ?? '').trim().slice(0, 200),
    today: new Date().toISOString().slice(0, 10),
  };
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
      ...spot.text,
      photos:
        file.photoEntries[spot.record]!.length +
        file.visitPhotoEntries[spot.record]!.reduce((sum, entries) => sum + entries.length, 0),
      visits: spot.visits.length,
      duplicate_of: ofOwn[index]! >= 0 ? own[ofOwn[index]!]!.id : null,
      duplicate_of_index: ofOwn[index]! < 0 && ofEarlier[index]! >= 0 ? ofEarlier[index]! : null,
      file_audience: spot.file_audience,
      file_precision: spot.file_precision,
    })),
    invalid,
    skipped_geometries: file.skippedGeometries,
    photos_missing: file.photosMissing,
    mapping: mappingOf(file.records),
  };
  return { file, preview, spots };
}
