import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readImportFile } from '../import-file.ts';
import { mapRecord, type MappedSpot } from '../import-mapping.ts';
import type { ImportProblem } from '../../../../common/schemas/import.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

/** A file read and mapped as the preview does, without the database. */
export function importOf(bytes: Uint8Array, fileName: string) {
  const file = readImportFile(bytes, fileName);
  const spots: MappedSpot[] = [];
  const invalid: ImportProblem[] = [...file.problems];
  file.records.forEach((record, index) => {
    const mapped = mapRecord(record, index, { defaultFinder: 'Importer', today: '2026-11-26' });
    if ('code' in mapped) invalid.push(mapped);
    else spots.push(mapped);
  });
  return { file, spots, invalid };
}
