// A photo is made small on the phone before it is queued: a 12 MP camera JPEG of several MB becomes a
// ≤ 2048 px image well under 1 MB, which uploads on one bar of signal and fits the device's storage.
// Drawing it on a canvas and encoding it again also leaves its EXIF (GPS included) behind.
import { PHOTO_MAX_EDGE } from '../../common/limits.ts';

const QUALITY = 0.85;

export type ShrunkPhoto = { blob: Blob; name: string };

/** The shrunk photo, or the original when this browser cannot decode it (the server then decides). */
export async function shrinkPhoto(file: File): Promise<ShrunkPhoto> {
  try {
    // 'from-image' applies the EXIF orientation before the EXIF is dropped.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    // WebP where the browser can write it (Chromium, Firefox); Safari answers PNG for WebP, so JPEG there.
    let blob = await canvas.convertToBlob({ type: 'image/webp', quality: QUALITY });
    if (blob.type !== 'image/webp') blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
    return { blob, name: `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${extension}` };
  } catch {
    return { blob: file, name: file.name };
  }
}
