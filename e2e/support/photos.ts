import sharp from 'sharp';

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
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A valid JPEG padded to `bytes` long. Decoders stop at the end-of-image marker, so the file still opens
 * as a photo, but it is over Foray's 5 MB limit.
 */
export async function oversizedJpeg(bytes = 6 * 1024 * 1024): Promise<Buffer> {
  const photo = await jpegPhoto();
  return Buffer.concat([photo, Buffer.alloc(bytes - photo.length)]);
}
