import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StreamUrlResult, VIDEO_API, VIDEO_WALL_API, type VideoWallCameras } from '@sentinel/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningNginx, runNginx } from './support/nginx.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';
import { loggedInPage } from './support/session.ts';
import { pickOption } from './support/ui.ts';

/**
 * Issue 17 §6: a real media server. Debian's nginx with its RTMP module (libnginx-mod-rtmp)
 * receives a bundled demo clip pushed by Debian's ffmpeg — a camera's main stream under its code
 * and its sub stream under `<code>_sub` — and serves them as HLS; the product runs with
 * MEDIA_STREAM_TEMPLATE pointing at that HLS output. A browser plays the camera on the video wall
 * through the product's player: the cell plays the sub stream, the cell in full screen the main
 * stream; when ffmpeg stops, the player shows the "stale stream" overlay. nginx serves a playlist
 * only after the product's hook (GET hook/nginx, asked by `auth_request`) accepted its token.
 *
 * Needs nginx, its RTMP module and ffmpeg: `npm test` installs them when missing
 * (scripts/ensure-media-tools.sh).
 */

const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const repoRoot = new URL('..', import.meta.url).pathname;
const CLIP = join(repoRoot, 'server/assets/demo-clips/conveyor.flv');
if (!existsSync(RTMP_MODULE)) {
  throw new Error(`media-server.spec.ts: ${RTMP_MODULE} is missing (run scripts/ensure-media-tools.sh).`);
}

const work = mkdtempSync(join(tmpdir(), 'sentinel-media-'));
let nginx: RunningNginx | undefined;
let rtmpPort = 0;
let httpPort = 0;
let productPort = 0;
let server: RunningServer;
let browser: Browser;
let api: ApiClient;
const publishers = new Map<string, ChildProcess>();

/**
 * nginx: RTMP in (publish), HLS out in 1 s fragments, served over HTTP with CORS for the console —
 * the shipped deploy/nginx/media-rtmp.conf and media-hls.conf on this test's ports and folders.
 */
async function startNginx(): Promise<void> {
  [rtmpPort, httpPort, productPort] = [await freePort(), await freePort(), await freePort()];
  const hls = join(work, 'hls');
  mkdirSync(hls, { recursive: true });
  mkdirSync(join(work, 'temp'), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(work, 'temp', name)};`;
  /** A shipped file with its production ports and paths put on this test's. */
  const shipped = (name: string, replacements: [string, string][]) => {
    const text = readFileSync(join(repoRoot, 'deploy/nginx', name), 'utf8');
    let out = text;
    for (const [from, to] of replacements) {
      if (!out.includes(from)) throw new Error(`deploy/nginx/${name} no longer holds "${from}"`);
      out = out.replaceAll(from, to);
    }
    return out;
  };
  writeFileSync(
    join(work, 'nginx.conf'),
    [
      `load_module ${RTMP_MODULE};`,
      // As root, nginx's workers would run as nobody and could not write this test's directory.
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${join(work, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      shipped('media-rtmp.conf', [
        ['listen 1935;', `listen 127.0.0.1:${rtmpPort};`],
        ['/var/lib/nginx/hls', hls],
      ]),
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      shipped('media-hls.conf', [
        ['listen 8081;', `listen 127.0.0.1:${httpPort};`],
        ['/var/lib/nginx/hls', hls],
        ['/var/cache/nginx/stream-auth', join(work, 'auth-cache')],
        // (the product's own hook path, so a renamed route fails here)
        [
          `http://127.0.0.1:8080${VIDEO_API.mediaHook('nginx')};`,
          `http://127.0.0.1:${productPort}${VIDEO_API.mediaHook('nginx')};`,
        ],
      ]),
      '}',
    ].join('\n'),
  );
  nginx = runNginx(work);
  await nginx.waitForPort(rtmpPort);
  await nginx.waitForPort(httpPort);
}

/** ffmpeg pushes the clip, looped in real time, to nginx as stream `key` (as a camera would). */
function publish(key: string): void {
  const child = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', CLIP],
      ...['-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  publishers.set(key, child);
}

async function unpublish(key: string): Promise<void> {
  const child = publishers.get(key);
  publishers.delete(key);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 200 });

const playlistStatus = async (url: string) => {
  const res = await fetch(url).catch(() => null);
  return res?.status ?? 0;
};

beforeAll(async () => {
  await startNginx();
  server = await startServer({
    port: productPort,
    env: {
      MEDIA_STREAM_TEMPLATE: `http://127.0.0.1:${httpPort}/hls/{stream}.m3u8?token={token}`,
      OFFLINE_ANALYSIS_SIMULATOR: 'false',
    },
  });
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const key of [...publishers.keys()]) await unpublish(key);
  await nginx?.stop();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The <video>'s media time, in seconds. */
const videoTime = (player: Locator) =>
  player.getByTestId('video-player-video').evaluate((v) => (v as HTMLVideoElement).currentTime);

/** The player plays: its media time advances by more than a second. */
async function expectAdvancing(player: Locator) {
  await poll(() => player.getAttribute('data-state')).toBe('playing');
  const start = await videoTime(player);
  await poll(() => videoTime(player), 20_000).toBeGreaterThan(start + 1);
}

describe('a camera played from nginx-rtmp (HLS) through the product', () => {
  let page: Page;
  let code = '';
  let cameraId = 0;
  const hlsRequests: string[] = [];

  it('answers addresses on the media server: <code>.m3u8 for the main stream, <code>_sub.m3u8 for the sub stream', async () => {
    const { cameras } = await api<VideoWallCameras>(VIDEO_WALL_API.cameras);
    const first = cameras[0];
    if (!first) throw new Error('no camera on the wall');
    ({ code, id: cameraId } = first);
    const main = await api<StreamUrlResult>(`${VIDEO_API.streamUrl}?cameraId=${cameraId}`);
    const sub = await api<StreamUrlResult>(`${VIDEO_API.streamUrl}?cameraId=${cameraId}&stream=sub`);
    const base = `http://127.0.0.1:${httpPort}/hls/`;
    expect(main).toMatchObject({ kind: 'hls', stream: 'main' });
    expect(main.url.startsWith(`${base}${encodeURIComponent(code)}.m3u8?token=`)).toBe(true);
    expect(sub).toMatchObject({ kind: 'hls', stream: 'sub' });
    expect(sub.url.startsWith(`${base}${encodeURIComponent(code)}_sub.m3u8?token=`)).toBe(true);

    publish(code);
    publish(`${code}_sub`);
    await poll(() => playlistStatus(main.url)).toBe(200);
    await poll(() => playlistStatus(sub.url)).toBe(200);
    // nginx asks the product (auth_request → hook/nginx): no token, or another stream's, is refused.
    const bare = `${base}${encodeURIComponent(code)}.m3u8`;
    expect(await playlistStatus(bare)).toBe(403);
    expect(await playlistStatus(`${bare}?token=${new URL(sub.url).searchParams.get('token')}`)).toBe(403);
    // Its fragments likewise: with the playlist's token only (the player adds it), not bare.
    const playlist = await (await fetch(main.url)).text();
    const fragment = playlist.split('\n').find((line) => line.endsWith('.ts'));
    if (!fragment) throw new Error(`no fragment in the playlist:\n${playlist}`);
    const fragmentUrl = new URL(fragment, main.url);
    expect(await playlistStatus(fragmentUrl.toString())).toBe(403);
    fragmentUrl.searchParams.set('token', new URL(main.url).searchParams.get('token') ?? '');
    expect(await playlistStatus(fragmentUrl.toString())).toBe(200);
    // asked again within the hook answer's 5 s, the same (from nginx's cache of the "yes")
    expect(await playlistStatus(fragmentUrl.toString())).toBe(200);
    fragmentUrl.searchParams.set('token', new URL(sub.url).searchParams.get('token') ?? '');
    expect(await playlistStatus(fragmentUrl.toString())).toBe(403);
  });

  it('plays the sub stream in a wall cell and the main stream full screen', async () => {
    page = await loggedInPage(browser, server.url, 'zh-CN');
    const unsigned: string[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/hls/')) return;
      const url = new URL(request.url());
      hlsRequests.push(url.pathname);
      if (!url.searchParams.get('token')) unsigned.push(url.pathname);
    });
    await page.getByTestId('video-wall-open').click();
    await page.getByTestId('video-wall').waitFor();
    await pickOption(page, 'wall-scene', '全部相机');
    const cell = page.locator(`[data-testid="wall-cell"][data-camera-id="${cameraId}"]`);
    const player = cell.getByTestId('video-player');
    await poll(() => player.getAttribute('data-stream')).toBe('sub');
    await expectAdvancing(player);
    expect(hlsRequests).toContain(`/hls/${code}_sub.m3u8`);
    expect(hlsRequests).not.toContain(`/hls/${code}.m3u8`);
    // the player asked for fragments, every one with the playlist's token (nginx checks them too)
    expect(hlsRequests.some((path) => path.endsWith('.ts'))).toBe(true);
    expect(unsigned).toEqual([]);

    await cell.dblclick();
    await poll(() => cell.getAttribute('data-full-screen')).toBe('true');
    await poll(() => player.getAttribute('data-stream')).toBe('main');
    await expectAdvancing(player);
    expect(hlsRequests).toContain(`/hls/${code}.m3u8`);
    expect(await player.getByTestId('video-player-stale').count()).toBe(0);
  }, 120_000);

  it('shows the stale stream overlay within 5 s once ffmpeg stops, and plays again when it is back', async () => {
    const cell = page.locator(`[data-testid="wall-cell"][data-camera-id="${cameraId}"]`);
    const player = cell.getByTestId('video-player');
    // Watch, in the page, when the overlay appears.
    await player.evaluate((root) => {
      const marks = { staleAt: 0 };
      (window as unknown as { staleMarks: typeof marks }).staleMarks = marks;
      const tick = () => {
        if (root.querySelector('[data-testid="video-player-stale"]')) marks.staleAt = performance.now();
        else requestAnimationFrame(tick);
      };
      tick();
    });
    const stoppedAt = await page.evaluate(() => performance.now());
    await unpublish(code);
    await player.getByTestId('video-player-stale').waitFor({ timeout: 15_000 });
    expect(await player.getByTestId('video-player-stale').innerText()).toBe('画面已停滞：未收到新画面');
    const { staleAt } = await page.evaluate(
      () => (window as unknown as { staleMarks: { staleAt: number } }).staleMarks,
    );
    console.info(`stale overlay: ${Math.round(staleAt - stoppedAt)} ms after ffmpeg stopped`);
    expect(staleAt - stoppedAt).toBeLessThanOrEqual(5_000);

    // The camera comes back: the player reconnects and the overlay goes away.
    publish(code);
    await poll(() => player.getByTestId('video-player-stale').count(), 45_000).toBe(0);
    await expectAdvancing(player);
  }, 120_000);
});
