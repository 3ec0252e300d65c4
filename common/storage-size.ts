// How a number of stored bytes is said to a person, the same on the phone and in the server's messages: megabytes
// below a gigabyte, gigabytes from one (binary units, as PHOTO_QUOTA_MB counts them: 2048 MB is "2 GB").

export const MEGABYTE = 1024 * 1024;
export const GIGABYTE = 1024 * MEGABYTE;

/** A size as a number and its unit: whole megabytes (one decimal below 10), gigabytes to one decimal. */
export function storageSize(bytes: number): { value: number; unit: 'MB' | 'GB' } {
  if (bytes >= GIGABYTE) return { value: Math.round((bytes / GIGABYTE) * 10) / 10, unit: 'GB' };
  const megabytes = bytes / MEGABYTE;
  return { value: megabytes < 10 ? Math.round(megabytes * 10) / 10 : Math.round(megabytes), unit: 'MB' };
}

/** The size in English figures ("312 MB", "1.5 GB"): the server's messages. The app formats in the reader's language. */
export function storageSizeText(bytes: number): string {
  const { value, unit } = storageSize(bytes);
  return `${value} ${unit}`;
}
