// `npm run size`: how much gzipped JavaScript a phone downloads before Foray's first two screens show.
// Reads the built client in dist/client (run `npm run build` first) and exits 1 when over budget.
//   sign-in screen = the entry script and everything it imports statically;
//   main screen    = that, plus the chunks the entry loads lazily after sign-in (the main screen and its
//                    map) and their static imports. Chunks loaded later still (the Locations tab) are listed
//                    but not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.resolve('dist/client');
const KB = 1024;
/** Budgets in gzipped bytes: the sign-in screen must show fast on a slow phone; the map may cost more. */
const BUDGETS = { signIn: 120 * KB, main: 180 * KB };

/** The import graph between built files (paths relative to dist/client). */
type Graph = { entries: string[]; imports: Map<string, string[]>; dynamicImports: Map<string, string[]>; source: string };

function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.error(`No build in ${DIST}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const graph = graphFromManifest() ?? graphFromBuiltFiles();
  const staticClosure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of graph.imports.get(file) ?? []) visit(imported);
    };
    roots.forEach(visit);
    return seen;
  };
  const lazyFrom = (files: Set<string>) => [...files].flatMap((file) => graph.dynamicImports.get(file) ?? []);

  const signIn = staticClosure(graph.entries);
  const main = new Set([...signIn, ...staticClosure(lazyFrom(signIn))]);
  const later = new Set<string>();
  for (let frontier = lazyFrom(main); frontier.length > 0; ) {
    const reached = [...staticClosure(frontier)].filter((file) => !main.has(file) && !later.has(file));
    reached.forEach((file) => later.add(file));
    frontier = lazyFrom(new Set(reached));
  }

  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const file of [...main, ...later]) {
    const content = fs.readFileSync(path.join(DIST, file));
    sizes.set(file, { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length });
  }
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
  if (signInBytes > BUDGETS.signIn || mainBytes > BUDGETS.main) process.exit(1);
}

/** With `build.manifest` on, Vite writes the graph itself to .vite/manifest.json. */
function graphFromManifest(): Graph | undefined {
  const file = path.join(DIST, '.vite/manifest.json');
  if (!fs.existsSync(file)) return undefined;
  type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const fileOf = (key: string) => manifest[key]?.file;
  const jsFiles = (keys: string[] = []) => keys.map(fileOf).filter((name): name is string => !!name?.endsWith('.js'));
  const graph: Graph = { entries: [], imports: new Map(), dynamicImports: new Map(), source: 'the Vite manifest' };
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    if (chunk.isEntry) graph.entries.push(chunk.file);
    graph.imports.set(chunk.file, jsFiles(chunk.imports));
    graph.dynamicImports.set(chunk.file, jsFiles(chunk.dynamicImports));
  }
  return graph;
}

/**
 * Without a manifest: the entry is index.html's module script, and each built chunk's own `from"./x.js"`
 * and `import("./x.js")` give its static and lazy imports (Rollup/Rolldown write them relative).
 */
function graphFromBuiltFiles(): Graph {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/?([^"]+\.js)"/g)].map((match) => match[1]!);
  const graph: Graph = {
    entries,
    imports: new Map(),
    dynamicImports: new Map(),
    source: 'the built files (no Vite manifest; `build.manifest: true` would make it exact)',
  };
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.imports.has(file)) continue;
    const code = fs.readFileSync(path.join(DIST, file), 'utf8');
    const resolve = (specifier: string) => path.posix.join(path.posix.dirname(file), specifier);
    const staticImports = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map((m) => resolve(m[1]!));
    const lazyImports = [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => resolve(m[1]!));
    graph.imports.set(file, [...new Set(staticImports)]);
    graph.dynamicImports.set(file, [...new Set(lazyImports)]);
    pending.push(...staticImports, ...lazyImports);
  }
  return graph;
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const numeric = (column: number) => column >= 2 && column < header.length - (header[header.length - 1] === 'verdict' ? 1 : 0);
  const line = (cells: string[]) =>
    cells.map((cell, column) => (numeric(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

main();
