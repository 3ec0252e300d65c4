// One-off: draws the PWA icons in public/ from public/favicon.svg. Run after changing the logo:
//   node --import tsx scripts/make-icons.ts
// The PNGs are committed, so a build needs neither this script nor sharp.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const logo = await fs.readFile(path.join(publicDir, 'favicon.svg'));

async function square(size: number, file: string) {
  await sharp(logo, { density: 400 }).resize(size, size).png().toFile(path.join(publicDir, file));
}

/** Maskable icons are cropped to a circle or squircle by the launcher: keep the logo inside the 80 % safe zone. */
async function maskable(size: number, file: string) {
  const inner = Math.round(size * 0.72);
  const logoPng = await sharp(logo, { density: 400 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#166534' } })
    .composite([{ input: logoPng, gravity: 'centre' }])
    .png()
    .toFile(path.join(publicDir, file));
}

await square(192, 'icon-192.png');
await square(512, 'icon-512.png');
await square(180, 'apple-touch-icon.png');
await maskable(512, 'icon-maskable-512.png');
console.log('Icons written to', publicDir);
