import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartValue } from '@fastify/multipart';
import {
  type FieldError,
  type MessageCode,
  type ModelFormat,
  modelBody,
  modelUploadFields,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { mediaRoot } from '../../platform/media.ts';
import { readingMultipart } from '../../platform/multipart.ts';
import { checkModelFile } from './model-check.ts';

export const MODEL_DIR = 'ai-model';
const EXTENSIONS: Record<ModelFormat, string> = {
  onnx: 'onnx',
  tflite: 'tflite',
  torchscript: 'pt',
  openvino: 'zip',
};
const BAD_FORMAT: Record<ModelFormat, MessageCode> = {
  onnx: 'aiModel.badOnnx',
  tflite: 'aiModel.badTflite',
  torchscript: 'aiModel.badTorchscript',
  openvino: 'aiModel.badOpenvino',
};

export interface ReceivedModel {
  fields: z.output<typeof modelBody>;
  format: ModelFormat;
  /** Relative media path of the stored file. */
  file: string;
  sha256: string;
  sizeBytes: number;
}

/** 400 with the zod issues as field errors (message codes). */
export function fieldFailure(error: z.ZodError): AppError {
  const fields: FieldError[] = error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: (issue.message.includes('.') ? issue.message : 'field.invalid') as FieldError['message'],
  }));
  return badRequest((fields[0]?.message ?? 'field.invalid') as MessageCode, fields);
}

function textFields(part: {
  fields: Record<string, Multipart | Multipart[] | undefined>;
}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one && one.type === 'field' && typeof (one as MultipartValue).value === 'string') {
      values[name] = (one as MultipartValue<string>).value;
    }
  }
  return values;
}

/**
 * Receives a model package (multipart: the text fields of `modelUploadFields` first, then the file
 * `file`), streamed to disk while its sha256 is computed, cut off above MODEL_MAX_MB (413
 * 'aiModel.size'), then checked by its content against the claimed format (400 'aiModel.bad…');
 * task, classes and input size may come from an ONNX file's metadata. The caller records the row;
 * on any refusal nothing stays on disk.
 */
export async function receiveModelUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ReceivedModel> {
  if (!request.isMultipart()) throw badRequest('aiModel.noFile');
  const maxBytes = app.appConfig.modelMaxBytes;
  const part = await readingMultipart(() =>
    request.file({ limits: { fileSize: maxBytes, files: 1, fields: 12, fieldSize: 16 * 1024 } }),
  );
  if (!part) throw badRequest('aiModel.noFile');
  const directory = join(mediaRoot(app), MODEL_DIR);
  await mkdir(directory, { recursive: true });
  const stem = randomBytes(16).toString('hex');
  const incoming = join(directory, `${stem}.part`);
  const hash = createHash('sha256');
  let size = 0;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  try {
    await readingMultipart(() => pipeline(part.file, createWriteStream(incoming, { flags: 'wx' })));
    if (part.file.truncated) throw new AppError(413, 'aiModel.size');
    if (size === 0) throw badRequest('aiModel.noFile');
    const claimed = modelUploadFields.safeParse(textFields(part));
    if (!claimed.success) throw fieldFailure(claimed.error);
    const format = claimed.data.format;
    const check = await checkModelFile(incoming, format);
    if (!check.ok) throw badRequest(BAD_FORMAT[format], [{ field: 'file', message: BAD_FORMAT[format] }]);
    const facts = check.facts;
    const fields = modelBody.safeParse({
      ...claimed.data,
      task: claimed.data.task ?? facts.task,
      classes: claimed.data.classes ?? facts.classes,
      inputWidth: claimed.data.inputWidth ?? facts.inputWidth,
      inputHeight: claimed.data.inputHeight ?? facts.inputHeight,
    });
    if (!fields.success) throw fieldFailure(fields.error);
    const file = `${MODEL_DIR}/${stem}.${EXTENSIONS[format]}`;
    await rename(incoming, join(mediaRoot(app), file));
    return { fields: fields.data, format, file, sha256: hash.digest('hex'), sizeBytes: size };
  } finally {
    await unlink(incoming).catch(() => undefined);
  }
}
