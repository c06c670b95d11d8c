import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FieldError, isMessageCode, type MessageCode, translate } from '@sentinel/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException } from './db-errors.ts';
import { AppError } from './errors.ts';
import { detectLang } from './i18n.ts';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  code: MessageCode,
  data: unknown = null,
) {
  // lang is set in onRequest; an error raised before it (e.g. a malformed URL) detects it here.
  const lang = request.lang ?? detectLang(request);
  return reply.code(httpStatus).send({ status: -httpStatus, message: translate(code, lang), data });
}

function fieldErrors(error: unknown, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const lang = request.lang ?? detectLang(request);
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: translate(
      isMessageCode(issue.message ?? '') ? (issue.message as MessageCode) : 'field.invalid',
      lang,
    ),
  }));
}

/** AppError data `{ fields: [{ field, message: code }] }` → messages in the caller's language. */
function translateFields(data: unknown, request: FastifyRequest): unknown {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return data;
  const lang = request.lang ?? detectLang(request);
  return {
    ...(data as object),
    fields: (fields as FieldError[]).map((f) => ({ field: f.field, message: translate(f.message, lang) })),
  };
}

const STATUS_CODES: Record<number, MessageCode> = {
  401: 'auth.pleaseLogin',
  403: 'auth.forbidden',
  404: 'error.notFound',
  409: 'error.conflict',
  413: 'error.tooLarge',
  429: 'error.rateLimited',
};

/** Listeners told of every server error (5xx) the handler answers (system status keeps the last ones). */
export type ServerErrorListener = (error: Error, request: FastifyRequest) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a listener of the server errors (5xx) answered from now on (features/system-status). */
    onServerError(listener: ServerErrorListener): void;
  }
}

/** Global error handler and not-found handler: every JSON failure is an envelope. */
export function installErrorHandling(app: FastifyInstance): void {
  const listeners: ServerErrorListener[] = [];
  app.decorate('onServerError', (listener: ServerErrorListener) => {
    listeners.push(listener);
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return send(request, reply, error.httpStatus, error.code, translateFields(error.data, request));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error, request);
      const first = fields[0];
      const lang = request.lang ?? detectLang(request);
      return reply.code(400).send({
        status: -400,
        message: first?.message ?? translate('error.badRequest', lang),
        data: { fields },
      });
    }
    if (isDataException(error)) {
      // Input that passed validation but not the database (a value out of a column's range, a
      // character it cannot store): the request's fault, not the server's. Validation should
      // have refused it — logged so that the schema gets fixed.
      request.log.warn({ err: error }, 'database refused a value of the request');
      return send(request, reply, 400, 'error.badRequest');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      for (const listener of listeners) listener(error, request);
      return send(request, reply, 500, 'error.internal');
    }
    if (status === 503) return send(request, reply, 503, 'error.internal');
    return send(request, reply, status, STATUS_CODES[status] ?? 'error.badRequest');
  });
}

/**
 * The built web app from WEB_DIST: static assets, and index.html for every other GET that is not
 * under /api (client routes such as /dashboard). Without a build, a plain-text note.
 */
export async function installWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  const assets = `${join(webDist, 'assets')}/`;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      // The build writes `.br` and `.gz` beside each text file (web/precompress.ts): sent as they
      // are to a browser that accepts them (with `vary: accept-encoding`), the file itself otherwise.
      preCompressed: true,
      setHeaders: (res, path) => {
        const file = path.replace(/\.(br|gz)$/, '');
        // index.html is asked again on every load (it names the current hashed files); a hashed
        // file never changes under its name, so the browser keeps it for a year without asking.
        if (file.endsWith('index.html')) res.header('cache-control', 'no-cache');
        else if (file.startsWith(assets)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path === '/healthz';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return send(request, reply, 404, 'error.notFound');
    }
    if (hasBuild) return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`The web app is not built (no ${join(webDist, 'index.html')}). Run: npm run build -w web`);
  });
}
