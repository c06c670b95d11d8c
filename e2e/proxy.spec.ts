import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALARM_API,
  type AlarmItem,
  API,
  type Envelope,
  EXPORT_API,
  type ExportFile,
  type ListResult,
} from '@sentinel/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, postAlarm, solidImage } from './support/alarms.ts';
import { apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { freshDatabase } from './support/database.ts';
import { type RunningNginx, runNginx } from './support/nginx.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm } from './support/ui.ts';

/**
 * Issue 17 §1: the documented deployment — Debian's nginx with the repository's own site file
 * (deploy/nginx/sentinel.conf: TLS termination, the event stream unbuffered, media and downloads
 * streamed) in front of two instances on one PostgreSQL database and Redis, with TRUST_PROXY.
 * A browser through nginx sees alarms ingested on either instance; stopping the instance its
 * event stream runs on (each in turn), the stream reconnects through nginx and the panel misses
 * no alarm — the one ingested while it was down appears once it is back, without reload.
 *
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets them when the services answer) and nginx
 * (`npm test` installs Debian's nginx-light when missing: scripts/ensure-nginx.sh). Under CI a
 * missing service fails the file; elsewhere the file runs one embedded instance behind nginx and
 * says so in the test names.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const twoInstances = Boolean(databaseUrl && redisUrl);
if (!twoInstances && process.env.CI) {
  throw new Error(
    'proxy.spec.ts: TEST_DATABASE_URL and TEST_REDIS_URL must be set under CI (.ci/run sets them).',
  );
}
const repoRoot = new URL('..', import.meta.url).pathname;

const work = mkdtempSync(join(tmpdir(), 'sentinel-proxy-'));
const servers: RunningServer[] = [];
const envs: Record<string, string>[] = [];
let nginx: RunningNginx | undefined;
let httpsUrl = '';
let httpUrl = '';
let browser: Browser;
let dropDatabase: () => Promise<void> = async () => undefined;

/** The repository's site file with this test's ports and certificate (nothing else changed). */
function siteFile(upstreams: string[], httpPort: number, httpsPort: number): string {
  const site = readFileSync(join(repoRoot, 'deploy/nginx/sentinel.conf'), 'utf8');
  const lines = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  const replaced = site
    .replace(/ {4}server 127\.0\.0\.1:3001[^\n]*\n {4}server 127\.0\.0\.1:3002[^\n]*/, lines)
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('https://$host$request_uri', `https://$host:${httpsPort}$request_uri`)
    .replace('/etc/ssl/sentinel/fullchain.pem', join(work, 'cert.pem'))
    .replace('/etc/ssl/sentinel/privkey.pem', join(work, 'key.pem'));
  if (replaced === site || !replaced.includes(upstreams[0] ?? '-'))
    throw new Error('site file not as expected');
  return replaced;
}

async function startNginx(upstreams: string[]): Promise<void> {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(work, 'key.pem'),
      '-out',
      join(work, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  writeFileSync(join(work, 'sentinel.conf'), siteFile(upstreams, httpPort, httpsPort));
  mkdirSync(join(work, 'temp'), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(work, 'temp', name)};`;
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      // As root, nginx's workers would run as nobody and could not use this test's directory.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(work, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${join(work, 'sentinel.conf')};`,
      '}',
    ].join('\n'),
  );
  nginx = runNginx(work);
  await nginx.waitForPort(httpsPort);
  httpsUrl = `https://127.0.0.1:${httpsPort}`;
  httpUrl = `http://127.0.0.1:${httpPort}`;
}

beforeAll(async () => {
  const base = { TRUST_PROXY: 'true', OFFLINE_ANALYSIS_SIMULATOR: 'false' };
  if (databaseUrl && redisUrl) {
    const database = await freshDatabase(databaseUrl, 'sentinel_e2e_proxy');
    dropDatabase = database.drop;
    const shared = { ...base, DATABASE_URL: database.url, REDIS_URL: redisUrl };
    // One deployment: the instances share the media directory as well as the database.
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    envs.push({ ...shared, INSTANCE_ID: 'proxy-a' }, { ...shared, INSTANCE_ID: 'proxy-b' });
    servers.push(await startServer({ dataDir, env: envs[0] }));
    servers.push(await startServer({ dataDir, env: envs[1] }));
  } else {
    envs.push(base);
    servers.push(await startServer({ dataDir: join(work, 'data'), env: base }));
  }
  await startNginx(servers.map((s) => new URL(s.url).host));
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  for (const server of servers) await server.stop();
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
});

const suffix = twoInstances
  ? '(nginx, two instances, PostgreSQL + Redis)'
  : '(nginx, ONE embedded instance: TEST_DATABASE_URL / TEST_REDIS_URL not set)';

describe(`the deployment behind nginx ${suffix}`, () => {
  let context: BrowserContext;
  let page: Page;
  let engineKey = '';
  let algorithmId = 0;
  let image: Buffer;
  let sent = 0;
  let adminToken = '';

  /** An engine reports an alarm straight to instance `i` (as an engine beside it would). */
  const ingestOn = async (i: number): Promise<number> => {
    sent += 1;
    const answer = await postAlarm(
      servers[i]?.url ?? '',
      engineKey,
      {
        eventId: `proxy-${Date.now()}-${sent}`,
        alarmTime: new Date().toISOString(),
        priority: 120004,
        cameraCode: 'CAM-001',
        algorithmId,
        alarmResult: `Reported to instance ${i === 0 ? 'A' : 'B'}`,
      },
      { image },
    );
    expect(answer.status).toBe(200);
    return answer.id ?? 0;
  };

  /** The panel shows the alarm, arrived live: the page was not reloaded. */
  const panelShows = async (id: number) => {
    await page.locator(`[data-testid="alarm-item"][data-id="${id}"]`).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  };

  it('serves the app over TLS with the proxy headers trusted; plain http is redirected', async () => {
    const first = servers[0] as RunningServer;
    await apiChangePassword(first.url, 'admin', first.initialPasswords.admin ?? '', NEW_PASSWORD);
    adminToken = await apiLogin(first.url, 'admin', NEW_PASSWORD);
    const api = apiClient(first.url, adminToken);
    engineKey = await createEngineKey(api, 'Proxy engine');
    algorithmId = (await demoRefs(api)).algorithmId;
    image = await solidImage('#1f6f8b', { format: 'jpeg' });

    ({ context, page } = await newPage(browser, httpsUrl, { ignoreHTTPSErrors: true }));
    const redirect = await context.request.get(`${httpUrl}/login`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe(`${httpsUrl}/login`);
    // Behind the proxy the instances know the request came over TLS (X-Forwarded-Proto): HSTS.
    const health = await context.request.get(`${httpsUrl}/healthz`);
    expect(health.status()).toBe(200);
    expect(health.headers()['strict-transport-security']).toMatch(/max-age=/);
    const direct = await fetch(`${first.url}/healthz`);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  it('a browser through nginx sees alarms ingested on each instance live, and loads their images and an export through it', async () => {
    await page.goto('/login');
    await loginThroughForm(page, 'admin', NEW_PASSWORD);
    await expectPath(page, '/dashboard');
    if ((await page.getByTestId('alarm-panel').count()) === 0)
      await page.getByTestId('alarm-panel-tab').click();
    await page.getByTestId('alarm-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('alarm-connection').getAttribute('data-state'))
      .toBe('connected');
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });
    for (let i = 0; i < servers.length; i++) await panelShows(await ingestOn(i));

    // The alarm's image, fetched through nginx with the browser's session.
    const id = await ingestOn(servers.length - 1);
    await panelShows(id);
    // Sessions live in the shared database: the token works through nginx on either instance.
    const headers = { token: adminToken, lang: 'en' };
    const detail = await context.request.get(`${httpsUrl}${ALARM_API.detail(id)}`, { headers });
    const alarm = ((await detail.json()) as Envelope<AlarmItem>).data;
    expect(alarm.alarmImage).toBeTruthy();
    const media = await context.request.get(new URL(alarm.alarmImage, httpsUrl).toString(), { headers });
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toBe('image/jpeg');

    // An export made and downloaded through nginx.
    const post = async <T>(path: string, data: object = {}) =>
      ((await (await context.request.post(`${httpsUrl}${path}`, { headers, data })).json()) as Envelope<T>)
        .data;
    const file = await post<ExportFile>(EXPORT_API.videoAlarmRecordExport);
    const listed = async () => {
      const res = await context.request.get(`${httpsUrl}${API.exportList}`, { headers });
      return ((await res.json()) as Envelope<ListResult<ExportFile>>).data.list.find((f) => f.id === file.id);
    };
    await expect.poll(async () => (await listed())?.state).toBe(1);
    const download = await context.request.post(`${httpsUrl}${EXPORT_API.download(file.id)}`, { headers });
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('spreadsheetml');
    expect((await download.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('stopping the instance under the stream (each in turn): it reconnects through nginx and misses no alarm', async () => {
    for (let down = 0; down < servers.length; down++) {
      const up = twoInstances ? 1 - down : down;
      const stopped = servers[down] as RunningServer;
      const port = Number(new URL(stopped.url).port);
      await stopped.kill();
      // While the stream may be down or reconnecting, an engine reports to the instance still up
      // (or, alone, right after the restart below).
      if (twoInstances) {
        const id = await ingestOn(up);
        await panelShows(id);
      }
      servers[down] = await startServer({ dataDir: join(work, 'data'), env: envs[down], port });
      if (!twoInstances) await panelShows(await ingestOn(down));
      await expect
        .poll(() => page.getByTestId('alarm-connection').getAttribute('data-state'))
        .toBe('connected');
    }
    expect(nginx?.log()).not.toMatch(/\[emerg\]/);
  });
});
