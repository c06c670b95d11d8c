// The 25-cell video wall in headless Chromium (issue 5 benchmarks): all cells playing demo cameras
// for --seconds (default 60): frames decoded per cell, the renderer's CPU and memory at the start
// and the end; then --switches (default 100) grid changes and the websockets and media sources
// still open (target: the wall's own count, one of each per playing cell).
// Usage: node bench/video-wall.mjs [--seconds 60] [--switches 100]
// Needs the built web app (`npm run build -w web`) and /usr/bin/chromium.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { adminPage, launchChromium } from './support/browser.mjs';
import { adminToken, json, startServer } from './support/common.mjs';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, switches: { type: 'string', default: '100' } },
});
const seconds = Number(args.seconds);
const switches = Number(args.switches);
const GRIDS = [4, 6, 9, 12, 16, 25];

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};

const server = await startServer({ DEMO_DATA: 'true' });
const browser = await launchChromium();
try {
  const token = await adminToken(server);
  const me = await json(server.url, '/api/v2/backend/login/userInfo', { token });
  const { data: wall } = await json(server.url, '/api/v2/video/wall/cameras', { token });
  const cameras = wall.cameras;
  const page = await adminPage(browser, server, { width: 1600, height: 900 });

  // The wall open on "all cameras" with 25 cells filled (the SPEC's userCache shape), then reload.
  const slots = Array.from({ length: 25 }, (_, i) => cameras[i % cameras.length]);
  const entry = {
    userId: me.data.id,
    sceneId: 0,
    equipmentType: 25,
    cameraList: slots.map((c) => ({ id: c.id, cameraName: c.name })),
    VideoPlayer: slots.map((c) => ({ src: c.id })),
    isCache: true,
  };
  await page.evaluate(
    ([cache, store]) => {
      localStorage.setItem('userCache', cache);
      localStorage.setItem('sentinel-video-wall', store);
    },
    [
      JSON.stringify([entry]),
      JSON.stringify({ state: { videoVisible: false, lastScene: { [me.data.id]: 0 } }, version: 0 }),
    ],
  );
  await page.reload();
  await page.getByTestId('video-wall').waitFor();
  const cells = page.getByTestId('wall-cell');
  const playing = page.locator(
    '[data-testid="wall-cell"] [data-testid="video-player"][data-state="playing"]',
  );
  const started = performance.now();
  while ((await playing.count()) < 25 && performance.now() - started < 60_000) await page.waitForTimeout(250);
  const allPlayingMs = performance.now() - started;
  const playingAtStart = await playing.count();

  const cdp = await browser.newBrowserCDPSession();
  const renderer = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer');
  };
  const frames = () =>
    cells.evaluateAll((all) =>
      all.map((cell) => cell.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0),
    );
  const before = {
    procs: await renderer(),
    frames: await frames(),
    heap: await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0),
  };
  const rssBefore = before.procs.map((p) => rssMb(p.id));
  await page.waitForTimeout(seconds * 1000);
  const after = {
    procs: await renderer(),
    frames: await frames(),
    heap: await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0),
  };
  const rssAfter = after.procs.map((p) => rssMb(p.id));
  const cpu =
    after.procs.reduce((sum, p) => sum + p.cpuTime, 0) - before.procs.reduce((sum, p) => sum + p.cpuTime, 0);
  const perCell = after.frames.map((f, i) => f - (before.frames[i] ?? 0));
  const sorted = [...perCell].sort((a, b) => a - b);

  console.log(
    `video wall: 25 cells of ${cameras.length} demo cameras (PGlite, demo stream source, headless Chromium, 1600×900)`,
  );
  console.log(`  all 25 cells playing after ${Math.round(allPlayingMs)} ms (${playingAtStart} playing)`);
  console.log(
    `  frames decoded per cell in ${seconds} s: min ${sorted[0]}, median ${sorted[12]}, max ${sorted[24]} (${(sorted[12] / seconds).toFixed(1)} fps; the clips are 25 fps)`,
  );
  console.log(`  renderer CPU: ${((cpu / seconds) * 100).toFixed(0)} % of a core over the ${seconds} s`);
  console.log(
    `  renderer RSS: ${rssBefore.join('+')} MB at the start → ${rssAfter.join('+')} MB at the end; JS heap ${Math.round(before.heap / 1048576)} → ${Math.round(after.heap / 1048576)} MB`,
  );

  // Layout switches: every grid size in turn, waiting for the cells to be laid out each time.
  for (let i = 0; i < switches; i++) {
    const size = GRIDS[i % GRIDS.length];
    await page.getByTestId(`wall-grid-${size}`).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="wall-cell"]').length === n,
      size,
    );
    await page.waitForTimeout(150);
  }
  const finalSize = GRIDS[(switches - 1) % GRIDS.length];
  await page.waitForTimeout(5_000);
  const media = await page.evaluate('window.__media()');
  console.log(
    `  after ${switches} grid switches (ending on ${finalSize} cells, ${await playing.count()} playing): ${media.sockets} open websockets, ${media.sources} open media sources (${media.opened} opened in all)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
