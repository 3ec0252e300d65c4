/** The archive is cut short or its bytes are not what was written. Its message says which, for the operator. */
export class ArchiveDamagedError extends Error {
  override name = 'ArchiveDamagedError';
}

/** The target is not one a restore may write into, or the archive is not one this Foray can restore. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}
