import type { Envelope, Lang } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { account, accountScene, sceneCamera } from '../../db/schema/index.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestAccount,
  type TestDatabase,
} from '../../test/helpers.ts';
import { createTestRefs, type TestRefs } from '../alarms/test-support.ts';

/** The signing secret of the test config (test/helpers.ts testConfig). */
export const TEST_STREAM_SECRET = 'test-stream-signing-secret';

/**
 * A test app for the video routes: an admin, an operator (all scenes) and a `scoped` account
 * limited to scene A; camera A is bound to scene A, camera B to scene B. `clock` drives the app's
 * `now()` (advance it to expire tokens).
 */
export interface VideoHarness {
  app: FastifyInstance;
  refs: TestRefs;
  clock: { ms: number };
  admin: string;
  operator: TestAccount & { token: string };
  scoped: TestAccount & { token: string };
  get<T = unknown>(
    url: string,
    options?: { token?: string; lang?: Lang; host?: string },
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function videoHarness(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
): Promise<VideoHarness> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const clock = { ms: Date.parse('2026-05-01T08:00:00Z') };
  const app = await buildTestApp(tdb, { now: () => new Date(clock.ms), ...overrides });
  const refs = await createTestRefs(app);
  await app.db.insert(sceneCamera).values([
    { sceneId: refs.sceneA, cameraId: refs.cameraA },
    { sceneId: refs.sceneB, cameraId: refs.cameraB },
  ]);
  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const operatorAccount = await createAccount(app, { roles: ['operator'] });
  const operator = { ...operatorAccount, token: await login(app, operatorAccount) };
  const scopedAccount = await createAccount(app, { roles: ['operator'] });
  await app.db.update(account).set({ allScenes: false }).where(eq(account.id, scopedAccount.id));
  await app.db.insert(accountScene).values({ accountId: scopedAccount.id, sceneId: refs.sceneA });
  const scoped = { ...scopedAccount, token: await login(app, scopedAccount) };
  return {
    app,
    refs,
    clock,
    admin,
    operator,
    scoped,
    async get(url, options = {}) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: {
          token: options.token ?? admin,
          lang: options.lang ?? 'en',
          ...(options.host ? { host: options.host } : {}),
        },
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}
