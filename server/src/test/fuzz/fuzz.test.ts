import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngestHarness, ingestHarness } from '../../features/alarms/ingest-test-support.ts';
import { createEngine } from '../../features/engines/routes.ts';
import { backends, createAccount, limitToScenes, login, type TestAccount } from '../helpers.ts';
import { testImage } from '../multipart.ts';
import { matrixRows, readSome } from '../route-matrix.ts';
import { casesFor, type FuzzRequest, operationOf } from './fuzz-requests.ts';

/**
 * The fuzz test of issue 10: every route the app registers (new routes are covered without
 * touching this file) gets requests derived from its declared schema — wrong types, null, huge
 * and boundary numbers, NaN-like text, 100 KB strings, NUL and broken Unicode, unknown fields,
 * deep nesting, path traversal, cut multipart bodies — as an admin and as an operator limited to
 * one scene. No answer may be a 5xx; a failure lists the route, the case and the body.
 */

/** Routes whose answer streams for as long as the client stays: the head is enough. */
const STREAM_READ_MS = 200;

interface Failure {
  who: string;
  request: string;
  /** The start of the body sent. */
  sent: string;
  status: number;
  body: string;
}

async function send(app: FastifyInstance, request: FuzzRequest, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
    payload: request.payload,
    payloadAsStream: true,
    signal: controller.signal,
  });
  const stream = res.stream();
  stream.on('error', () => undefined);
  const text = await readSome(stream, STREAM_READ_MS);
  controller.abort();
  return { status: res.statusCode, body: text };
}

describe.each(backends)('fuzz: no route answers 5xx (%s)', (backend) => {
  let h: IngestHarness;
  let admin: TestAccount;
  let operator: TestAccount;
  const tokens: Record<string, string> = {};
  let engineKey = '';

  beforeAll(async () => {
    h = await ingestHarness(backend);
    admin = await createAccount(h.app, { roles: ['admin'] });
    operator = await createAccount(h.app, { roles: ['operator'] });
    tokens.admin = await login(h.app, admin);
    tokens.operator = await login(h.app, operator);
    await limitToScenes(h.app, tokens.admin as string, operator.id, [h.refs.sceneId]);
    engineKey = (await createEngine(h.app.db, 'fuzz engine')).key;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers every hostile request with a status below 500', { timeout: 300_000 }, async () => {
    const image = await testImage('png', 16);
    const { rows } = matrixRows(h.app);
    const failures: Failure[] = [];
    let sent = 0;
    /** Answers by class ('2xx', '4xx'): the cases must reach handlers, not only the gates. */
    const classes: Record<string, number> = {};
    const started = Date.now();
    for (const [who, account] of [
      ['admin', admin],
      ['operator', operator],
    ] as const) {
      for (const route of rows) {
        // A public route answers the same whoever sends it: once is enough.
        if (who === 'operator' && route.access === 'public') continue;
        const operation = operationOf(h.app, route);
        for (const request of casesFor(route, operation, { refs: h.refs, image })) {
          const headers = { lang: 'en', token: tokens[who] as string, 'x-engine-key': engineKey };
          let answer = await send(h.app, request, headers);
          sent++;
          const statusClass = `${Math.floor(answer.status / 100)}xx`;
          classes[statusClass] = (classes[statusClass] ?? 0) + 1;
          // A case may end its own session (logout, a password change): log in again and go on.
          if (answer.status === 401 && !request.url.includes('/ingest/')) {
            tokens[who] = await login(h.app, account);
          }
          // 502 only where the route declares it: a test of an outside system (a mail server) that failed.
          if (answer.status === 502 && operation?.responses?.['502']) continue;
          if (answer.status >= 500) {
            // Once more, to tell a fault from a passing accident: both are reported.
            answer = await send(h.app, request, { ...headers, token: tokens[who] as string });
            failures.push({
              who,
              request: `${request.method} ${request.url.slice(0, 200)} — ${request.label}`,
              sent: String(request.payload ?? '').slice(0, 300),
              status: answer.status,
              body: answer.body,
            });
          }
        }
      }
    }
    console.log(
      `fuzz (${backend}): ${sent} requests over ${rows.length} routes in ${Date.now() - started} ms`,
    );
    expect(failures, JSON.stringify(failures.slice(0, 60), null, 2)).toEqual([]);
  });
});
