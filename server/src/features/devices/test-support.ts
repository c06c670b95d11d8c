import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, Lang } from '@sentinel/contract';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

/** A test app on a fresh database with its own media directory, an admin and an operator. */
export interface DevicesHarness {
  app: FastifyInstance;
  admin: string;
  operator: string;
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    options?: { token?: string; lang?: Lang },
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  rows(table: PgTable): Promise<number>;
  close(): Promise<void>;
}

export async function devicesHarness(backend: Backend): Promise<DevicesHarness> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-devices-'));
  const app = await buildTestApp(tdb, { dataDir });
  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  return {
    app,
    admin,
    operator,
    async call(method, url, payload, options = {}) {
      const res = await app.inject({
        method,
        url,
        headers: { token: options.token ?? admin, lang: options.lang ?? 'en' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async rows(table) {
      const [row] = await app.db.select({ n: count() }).from(table);
      return Number(row?.n ?? 0);
    },
    async close() {
      await app.close();
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body with one file part. */
export function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----sentinel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
