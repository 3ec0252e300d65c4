// The one reader of a multipart/form-data request (@fastify/multipart): known text fields, each once, and at most
// one file in its one field, within limits. Every upload route reads its form through it, so a bad form gets
// the same 4xx everywhere — and never a 500.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export type FileRule = {
  /** The file field's name. */
  field: string;
  /** What the file is, in messages: "photo", "file". */
  noun: string;
  /** The most bytes read of it. */
  maxBytes: number;
  /** A lower limit chosen by the file's first bytes (an import's text file is held to less than a zip). */
  limitFor?: (firstBytes: Buffer) => number;
  /** The 413 for a file past its limit. */
  tooLarge: (limitBytes: number) => AppError;
  /** The message for a second file. */
  oneFileMessage: string;
};

export type FormRules = {
  /** The text fields the form may carry. */
  fields: ReadonlySet<string>;
  /**
   * Fields that hold a list, with the most items each may have. A list comes as the field once per item (what
   * generated clients send for an array), or once with its items comma-separated (the web app, older clients); it
   * is read as one comma-separated text either way, which an item (an id) never contains. Any other field twice is a 400.
   */
  lists?: ReadonlyMap<string, number>;
  /** The longest a text field may be, in bytes. */
  fieldBytes: number;
  file: FileRule;
  /** The message of the 415 for a request that is not multipart/form-data. */
  notMultipart: string;
};

export type ReadForm = {
  fields: Record<string, string>;
  /** The file as sent (possibly empty), or null when the form has none. */
  file: { fileName: string; bytes: Buffer } | null;
};

/** Reads the whole form into memory; the file is cut off at its limit with a 413 before the rest is kept. */
export async function readForm(request: FastifyRequest, rules: FormRules): Promise<ReadForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', rules.notMultipart);
  const fields: Record<string, string> = {};
  const items = new Map<string, number>();
  let file: ReadForm['file'] = null;
  // Each item of a list past its first is a field more.
  let fieldsMax = rules.fields.size;
  for (const most of rules.lists?.values() ?? []) fieldsMax += Math.max(0, most - 1);
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: rules.file.maxBytes,
        files: 1,
        fields: fieldsMax,
        fieldSize: rules.fieldBytes,
        parts: fieldsMax + 1,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.file.field) {
          part.file.resume();
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            `Unexpected file field "${part.fieldname}": the ${rules.file.noun} goes in "${rules.file.field}".`,
          );
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let limit = rules.file.maxBytes;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (size === 0 && rules.file.limitFor) limit = Math.min(limit, rules.file.limitFor(chunk));
          size += chunk.length;
          if (size > limit) {
            part.file.resume();
            throw rules.file.tooLarge(limit);
          }
          chunks.push(chunk);
        }
        // Stopped at maxBytes by the parser: nothing of an oversized file is kept.
        if (part.file.truncated) throw rules.file.tooLarge(limit);
        file = { fileName: part.filename ?? '', bytes: Buffer.concat(chunks) };
      } else {
        if (!rules.fields.has(part.fieldname)) {
          throw new AppError(400, 'VALIDATION_ERROR', `Unknown field "${part.fieldname}".`);
        }
        if (part.valueTruncated) throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" is too long.`);
        const most = rules.lists?.get(part.fieldname);
        if (most === undefined && part.fieldname in fields) {
          throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" was sent twice.`);
        }
        if (most !== undefined && part.fieldname in fields) {
          const count = (items.get(part.fieldname) ?? 1) + 1;
          if (count > most) {
            throw new AppError(400, 'VALIDATION_ERROR', `Field "${part.fieldname}" holds at most ${most} items.`);
          }
          items.set(part.fieldname, count);
          fields[part.fieldname] += `,${String(part.value)}`;
        } else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw formError(error, rules.file);
  }
  return { fields, file };
}

/** The parser's own errors as the API's 4xx; anything else as it is. */
function formError(error: unknown, file: FileRule): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return file.tooLarge(file.maxBytes);
  if (code === 'FST_FILES_LIMIT') return new AppError(400, 'VALIDATION_ERROR', file.oneFileMessage);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError(400, 'VALIDATION_ERROR', 'Too many form fields.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
    return new AppError(400, 'VALIDATION_ERROR', 'The form data could not be read.');
  }
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart)|Malformed part header|boundary/i.test(error.message)
  ) {
    return new AppError(400, 'VALIDATION_ERROR', 'The form data could not be read.');
  }
  return error;
}
