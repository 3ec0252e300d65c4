// Who sees an imported spot (issue #20, ADR 0056): the forager's choice in the import dialog, narrowed by what the
// file says of the spot. The server saves by this rule and the app's preview says it with the same function.
import type { Audience, Precision } from './schemas/spots.ts';

/** A sharing as the import dialog chooses it and as a spot is saved with it. */
export type ImportSharing = { audience: Audience; circle_ids: string[]; precision: Precision };

/** What a file says of one spot (Foray's own export), each null when it does not say. */
export type FileSharing = { file_audience: Audience | null; file_precision: Precision | null };

const COARSENESS: Record<Precision, number> = { exact: 0, '1km': 1, '10km': 2 };

/**
 * The sharing an imported spot gets: never wider than the forager chose, never wider than the file says. A spot the
 * file keeps to its owner stays the importer's alone. The file's circles belong to the server it came from, so
 * they are not read: a spot the file shares with circles goes to the circles chosen here, and stays the importer's
 * alone when everyone was chosen (everyone would be wider than the file's circles). The precision is the coarser of
 * the two.
 */
export function importedSharing(choice: ImportSharing, file: FileSharing): ImportSharing {
  const filePrecision = file.file_precision ?? 'exact';
  const precision = COARSENESS[filePrecision] > COARSENESS[choice.precision] ? filePrecision : choice.precision;
  const onlyMe: ImportSharing = { audience: 'private', circle_ids: [], precision };
  if (choice.audience === 'private' || file.file_audience === 'private') return onlyMe;
  if (choice.audience === 'public')
    return file.file_audience === 'circles' ? onlyMe : { ...onlyMe, audience: 'public' };
  return { audience: 'circles', circle_ids: choice.circle_ids, precision };
}
