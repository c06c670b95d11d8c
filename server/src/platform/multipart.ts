import type { MultipartFile } from '@fastify/multipart';
import type { MessageCode } from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { assertStorableText } from './input-text.ts';

/**
 * Reading multipart bodies, for every route that takes one. A body the parser cannot finish — cut
 * short, a malformed part header, no boundary — is the client's fault and answers 400
 * 'error.badMultipart' (busboy reports those as plain errors, which would otherwise be 500s);
 * field values follow the same text rule as JSON bodies (platform/input-text.ts).
 */

/** The parser's own refusals (limits: 413, prototype names: 400…) keep their status; anything else is a broken body. */
export function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) return error;
  // The server's own trouble (a full disk while a file is written) stays a server error.
  if (typeof (error as NodeJS.ErrnoException | null)?.syscall === 'string') return error;
  return new AppError(400, 'error.badMultipart');
}

/** Runs a read of a multipart body, turning a broken body into 400 (see multipartFailure). */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw multipartFailure(error);
  }
}

export interface FileLimit {
  maxBytes: number;
  /** The answer (413) for a file over maxBytes. */
  tooLarge: MessageCode;
}

/** What a multipart read saw so far: text fields, files as name, type and size only (the protocol log reads it). */
export interface MultipartSeen {
  fields: Record<string, string>;
  files: Array<{ name: string; type: string; size: number }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by readMultipartForm while it reads, so that even a refused body's fields are known. */
    multipartSeen?: MultipartSeen;
  }
}

export interface MultipartForm {
  values: Record<string, string>;
  files: Record<string, Buffer>;
}

/**
 * Text fields and the named files of a multipart request, held in memory (small files only: images
 * and clips of a known bound). Files of other names are drained and ignored. A file over its limit
 * answers 413 with its message; a text value over `fieldSize` answers 400 'field.tooLong' with the
 * field; unstorable text answers 400 'field.badCharacters' with the field.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limits: { files: Record<string, FileLimit>; fields?: number; fieldSize?: number },
): Promise<MultipartForm> {
  const values: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const largest = Math.max(0, ...Object.values(limits.files).map((f) => f.maxBytes));
  const fileCount = Object.keys(limits.files).length;
  const seen: MultipartSeen = { fields: values, files: [] };
  request.multipartSeen = seen;
  await readingMultipart(async () => {
    const parts = request.parts({
      limits: {
        // Cut just above the largest limit (not thrown), so each file is judged by its own.
        fileSize: largest + 1,
        files: fileCount + 1,
        fields: limits.fields ?? 20,
        fieldSize: limits.fieldSize ?? 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw badRequest('field.tooLong', [{ field: part.fieldname, message: 'field.tooLong' }]);
        }
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      const file = part as MultipartFile;
      const limit = Object.hasOwn(limits.files, file.fieldname) ? limits.files[file.fieldname] : undefined;
      if (!limit) {
        seen.files.push({ name: file.fieldname, type: file.mimetype, size: 0 });
        file.file.resume();
        continue;
      }
      const buffer = await file.toBuffer();
      seen.files.push({ name: file.fieldname, type: file.mimetype, size: buffer.length });
      if (file.file.truncated || buffer.length > limit.maxBytes) throw new AppError(413, limit.tooLarge);
      files[file.fieldname] = buffer;
    }
  });
  assertStorableText(values);
  return { values, files };
}
