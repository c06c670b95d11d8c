import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/helpers.ts';

/** The built web app as the server sends it: precompressed files, caching (installWebApp). */
describe('web app assets', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  const INDEX = '<!doctype html><script type="module" src="/assets/app-Abc123.js"></script>';
  const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4096))};`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sentinel-web-app-'));
    mkdirSync(join(dir, 'assets'));
    // What `npm run build -w web` writes (web/precompress.ts): each file, its .br and its .gz.
    const write = (path: string, text: string) => {
      writeFileSync(join(dir, path), text);
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
    };
    write('index.html', INDEX);
    write('assets/app-Abc123.js', SCRIPT);
    writeFileSync(join(dir, 'assets', 'small-Def456.js'), 'export {};');
    tdb = await createTestDatabase('pglite');
    app = await buildTestApp(tdb, { webDist: dir });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset brotli- or gzip-compressed, kept for a year without asking again', async () => {
    const br = await get('/assets/app-Abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get('/assets/app-Abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without a compressed copy as it is, still cached', async () => {
    const res = await get('/assets/small-Def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('export {};');
  });

  it('asks again for index.html on every load, compressed or not, at / and at client routes', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/historyRecords/historyAlarm']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-type'], url).toMatch(/text\/html/);
      const text =
        br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
      expect(text, url).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX);
    }
  });

  it('keeps API paths out of the app', async () => {
    const res = await get('/api/v2/backend/nothing-here', 'gzip, deflate, br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
