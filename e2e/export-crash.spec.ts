import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, EXPORT_API, type ExportFile, type ListResult } from '@sentinel/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 10, point 4: the server is killed (SIGKILL: nothing runs on the way out) while an export
 * is being generated. After the restart the export is not left "generating": it is failed with a
 * reason the user reads, its download says so, it can be deleted, and no partial file is left.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-crash-'));
// The same instance before and after the crash (as a restarted container keeps its name).
const env = { INSTANCE_ID: 'crash-test-node', DEMO_DATA: 'false', OFFLINE_ANALYSIS_SIMULATOR: 'false' };
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const exportsDir = join(dataDir, 'media', 'exports');
const partialFiles = () =>
  existsSync(exportsDir) ? readdirSync(exportsDir).filter((n) => n.endsWith('.part')) : [];

describe('an export when the server is killed', () => {
  it('is failed with its reason after the restart, with no partial file left, and can be run again or deleted', async () => {
    // Exports pause 10 minutes before each batch: this one is surely under way when the kill comes.
    server = await startServer({ dataDir, env: { ...env, SENTINEL_TEST_EXPORT_DELAY_MS: '600000' } });
    await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
    let api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
    const started = await api<ExportFile>(EXPORT_API.videoAlarmRecordExport, { method: 'POST', body: {} });
    expect(started.state).toBe(0);
    // Generating: its partial file is on disk.
    await expect.poll(() => partialFiles()).toEqual([`export-${started.id}.xlsx.part`]);

    await server.kill();
    server = await startServer({ dataDir, env });
    api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));

    const list = await api<ListResult<ExportFile>>(API.exportList);
    const file = list.list.find((f) => f.id === started.id);
    expect(file).toMatchObject({
      state: 2,
      failureReason: 'The server stopped while this file was being generated. Delete it and export again.',
    });
    expect(partialFiles()).toEqual([]);
    const download = await api.envelope(EXPORT_API.download(started.id), { method: 'POST' });
    expect(download.status).toBe(-409);
    // Run again with the filters it was asked for, it completes and downloads.
    expect(file?.retryable).toBe(true);
    const again = await api<ExportFile>(EXPORT_API.retry(started.id), { method: 'POST' });
    expect(again.state).toBe(0);
    const listed = async () =>
      (await api<ListResult<ExportFile>>(API.exportList)).list.find((f) => f.id === started.id);
    await expect.poll(async () => (await listed())?.state).toBe(1);
    const completed = await fetch(`${server.url}${EXPORT_API.download(started.id)}`, {
      method: 'POST',
      headers: { token: await apiLogin(server.url, 'admin', NEW_PASSWORD) },
    });
    expect(completed.status).toBe(200);
    expect(completed.headers.get('content-type')).toContain('spreadsheetml');
    // And it can be deleted.
    const deleted = await api.envelope(API.exportDelete(started.id), { method: 'DELETE' });
    expect(deleted.status).toBe(0);
    expect((await api<ListResult<ExportFile>>(API.exportList)).count).toBe(0);
  });
});
