import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/helpers.ts';

/**
 * The seed issues queries concurrently (Promise.all over rows). On PostgreSQL it must run on the
 * pool, not on the one connection that holds the set-up lock: pg warns ("Calling client.query()
 * when the client is already executing a query") and pg 9 refuses. Runs where PostgreSQL is
 * configured (TEST_DATABASE_URL); PGlite has a single connection that queues by design.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('database set-up on PostgreSQL', () => {
  let tdb: TestDatabase | undefined;
  afterAll(async () => tdb?.drop());

  it('seeds the demo data without sharing one connection between concurrent queries', {
    timeout: 240_000,
  }, async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      tdb = await createTestDatabase('postgres');
      const app = await buildTestApp(tdb, { demoData: true });
      await app.close();
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });
});
