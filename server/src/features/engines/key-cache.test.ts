import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALARM_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

// Engine keys are reused for a few seconds per instance (engines/auth.ts); disabling or deleting
// an engine on one instance must be refused by the others as soon as `engine.changed` arrives.
describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL)(
  'engine keys on two instances (PostgreSQL + Redis)',
  () => {
    let tdb: TestDatabase;
    let one: FastifyInstance;
    let two: FastifyInstance;
    const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-keys-'));

    beforeAll(async () => {
      const redisUrl = process.env.TEST_REDIS_URL as string;
      tdb = await createTestDatabase('postgres');
      one = await buildTestApp(tdb, { redisUrl, dataDir });
      two = await buildTestApp(tdb, { redisUrl, dataDir });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await tdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The status of an ingest call on `app` with this key: 401 when the key is refused (checked before the body). */
    const ingestStatus = async (app: FastifyInstance, key: string) =>
      (
        await app.inject({
          method: 'POST',
          url: ALARM_API.ingest,
          headers: { 'x-engine-key': key, lang: 'en', 'content-type': 'application/json' },
          payload: {},
        })
      ).statusCode;

    it('a key disabled on one instance is refused by the other', async () => {
      const admin = await login(one, await createAccount(one, { roles: ['admin'] }));
      const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
        one.inject({ method, url, headers: { token: admin, lang: 'en' }, ...(payload ? { payload } : {}) });
      const created = (await call('POST', ALARM_API.engines, { name: 'Engine two' })).json() as {
        data: { id: number; key: string };
      };
      const { id, key } = created.data;
      // Accepted (past the key check: the empty body is what is refused) and now known to `two`.
      expect(await ingestStatus(two, key)).toBe(400);

      expect((await call('POST', `${ALARM_API.engines}/${id}/disable`)).statusCode).toBe(200);
      await expect.poll(() => ingestStatus(two, key), { timeout: 3_000 }).toBe(401);

      expect((await call('POST', `${ALARM_API.engines}/${id}/enable`)).statusCode).toBe(200);
      await expect.poll(() => ingestStatus(two, key), { timeout: 3_000 }).toBe(400);
    });
  },
);
