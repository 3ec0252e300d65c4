// The guard of the shown position (ADR 0053): no server code reads the locations table's position columns but
// `shownPosition` and its neighbours beside `visibleTo` (spot-privacy.queries.ts), and the reads listed below, each
// of the owner's own spot or a write. A new query that answered `l.latitude` of someone else's approximate spot would
// give its true position away; this test names the file instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.dirname(SERVER);

/** Where the fragment lives: the only file that may read every position column. */
const FRAGMENT = 'server/features/spots/spot-privacy.queries.ts';

/**
 * Reads of a position column allowed outside the fragment, each counted: a file may hold exactly these, no more and
 * no fewer (a read gone is taken off the list, so the list stays true).
 */
const ALLOWED: Record<string, { reads: string[]; why: string }> = {
  // The table's definition: its columns, the generated points, checks and indexes.
  'server/db/schema.ts': { reads: ['*'], why: 'defines the columns' },
  // The importer's duplicates are looked for among the importer's own spots only (`l.user_id = owner`).
  'server/features/import/import.queries.ts': {
    reads: ['l.latitude', 'l.longitude', 'l.position'],
    why: "the importer's own spots",
  },
  // A new spot's shares are written with its shown point, which is what the circles' kept counts add up.
  'server/features/spots/spot-sharing.queries.ts': {
    reads: ['spot.shown_latitude', 'spot.shown_longitude'],
    why: "a new spot's shares (a write)",
  },
  // The created spot's shown point, handed back by the insert to the shares' statement above (a write); and the
  // owner's edit, which reads the fields of their own row (`spots[column]`, by spot-columns.ts) under its lock.
  'server/features/spots/spots.queries.ts': {
    reads: ['spots.shownLatitude', 'spots.shownLongitude', 'spots[…]'],
    why: "a create's returning and the owner's edit",
  },
};

/** Drizzle's names of the locations table's position columns (server/db/schema.ts). */
const DRIZZLE_COLUMNS = new Set([
  'latitude',
  'longitude',
  'shownLatitude',
  'shownLongitude',
  'position',
  'shownPosition',
]);

/** In SQL text: a position column named through an alias or table (`l.latitude`, `"l"."shown_position"`). */
const QUALIFIED = /(?:"?\b\w+"?|\})\s*\.\s*"?((?:shown_)?(?:latitude|longitude)|shown_position)\b/g;
/** `l.position` (the alias every read gives the locations table) or `locations.position`: a photo's is `p.position`. */
const POSITION = /(?:"?\b(?:l|locations|spot|spots)"?|\})\s*\.\s*"?(position)\b/g;
/** In SQL text: a column named alone (`select latitude from locations`); not a JSON key ('latitude') nor an alias. */
const BARE = /(?<![\w.'"])(?<!\."|\bas\s{1,9})"?((?:shown_)?(?:latitude|longitude)|shown_position)\b(?!')/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The position columns one file reads: in its SQL text (templates and strings) and as Drizzle columns. */
export function positionReads(source: string, fileName = 'file.ts'): string[] {
  const reads: string[] = [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // The names the locations table goes by here: `spots` imported from the schema (a local array may be `spots` too).
  const tables = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.endsWith('schema.ts')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if ((element.propertyName ?? element.name).text === 'spots') tables.add(element.name.text);
  }
  const isTable = (node: ts.Node) => ts.isIdentifier(node) && tables.has(node.text);
  const inText = (text: string, template: boolean) => {
    for (const pattern of template ? [QUALIFIED, POSITION, BARE] : [QUALIFIED, POSITION])
      for (const match of text.matchAll(pattern)) reads.push(match[0].replace(/\s|"/g, ''));
  };
  const visit = (node: ts.Node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) inText(node.text, true);
    // After a substitution: `${spots}.latitude` is a column of the table put in.
    else if (ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) inText(`}${node.text}`, true);
    else if (ts.isStringLiteral(node)) inText(node.text, false);
    else if (ts.isPropertyAccessExpression(node) && isTable(node.expression)) {
      if (DRIZZLE_COLUMNS.has(node.name.text)) reads.push(`spots.${node.name.text}`);
    } else if (ts.isElementAccessExpression(node) && isTable(node.expression)) reads.push('spots[…]');
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      // Every column at once: getTableColumns(spots).
      if (node.expression.text === 'getTableColumns' && node.arguments.some(isTable))
        reads.push('getTableColumns(spots)');
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      // `.select().from(spots)`: every column of the row.
      const callee = node.expression;
      if (
        callee.name.text === 'from' &&
        node.arguments[0] !== undefined &&
        isTable(node.arguments[0]) &&
        ts.isCallExpression(callee.expression) &&
        ts.isPropertyAccessExpression(callee.expression.expression) &&
        callee.expression.expression.name.text === 'select' &&
        callee.expression.arguments.length === 0
      )
        reads.push('select().from(spots)');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return reads;
}

/** What reads of `reads` the allow-list does not cover, and which of its entries no read uses any more. */
function judged(file: string, reads: string[]): { unlisted: string[]; unused: string[] } {
  const allowed = ALLOWED[file];
  if (allowed?.reads.includes('*')) return { unlisted: [], unused: [] };
  const left = [...(allowed?.reads ?? [])];
  const unlisted = reads.filter((read) => {
    const at = left.indexOf(read);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
  return { unlisted, unused: left };
}

describe('the shown position, read in one place', () => {
  it('finds the reads it guards against (so a pass means something)', () => {
    const query = [
      "import { spots } from '../../db/schema.ts';",
      'const q = (v: string) => sql`select case when l.user_id = ${v} then l.latitude end, "l"."shown_longitude",',
      " longitude as x, x as longitude, 'latitude', sum_latitude, p.position from ${spots} l where ${spots}.latitude > 0`;",
      "const d = db.select({ a: spots.shownLatitude, b: spots.id }).from(spots); sql.raw('l.longitude');",
    ].join('\n');
    expect(positionReads(query)).toEqual([
      'l.latitude',
      'l.shown_longitude',
      'longitude',
      '}.latitude',
      'spots.shownLatitude',
      'l.longitude',
    ]);
    const star = [
      "import { spots as l } from './schema.ts';",
      'db.select().from(l); const spots = [1]; spots[0]; sql`where l.position <@ ${box}`;',
    ].join('\n');
    expect(positionReads(star)).toEqual(['select().from(spots)', 'l.position']);
  });

  it('has no read of a spot’s position outside the fragment and the listed owner-only and write paths', () => {
    const problems: string[] = [];
    const files = sourceFiles(SERVER).map((full) => path.relative(ROOT, full).split(path.sep).join('/'));
    expect(files).toContain(FRAGMENT);
    for (const file of files) {
      if (file === FRAGMENT) continue;
      const { unlisted, unused } = judged(file, positionReads(readFileSync(path.join(ROOT, file), 'utf8'), file));
      if (unlisted.length > 0)
        problems.push(`${file} reads ${unlisted.join(', ')}: take the position from shownPosition (${FRAGMENT})`);
      if (unused.length > 0) problems.push(`${file} no longer reads ${unused.join(', ')}: take it off the allow-list`);
    }
    for (const file of Object.keys(ALLOWED)) if (!files.includes(file)) problems.push(`${file} is gone: unlist it`);
    expect(problems).toEqual([]);
  });
});
