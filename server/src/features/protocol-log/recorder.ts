import {
  type EngineMessageKind,
  engineMessageKinds,
  isMessageCode,
  type MessageCode,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { type EngineMessageRow, insertMessages } from './repo.ts';

/** Rows are written every FLUSH_MS, or at once when this many wait. */
export const FLUSH_MS = 250;
export const FLUSH_ROWS = 500;
/** With the database away, at most this many rows wait; older ones are dropped (and counted in the log). */
const MAX_BUFFERED = 20_000;
/** Raw metadata larger than this (as JSON) is stored as its size only. */
const RAW_MAX_CHARS = 32 * 1024;

/** What the simulators (and the hook) hand over: one engine message as it ended. */
export interface EngineMessageInput {
  kind: EngineMessageKind;
  engineId?: number | null;
  outcome: 'accepted' | 'duplicate' | 'refused';
  status: number;
  reason?: string | null;
  raw: Record<string, unknown>;
  result?: unknown;
  cameraId?: number | null;
  durationMs?: number | null;
  receivedAt?: Date;
}

interface Recorder {
  push(row: EngineMessageInput): void;
  flush(): Promise<void>;
}

const recorders = new WeakMap<FastifyInstance, Recorder>();

function createRecorder(app: FastifyInstance): Recorder {
  let buffer: EngineMessageRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let dropped = 0;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = buffer;
    buffer = [];
    // Flushes run one after the other; a failure is logged and never reaches ingest.
    chain = chain.then(async () => {
      if (dropped > 0) {
        app.log.warn({ dropped }, 'protocol log: rows dropped while the database was away');
        dropped = 0;
      }
      if (rows.length === 0) return;
      try {
        await insertMessages(app.db, rows);
      } catch (error) {
        // One bad row (an engine deleted meanwhile) must not lose the batch: each alone, once.
        let lost = 0;
        for (const row of rows) {
          try {
            await insertMessages(app.db, [row]);
          } catch {
            lost += 1;
          }
        }
        app.log.error({ err: error, rows: rows.length, lost }, 'protocol log: flush failed');
      }
    });
    return chain;
  };

  return {
    push(input) {
      buffer.push(toRow(input, app.appConfig.now()));
      if (buffer.length > MAX_BUFFERED) {
        buffer.shift();
        dropped += 1;
      }
      if (buffer.length >= FLUSH_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    flush,
  };
}

function boundedRaw(raw: Record<string, unknown>): Record<string, unknown> {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? '{}';
  } catch {
    return { unserialisable: true };
  }
  return text.length > RAW_MAX_CHARS ? { truncated: true, chars: text.length } : raw;
}

function toRow(input: EngineMessageInput, now: Date): EngineMessageRow {
  return {
    receivedAt: input.receivedAt ?? now,
    kind: input.kind,
    engineId: input.engineId ?? null,
    outcome: input.outcome,
    status: input.status,
    reason: input.reason ?? null,
    raw: boundedRaw(input.raw),
    result: input.result ?? null,
    cameraId: input.cameraId ?? null,
    durationMs: input.durationMs ?? null,
  };
}

/**
 * Records one engine message (buffered; written within FLUSH_MS). For the in-process simulators,
 * which call the ingest services without HTTP. A no-op when recording is off (PROTOCOL_LOG=off).
 */
export function recordEngineMessage(app: FastifyInstance, input: EngineMessageInput): void {
  recorders.get(app)?.push(input);
}

/**
 * Runs an in-process report (a simulator calling an ingest service) and records it as the HTTP
 * route would: accepted, duplicate (`{ duplicate: true }`) or refused with the error's code.
 */
export async function recordSimulated<T>(
  app: FastifyInstance,
  message: {
    kind: EngineMessageKind;
    engineId: number;
    cameraId?: number | null;
    raw: Record<string, unknown>;
  },
  report: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const result = await report();
    const duplicate = (result as { duplicate?: unknown } | null)?.duplicate === true;
    recordEngineMessage(app, {
      ...message,
      outcome: duplicate ? 'duplicate' : 'accepted',
      status: 200,
      result: result ?? null,
      durationMs: durationMs(),
    });
    return result;
  } catch (error) {
    const failure = failureOf(error);
    recordEngineMessage(app, {
      ...message,
      outcome: 'refused',
      status: error instanceof AppError ? error.httpStatus : 500,
      reason: failure.reason,
      result: failure.fields ? { fields: failure.fields } : null,
      durationMs: durationMs(),
    });
    throw error;
  }
}

/** Writes what waits now (tests; the app's close does it by itself). */
export async function flushProtocolLog(app: FastifyInstance): Promise<void> {
  await recorders.get(app)?.flush();
}

/** A camera id of the metadata (`cameraId` as a number or a numeric text), when there is one. */
export function cameraIdOf(raw: Record<string, unknown> | undefined): number | null {
  const value = raw?.cameraId;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The message code of a failure, as the error handler answers it (platform/error-handler.ts). */
const STATUS_CODES: Record<number, MessageCode> = {
  401: 'auth.pleaseLogin',
  403: 'auth.forbidden',
  404: 'error.notFound',
  409: 'error.conflict',
  413: 'error.tooLarge',
  429: 'error.rateLimited',
};
const codeOfStatus = (status: number): string =>
  status >= 500 ? 'error.internal' : (STATUS_CODES[status] ?? 'error.badRequest');

interface FieldCode {
  field: string;
  code: string;
}
interface Failure {
  reason: string;
  fields?: FieldCode[];
}

function failureOf(error: unknown): Failure {
  if (error instanceof AppError) {
    const fields = (error.data as { fields?: Array<{ field: string; message: string }> } | null)?.fields;
    return {
      reason: error.code,
      ...(Array.isArray(fields) ? { fields: fields.map((f) => ({ field: f.field, code: f.message })) } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      code: isMessageCode(issue.message ?? '') ? (issue.message as string) : 'field.invalid',
    }));
    return { reason: fields[0]?.code ?? 'error.badRequest', fields };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return { reason: codeOfStatus(typeof status === 'number' ? status : 500) };
}

interface RequestState {
  kind: EngineMessageKind;
  raw?: Record<string, unknown>;
  failure?: Failure;
  data?: unknown;
}

function rawOf(request: FastifyRequest, state: RequestState): Record<string, unknown> {
  const seen = request.multipartSeen;
  if (seen) return { fields: { ...seen.fields }, files: seen.files };
  return state.raw ?? {};
}

/**
 * The protocol log's recorder: root hooks that see every call of the five engine routes
 * (`POST <prefix>/ingest/<kind>`), whatever the feature that answers it, and store each as it
 * ended — accepted, duplicate or refused with the refusal's message code. Register it at the
 * root before the routes (a fastify-plugin, so its hooks are not encapsulated).
 */
export const protocolLogRecorder = fp<{ apiPrefix: string }>(
  async (app, options) => {
    const config = app.appConfig.protocolLog;
    if (!config.enabled) return;
    const recorder = createRecorder(app);
    recorders.set(app, recorder);
    app.addHook('onClose', async () => {
      await recorder.flush();
    });

    const kinds = new Map<string, EngineMessageKind>(
      engineMessageKinds.map((kind) => [`${options.apiPrefix}/ingest/${kind}`, kind]),
    );
    const states = new WeakMap<FastifyRequest, RequestState>();

    // Looked up on first use by any hook: a call answered early (the rate limit's onRequest) still counts.
    const stateOf = (request: FastifyRequest): RequestState | undefined => {
      let state = states.get(request);
      if (state || request.method !== 'POST') return state;
      const kind = kinds.get(request.routeOptions.url ?? '');
      if (!kind) return undefined;
      state = { kind };
      states.set(request, state);
      return state;
    };

    // Before validation replaces it: the JSON body as received.
    app.addHook('preValidation', async (request) => {
      const state = stateOf(request);
      if (!state) return;
      const body = request.body;
      if (body && typeof body === 'object' && !Array.isArray(body))
        state.raw = body as Record<string, unknown>;
      else if (body !== undefined) state.raw = { body };
    });
    app.addHook('onError', async (request, _reply, error) => {
      const state = stateOf(request);
      if (state) state.failure = failureOf(error);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const state = stateOf(request);
      if (!state || typeof payload !== 'string' || payload.length > 64 * 1024) return payload;
      try {
        state.data = (JSON.parse(payload) as { data?: unknown }).data;
      } catch {
        // Not an envelope: nothing to keep.
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const state = stateOf(request);
      if (!state) return;
      const status = reply.statusCode;
      const raw = rawOf(request, state);
      const refused = status >= 400;
      const duplicate = !refused && (state.data as { duplicate?: unknown } | null)?.duplicate === true;
      recorder.push({
        kind: state.kind,
        engineId: request.engine?.id ?? null,
        outcome: refused ? 'refused' : duplicate ? 'duplicate' : 'accepted',
        status,
        reason: refused ? (state.failure?.reason ?? codeOfStatus(status)) : null,
        raw,
        result: refused && state.failure?.fields ? { fields: state.failure.fields } : (state.data ?? null),
        cameraId: cameraIdOf(
          raw.fields && typeof raw.fields === 'object' ? (raw.fields as Record<string, unknown>) : raw,
        ),
        durationMs: Math.round(reply.elapsedTime),
      });
    });
  },
  { name: 'protocol-log-recorder', dependencies: ['database'] },
);
