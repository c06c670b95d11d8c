import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type Envelope, type ExportFile, type Lang, type ListResult } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { account, accountScene, role, roleButton } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestAccount,
  type TestDatabase,
} from '../../test/helpers.ts';

export interface ExportHarness {
  app: FastifyInstance;
  dataDir: string;
  admin: TestAccount;
  adminToken: string;
  /** A role without historyAlarm:export. */
  viewerToken: string;
  /** Holds historyAlarm:export through its own role; scene authority set with `limitTo`. */
  limited: TestAccount;
  limitedToken: string;
  events: BusEvent[];
  limitTo(sceneIds: number[]): Promise<void>;
  call<T = unknown>(
    url: string,
    payload?: unknown,
    options?: { token?: string; lang?: Lang; method?: 'GET' | 'POST' | 'DELETE' },
  ): Promise<{ statusCode: number; body: Envelope<T>; headers: Record<string, unknown>; raw: Buffer }>;
  list(token: string): Promise<ExportFile[]>;
  /** Waits until export `id` of the token's owner leaves state 0. */
  settled(token: string, id: number): Promise<ExportFile>;
  close(): Promise<void>;
}

export async function exportHarness(backend: Backend): Promise<ExportHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-exports-'));
  const tdb: TestDatabase = await createTestDatabase(backend);
  const app = await buildTestApp(tdb, { dataDir });
  const admin = await createAccount(app, { roles: ['admin'] });
  const roleName = `exporter${Math.random().toString(36).slice(2, 8)}`;
  const [exporter] = await app.db.insert(role).values({ name: roleName }).returning({ id: role.id });
  if (!exporter) throw new Error('role');
  await app.db.insert(roleButton).values({ roleId: exporter.id, code: 'historyAlarm:export' });
  const limited = await createAccount(app, { roles: [roleName] });
  const viewerRole = `viewer${Math.random().toString(36).slice(2, 8)}`;
  await app.db.insert(role).values({ name: viewerRole });
  const viewer = await createAccount(app, { roles: [viewerRole] });
  const events: BusEvent[] = [];
  const unsubscribe = app.bus.subscribe((event) => events.push(event));

  const call: ExportHarness['call'] = async (url, payload, options = {}) => {
    const res = await app.inject({
      method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
      url,
      headers: { ...(options.token ? { token: options.token } : {}), lang: options.lang ?? 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return {
      statusCode: res.statusCode,
      body: (isJson ? res.json() : null) as Envelope<never>,
      headers: res.headers,
      raw: res.rawPayload,
    };
  };
  const list = async (token: string) => {
    const res = await call<ListResult<ExportFile>>(`${API.exportList}?pageSize=50`, undefined, { token });
    return res.body.data.list;
  };
  const harness: ExportHarness = {
    app,
    dataDir,
    admin,
    adminToken: await login(app, admin),
    viewerToken: await login(app, viewer),
    limited,
    limitedToken: await login(app, limited),
    events,
    async limitTo(sceneIds) {
      await app.db.update(account).set({ allScenes: false }).where(eq(account.id, limited.id));
      await app.db.delete(accountScene).where(eq(accountScene.accountId, limited.id));
      if (sceneIds.length)
        await app.db
          .insert(accountScene)
          .values(sceneIds.map((sceneId) => ({ accountId: limited.id, sceneId })));
    },
    call,
    list,
    async settled(token, id) {
      for (let i = 0; i < 400; i++) {
        const file = (await list(token)).find((f) => f.id === id);
        if (!file) throw new Error(`export ${id} not listed`);
        if (file.state !== 0) return file;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`export ${id} still generating`);
    },
    async close() {
      unsubscribe();
      await app.close();
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The first worksheet of an xlsx as arrays of cell values (row 1 = header). */
export async function readSheet(buffer: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  // exceljs' typings predate Node's generic Buffer
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    // sparse arrays (1-based, empty cells left out) → dense, without trailing empty cells
    const values = Array.from((row.values as unknown[]).slice(1), (v) => v ?? '');
    while (values.length && values.at(-1) === '') values.pop();
    rows.push(values);
  });
  return { name: sheet.name, rows };
}

/** Entries of a zip (central directory; stored entries give their bytes). */
export function readZip(buffer: Buffer): { name: string; data: Buffer }[] {
  let eocd = buffer.length - 22;
  while (eocd >= 0 && buffer.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const count = buffer.readUInt16LE(eocd + 10);
  let at = buffer.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (method !== 0) throw new Error(`entry ${name} is compressed`);
    entries.push({ name, data: buffer.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
