import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, EXPORT_API, type ExportFile, type ListResult } from '@sentinel/contract';
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

/**
 * Exports carry an owner and a lease (platform/job-lease.ts). A restarted instance fails at once
 * what its previous life was generating; an export whose lease ran out is failed by any instance;
 * one another instance keeps renewing is left alone. Failed exports say why, can be deleted, and
 * their partial files are removed.
 */
describe.each(backends)('exports left generating by a stopped process on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-sweep-'));
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails its own and expired ones with a reason at start, keeps others’ live ones, removes partial files', async () => {
    const tdb = await createTestDatabase(backend);
    // PGlite in DATA_DIR (not in memory), so that a second app opens the same database
    const overrides: Partial<AppConfig> = {
      dataDir,
      instanceId: 'node-a',
      ...(backend === 'pglite' ? { pglite: undefined } : {}),
    };
    app = await buildTestApp(tdb, overrides);
    const owner = await createAccount(app, { roles: ['admin'] });
    const now = Date.now();
    const future = new Date(now + 10 * 60_000);
    const rows = await app.db
      .insert(exportFile)
      .values([
        { accountId: owner.id, fileName: 'mine.xlsx', state: 0, owner: 'node-a', leaseUntil: future },
        { accountId: owner.id, fileName: 'theirs-live.xlsx', state: 0, owner: 'node-b', leaseUntil: future },
        {
          accountId: owner.id,
          fileName: 'theirs-expired.xlsx',
          state: 0,
          owner: 'node-b',
          leaseUntil: new Date(now - 1_000),
        },
        { accountId: owner.id, fileName: 'unclaimed.xlsx', state: 0 },
        { accountId: owner.id, fileName: 'done.xlsx', state: 1, gmtCreate: new Date(now - 3 * 3_600_000) },
      ])
      .returning();
    const id = (name: string) => rows.find((r) => r.fileName === name)?.id ?? 0;
    const exportsDir = join(dataDir, 'media', 'exports');
    mkdirSync(exportsDir, { recursive: true });
    const partial = (name: string) => join(exportsDir, `export-${id(name)}.xlsx.part`);
    for (const name of ['mine.xlsx', 'theirs-live.xlsx']) writeFileSync(partial(name), 'PK');
    writeFileSync(join(exportsDir, '0b4f1c2e-0000-4000-8000-000000000000.xlsx.part'), 'PK');
    await app.close();

    // The same instance starts again.
    app = await buildTestApp(tdb, overrides);
    const token = await login(app, owner);
    const res = await app.inject({ url: API.exportList, headers: { token, lang: 'en' } });
    const files = Object.fromEntries(body<ListResult<ExportFile>>(res).data.list.map((f) => [f.fileName, f]));
    expect(files['mine.xlsx']).toMatchObject({
      state: 2,
      failureReason: 'The server stopped while this file was being generated. Delete it and export again.',
    });
    expect(files['theirs-expired.xlsx']?.state).toBe(2);
    expect(files['unclaimed.xlsx']?.state).toBe(2);
    expect(files['theirs-live.xlsx']).toMatchObject({ state: 0, failureReason: '' });
    expect(files['done.xlsx']).toMatchObject({ state: 1, failureReason: '' });
    expect(existsSync(partial('mine.xlsx'))).toBe(false);
    expect(existsSync(join(exportsDir, '0b4f1c2e-0000-4000-8000-000000000000.xlsx.part'))).toBe(false);
    expect(existsSync(partial('theirs-live.xlsx'))).toBe(true);

    // A failed export says so on download, in the caller's language, and can be deleted.
    const download = await app.inject({
      method: 'POST',
      url: EXPORT_API.download(id('mine.xlsx')),
      headers: { token, lang: 'zh-CN' },
    });
    expect(download.statusCode).toBe(409);
    expect(body(download).message).toBe('文件生成失败');
    // Recorded without its filters (as before the leases): it cannot be run again, only deleted.
    expect(files['mine.xlsx']?.retryable).toBe(false);
    const retry = await app.inject({
      method: 'POST',
      url: EXPORT_API.retry(id('mine.xlsx')),
      headers: { token },
    });
    expect(retry.statusCode).toBe(409);
    const removed = await app.inject({
      method: 'DELETE',
      url: API.exportDelete(id('mine.xlsx')),
      headers: { token },
    });
    expect(removed.statusCode).toBe(200);
    await app.close();
    app = undefined;
    await tdb.drop();
  }, 60_000);
});
