import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type ExportFile, type ListResult } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.ts';
import { exportFile } from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
} from '../../test/helpers.ts';

describe.each(backends)('exports left generating by a dead process on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-sweep-'));
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are marked failed at the next start; recent ones keep generating', async () => {
    const tdb = await createTestDatabase(backend);
    // PGlite in DATA_DIR (not in memory), so that a second app opens the same database
    const overrides: Partial<AppConfig> = backend === 'pglite' ? { dataDir, pglite: undefined } : { dataDir };
    app = await buildTestApp(tdb, overrides);
    const owner = await createAccount(app, { roles: ['admin'] });
    const now = Date.now();
    const rows = await app.db
      .insert(exportFile)
      .values([
        { accountId: owner.id, fileName: 'stale.xlsx', state: 0, gmtCreate: new Date(now - 2 * 3_600_000) },
        { accountId: owner.id, fileName: 'recent.xlsx', state: 0, gmtCreate: new Date(now - 5 * 60_000) },
        { accountId: owner.id, fileName: 'done.xlsx', state: 1, gmtCreate: new Date(now - 3 * 3_600_000) },
      ])
      .returning();
    expect(rows).toHaveLength(3);
    await app.close();

    app = await buildTestApp(tdb, overrides);
    const token = await login(app, owner);
    const res = await app.inject({ url: API.exportList, headers: { token } });
    const states = Object.fromEntries(
      body<ListResult<ExportFile>>(res).data.list.map((f) => [f.fileName, f.state]),
    );
    expect(states).toEqual({ 'recent.xlsx': 0, 'stale.xlsx': 2, 'done.xlsx': 1 });
    await app.close();
    app = undefined;
    await tdb.drop();
  }, 60_000);
});
