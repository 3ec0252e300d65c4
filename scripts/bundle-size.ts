// `npm run size`: how much gzipped JavaScript a phone downloads before Foray's first two screens show.
// Reads the built client in dist/client (run `npm run build` first) and exits 1 when over budget.
//   sign-in screen = the entry script and everything it imports statically;
//   main screen    = that, plus the chunks the entry loads lazily after sign-in (the main screen and its
//                    map) and their static imports. Chunks loaded later still (the Locations tab) are listed
//                    but not counted.
import fs from 'node:fs';
import path from 'node:path';
import { BUDGETS, chunksWith, fileSizes, readGraph, RENDERER_MARK, screensOf } from './bundle-graph.ts';

const DIST = path.resolve('dist/client');
const KB = 1024;

function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.error(`No build in ${DIST}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const graph = readGraph(DIST);
  const { signIn, main, later } = screensOf(graph);

  // The region map's renderer must stay out of the main screen (ADR 0018).
  const renderer = chunksWith(DIST, [...main, ...later], RENDERER_MARK);
  const rendererInMain = renderer.filter((file) => main.has(file));

  const sizes = fileSizes(DIST, [...main, ...later]);
  const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + sizes.get(file)!.gzip, 0);
  const neededBy = (file: string) => (signIn.has(file) ? 'sign-in' : main.has(file) ? 'main' : 'later (not counted)');

  console.log(`Gzipped JavaScript (zlib level 9); import graph read from ${graph.source}\n`);
  printTable(
    ['file', 'first needed by', 'raw', 'gzip'],
    [...sizes.keys()].map((file) => [file, neededBy(file), kb(sizes.get(file)!.raw), kb(sizes.get(file)!.gzip)]),
  );
  const signInBytes = total(signIn);
  const mainBytes = total(main);
  console.log('');
  printTable(
    ['screen', 'gzip', 'budget', 'verdict'],
    [
      ['sign-in', kb(signInBytes), kb(BUDGETS.signIn), signInBytes <= BUDGETS.signIn ? 'ok' : 'OVER BUDGET'],
      ['main with map', kb(mainBytes), kb(BUDGETS.main), mainBytes <= BUDGETS.main ? 'ok' : 'OVER BUDGET'],
    ],
  );
  console.log(
    `\nThe region map's renderer: ${renderer.join(', ') || 'not found'} — ${rendererInMain.length === 0 ? 'not loaded by the main screen (ok)' : 'LOADED BY THE MAIN SCREEN'}`,
  );
  if (signInBytes > BUDGETS.signIn || mainBytes > BUDGETS.main || rendererInMain.length > 0) process.exit(1);
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const numeric = (column: number) =>
    column >= 2 && column < header.length - (header[header.length - 1] === 'verdict' ? 1 : 0);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (numeric(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

main();
