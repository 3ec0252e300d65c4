import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_EDGE, PHOTO_MAX_PIXELS, THUMBNAIL_MAX_EDGE } from '../../common/limits.ts';
import { AppError } from '../errors.ts';
import { PHOTO_JOBS_AT_ONCE, photoJobLoad, photoJobsFor, processPhoto } from './photo-processing.ts';

// Every input is made here with sharp, so the tests need no binary fixtures.

const solid = (width: number, height: number, background = '#8a5a2b') =>
  sharp({ create: { width, height, channels: 3, background } });

/** Noise compresses badly, so cutting the file in half cuts into the pixel data, not just trailing headers. */
const noisy = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

/** A photo as a phone takes it: GPS and camera details in EXIF, an XMP packet with the place, a wide-gamut ICC profile. */
async function jpegFromAPhone(): Promise<Buffer> {
  return solid(1200, 900)
    .withExif({
      IFD0: { Make: 'ForayPhone', Model: 'Forager 1', Software: 'Camera 1.0' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 10/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '25/1 17/1 30/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="55,10.0N"/></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

/** Whether raw EXIF holds a pointer to a GPS directory (TIFF tag 0x8825, in the EXIF's own byte order). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const littleEndian = exif.toString('latin1', 6, 8) === 'II';
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** The FourCC of each chunk in a RIFF (WebP) file. */
function webpChunks(webp: Buffer): string[] {
  expect(webp.toString('latin1', 0, 4)).toBe('RIFF');
  expect(webp.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks: string[] = [];
  for (let offset = 12; offset + 8 <= webp.length;) {
    chunks.push(webp.toString('latin1', offset, offset + 4));
    const size = webp.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

/** A valid PNG that declares any size: an IHDR, one tiny compressed IDAT, IEND. A few hundred bytes. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectUnsupported(input: Buffer, message: RegExp = /./): Promise<AppError> {
  const error: unknown = await processPhoto(input).then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(415);
  expect(appError.code).toBe('UNSUPPORTED_PHOTO');
  expect(appError.message).toMatch(message);
  return appError;
}

describe('processPhoto removes what would give the spot away', () => {
  it('strips EXIF (GPS), XMP and ICC from the photo and the thumbnail', async () => {
    const input = await jpegFromAPhone();
    const before = await sharp(input).metadata();
    // The input really carries what must go, or this test would prove nothing.
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect(before.xmpAsString).toContain('GPSLatitude');
    expect(before.icc).toBeDefined();
    expect(input.includes('Exif')).toBe(true);

    const { photo, thumbnail, contentType } = await processPhoto(input);

    expect(contentType).toBe('image/webp');
    for (const output of [photo, thumbnail]) {
      const metadata = await sharp(output).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      // Image data only: no EXIF, XMP or ICCP chunk, and no trace of the markers anywhere in the bytes.
      expect(webpChunks(output).every((fourCC) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(fourCC))).toBe(true);
      for (const marker of ['Exif', 'EXIF', 'XMP', 'ForayPhone', 'GPS']) {
        expect(output.includes(marker), `${marker} in output`).toBe(false);
      }
    }
  });
});

describe('processPhoto shapes the photo', () => {
  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored sideways: red on the left, blue on the right; orientation 6 means "turn 90° clockwise to view".
    const red = await solid(150, 200, '#ff0000').png().toBuffer();
    const input = await solid(300, 200, '#0000ff')
      .composite([{ input: red, left: 0, top: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const { photo } = await processPhoto(input);

    const metadata = await sharp(photo).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    expect(metadata.orientation).toBeUndefined();
    // Turned clockwise, what was on the left is now on top.
    const { data } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(100, 40);
    const [bottomRed, , bottomBlue] = pixel(100, 260);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('fits a large photo within the limits, keeping its proportions', async () => {
    const input = await solid(4000, 3000).jpeg().toBuffer();

    const { photo, thumbnail } = await processPhoto(input);

    const [photoMeta, thumbnailMeta] = await Promise.all([sharp(photo).metadata(), sharp(thumbnail).metadata()]);
    expect([photoMeta.width, photoMeta.height]).toEqual([PHOTO_MAX_EDGE, 1536]);
    expect([thumbnailMeta.width, thumbnailMeta.height]).toEqual([THUMBNAIL_MAX_EDGE, 300]);
  });

  it('fits a tall photo by its height', async () => {
    const { photo, thumbnail } = await processPhoto(await solid(1000, 5000).png().toBuffer());

    expect((await sharp(photo).metadata()).height).toBe(PHOTO_MAX_EDGE);
    expect((await sharp(thumbnail).metadata()).height).toBe(THUMBNAIL_MAX_EDGE);
  });

  it('never enlarges a small photo', async () => {
    const { photo, thumbnail } = await processPhoto(await solid(320, 240).jpeg().toBuffer());

    const [photoMeta, thumbnailMeta] = await Promise.all([sharp(photo).metadata(), sharp(thumbnail).metadata()]);
    expect([photoMeta.width, photoMeta.height]).toEqual([320, 240]);
    expect([thumbnailMeta.width, thumbnailMeta.height]).toEqual([320, 240]);
  });
});

describe('processPhoto accepts the formats browsers upload', () => {
  const encoders: [string, (image: Sharp) => Sharp][] = [
    ['JPEG', (image) => image.jpeg()],
    ['PNG', (image) => image.png()],
    ['WebP', (image) => image.webp()],
    ['GIF', (image) => image.gif()],
    ['AVIF', (image) => image.avif()],
  ];

  it.each(encoders)('%s', async (_, encode) => {
    const input = await encode(solid(640, 480)).toBuffer();

    const { photo, thumbnail } = await processPhoto(input);

    const [photoMeta, thumbnailMeta] = await Promise.all([sharp(photo).metadata(), sharp(thumbnail).metadata()]);
    expect(photoMeta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(thumbnailMeta).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it('an animated GIF, keeping its first frame', async () => {
    const frames = await Promise.all([
      solid(120, 80, '#ff0000').png().toBuffer(),
      solid(120, 80, '#0000ff').png().toBuffer(),
    ]);
    const input = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(2);

    const { photo } = await processPhoto(input);

    const metadata = await sharp(photo).metadata();
    expect(metadata).toMatchObject({ width: 120, height: 80 });
    expect(metadata.pages ?? 1).toBe(1);
    const { data } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red, the first frame
  });
});

describe('processPhoto refuses what is not an accepted photo, with 415 UNSUPPORTED_PHOTO', () => {
  it('text, whatever it is called', async () => {
    await expectUnsupported(
      Buffer.from('These are my chanterelle notes, not a photo.\n'),
      /JPEG, PNG, WebP, GIF or AVIF/,
    );
  });

  it('an empty upload', async () => {
    await expectUnsupported(Buffer.alloc(0));
  });

  it('SVG, even though the image library could draw it', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
      'width="640" height="480"><image xlink:href="file:///etc/passwd" width="640" height="480"/></svg>';
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');

    await expectUnsupported(Buffer.from(svg));
    await expectUnsupported(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`));
  });

  it('TIFF', async () => {
    await expectUnsupported(await solid(64, 64).tiff().toBuffer());
  });

  it('HEIC (the prebuilt image library cannot decode it)', async () => {
    // An ISO-BMFF file branded HEIC; browsers convert iPhone photos to JPEG on upload anyway.
    const avif = await solid(64, 64).avif().toBuffer();
    const heic = Buffer.from(avif.toString('latin1').replaceAll('avif', 'heic').replaceAll('avis', 'heis'), 'latin1');
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');

    await expectUnsupported(heic);
  });

  it('a JPEG cut off halfway through its data', async () => {
    const jpeg = await noisy(800, 600).jpeg().toBuffer();

    await expectUnsupported(jpeg.subarray(0, Math.floor(jpeg.length / 2)), /could not be read/);
  });

  it('a PNG cut off halfway through its data', async () => {
    const png = await noisy(400, 300).png().toBuffer();

    await expectUnsupported(png.subarray(0, Math.floor(png.length / 2)), /could not be read/);
  });

  it('JPEG magic bytes followed by something else', async () => {
    await expectUnsupported(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg at all')]),
    );
  });
});

describe('processPhoto refuses pixel bombs from their header', () => {
  it.each([
    // 49 MP: over Foray's limit but under sharp's own default one, so only Foray's limit can refuse it.
    [7000, 7000],
    [30000, 30000],
  ])('a %i×%i PNG of a few hundred bytes', async (width, height) => {
    expect(width * height).toBeGreaterThan(PHOTO_MAX_PIXELS);
    const bomb = pngDeclaring(width, height);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width, height });

    // sharp reads the size from the header and refuses before decoding a single pixel.
    await expectUnsupported(bomb, /too large in pixels/);
  });

  it('accepts a photo just under the limit', async () => {
    const input = await solid(6000, 6000).jpeg({ quality: 50 }).toBuffer(); // 36 MP

    const { photo } = await processPhoto(input);

    expect((await sharp(photo).metadata()).width).toBe(PHOTO_MAX_EDGE);
  });
});

describe('processPhoto under a burst of uploads', () => {
  it(`works on at most ${PHOTO_JOBS_AT_ONCE} photos at once; the others wait and all finish`, async () => {
    const input = await solid(1200, 900).jpeg().toBuffer();
    const jobs = Array.from({ length: 5 }, () => processPhoto(input));
    expect(photoJobLoad()).toEqual({ running: PHOTO_JOBS_AT_ONCE, waiting: 5 - PHOTO_JOBS_AT_ONCE });
    const done = await Promise.all(jobs);
    expect(done.every((result) => result.contentType === 'image/webp')).toBe(true);
    expect(photoJobLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('photos processed at once', () => {
  const GB = 1024 ** 3;
  it.each([
    [{ cores: 2, threadPoolSize: 4, totalMemoryBytes: 24 * GB }, 2],
    // More cores help only with a thread pool to match, which password hashing shares.
    [{ cores: 16, threadPoolSize: 4, totalMemoryBytes: 64 * GB }, 2],
    [{ cores: 16, threadPoolSize: 32, totalMemoryBytes: 64 * GB }, 16],
    [{ cores: 8, threadPoolSize: 16, totalMemoryBytes: 24 * GB }, 8],
    // The memory cap: a quarter of 2 GB holds three 160 MB jobs.
    [{ cores: 16, threadPoolSize: 32, totalMemoryBytes: 2 * GB }, 3],
    [{ cores: 1, threadPoolSize: 4, totalMemoryBytes: 512 * 1024 ** 2 }, 1],
  ])('%o → %d', (machine, expected) => {
    expect(photoJobsFor(machine)).toBe(expected);
  });
});
