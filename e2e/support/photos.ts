import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A file of several megabytes handed to a file input by its path, as a phone's file picker hands the browser a
 * file: Chromium reads it from disk. Passed as a buffer, the bytes would travel through the debugging protocol,
 * which takes longer than an action's timeout on a busy 2-core machine.
 */
export function photoFile(payload: { name: string; buffer: Buffer }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-file-'));
  const file = path.join(dir, payload.name);
  fs.writeFileSync(file, payload.buffer);
  return file;
}

/** A real 640×480 JPEG with a gradient, as a phone would hand the browser. */
export async function jpegPhoto(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / width) * 200) + 30;
      pixels[offset + 1] = Math.round((y / height) * 120) + 60;
      pixels[offset + 2] = 40;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A valid JPEG padded to `bytes` long. Decoders stop at the end-of-image marker, so the file still opens
 * as a photo, but it is over Foray's 5 MB limit.
 */
export async function oversizedJpeg(bytes = 6 * 1024 * 1024): Promise<Buffer> {
  const photo = await jpegPhoto();
  return Buffer.concat([photo, Buffer.alloc(bytes - photo.length)]);
}

/** The camera's name written into `cameraJpeg`'s EXIF: a photo that still carries it kept its metadata. */
export const CAMERA_MAKE = 'Foray test camera';

/**
 * A 12 MP (4000×3000) JPEG of about 4.7 MB with EXIF, like a phone camera's: smooth shading under sensor
 * noise, so it compresses like a photo, not like a flat test card.
 */
export async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 50;
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const grain = noise();
      pixels[offset] = clamp(60 + 120 * Math.sin(x / 300) ** 2 + grain);
      pixels[offset + 1] = clamp(90 + 80 * Math.cos(y / 250) ** 2 + grain);
      pixels[offset + 2] = clamp(40 + 60 * Math.sin((x + y) / 500) ** 2 + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: CAMERA_MAKE } })
    .toBuffer();
}

/** Degrees as EXIF writes them: "d/1 m/1 s*100/100". */
function exifDegrees(value: number): string {
  const absolute = Math.abs(value);
  const d = Math.floor(absolute);
  const m = Math.floor((absolute - d) * 60);
  const s = Math.round(((absolute - d) * 60 - m) * 60 * 10_000);
  return `${d}/1 ${m}/1 ${s}/10000`;
}

/** A phone photo that says where and when it was taken (GPS and DateTimeOriginal in its EXIF, and `CAMERA_MAKE`). */
export async function geotaggedJpeg(place: {
  latitude: number;
  longitude: number;
  taken: string;
  accuracyM?: number;
}): Promise<Buffer> {
  return sharp(await jpegPhoto())
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE },
      IFD2: { DateTimeOriginal: `${place.taken.replaceAll('-', ':')} 11:05:00` },
      IFD3: {
        GPSLatitudeRef: place.latitude < 0 ? 'S' : 'N',
        GPSLatitude: exifDegrees(place.latitude),
        GPSLongitudeRef: place.longitude < 0 ? 'W' : 'E',
        GPSLongitude: exifDegrees(place.longitude),
        ...(place.accuracyM ? { GPSHPositioningError: `${Math.round(place.accuracyM * 10)}/10` } : {}),
      },
    })
    .toBuffer();
}
