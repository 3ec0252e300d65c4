// The import graph of the built web app (dist/client), read from the Vite manifest or, without one, from the
// built files: which chunks each screen loads. Used by `npm run size` and e2e/bundle.e2e.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The import graph between built files (paths relative to dist/client). */
export type Graph = {
  entries: string[];
  imports: Map<string, string[]>;
  dynamicImports: Map<string, string[]>;
  source: string;
};

export type Screens = {
  /** The entry script and everything it imports statically. */
  signIn: Set<string>;
  /** That, plus the chunks the entry loads lazily after sign-in (the main screen and its map) and their static imports. */
  main: Set<string>;
  /** Chunks loaded later still, when something is used (the Locations tab, the add form, the region map). */
  later: Set<string>;
};

export function readGraph(dist: string): Graph {
  return graphFromManifest(dist) ?? graphFromBuiltFiles(dist);
}

export function screensOf(graph: Graph): Screens {
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
  for (let frontier = lazyFrom(main); frontier.length > 0;) {
    const reached = [...staticClosure(frontier)].filter((file) => !main.has(file) && !later.has(file));
    reached.forEach((file) => later.add(file));
    frontier = lazyFrom(new Set(reached));
  }
  return { signIn, main, later };
}

/**
 * A string only protomaps-leaflet's code holds (its default credit line, kept by the minifier as a string):
 * how a built chunk is known to carry the region map's renderer.
 */
export const RENDERER_MARK = 'https://protomaps.com';

/** The built files among `files` whose code contains `mark`. */
export function chunksWith(dist: string, files: Iterable<string>, mark: string): string[] {
  return [...files].filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes(mark));
}

/** With `build.manifest` on, Vite writes the graph itself to .vite/manifest.json. */
function graphFromManifest(dist: string): Graph | undefined {
  const file = path.join(dist, '.vite/manifest.json');
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
function graphFromBuiltFiles(dist: string): Graph {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/?([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
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
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    const resolve = (specifier: string) => path.posix.join(path.posix.dirname(file), specifier);
    const staticImports = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map((m) =>
      resolve(m[1]!),
    );
    const lazyImports = [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) =>
      resolve(m[1]!),
    );
    graph.imports.set(file, [...new Set(staticImports)]);
    graph.dynamicImports.set(file, [...new Set(lazyImports)]);
    pending.push(...staticImports, ...lazyImports);
  }
  return graph;
}

/** Budgets in gzipped bytes: the sign-in screen must show fast on a slow phone; the map may cost more. */
export const BUDGETS = { signIn: 120 * 1024, main: 180 * 1024 };

/** Each built file's size, raw and gzipped at level 9 (what `npm run size` prints and the budgets count). */
export function fileSizes(dist: string, files: Iterable<string>): Map<string, { raw: number; gzip: number }> {
  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const file of files) {
    const content = fs.readFileSync(path.join(dist, file));
    sizes.set(file, { raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length });
  }
  return sizes;
}
