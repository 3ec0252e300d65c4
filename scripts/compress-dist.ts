/**
 * Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the web
 * app, so the server sends ~4× fewer bytes to a phone on a weak signal without compressing per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

let before = 0;
let after = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += brotli.length;
}
console.log(
  `Compressed the web app: ${(before / 1024).toFixed(0)} KB of text assets → ${(after / 1024).toFixed(0)} KB with brotli`,
);

// The mark `npm start` compares with the sources' times (server/start.ts): written last, so only a whole build counts.
fs.writeFileSync(path.join(root, '..', 'built-at'), `${new Date().toISOString()}\n`);
