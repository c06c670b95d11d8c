// Live video in headless Chromium (issue 5 benchmarks): time to first frame of a demo camera,
// from the click on Play in the camera list to the player's `playing` state (first decoded frame),
// repeated over the demo cameras; then the page's open websockets and media sources after the
// dialog is closed (target: none left).
// Usage: node bench/video-first-frame.mjs [--runs 10]
// Needs the built web app (`npm run build -w web`) and /usr/bin/chromium.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { adminToken, startServer, summary } from './support/common.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(args.runs);
const PASSWORD = 'Sentinel-Bench-Room-7';

/** Counts the page's open websockets and media sources (installed before the app loads). */
const TRACK_MEDIA = `(() => {
  const sockets = [];
  const sources = [];
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...a) { super(...a); sockets.push(this); }
  };
  const NativeSource = window.MediaSource;
  window.MediaSource = class extends NativeSource {
    constructor() { super(); sources.push(this); }
  };
  window.__media = () => ({
    sockets: sockets.filter((s) => s.readyState < 2).length,
    sources: sources.filter((s) => s.readyState !== 'closed').length,
  });
})();`;

const server = await startServer({ DEMO_DATA: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  await adminToken(server); // changes the initial password: the browser logs in with PASSWORD
  const page = await browser.newPage({ baseURL: server.url, locale: 'en-US' });
  await page.addInitScript(TRACK_MEDIA);
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/deviceManagement/cameraSet');
  const buttons = page.locator('[data-testid^="camera-play-"]');
  await buttons.first().waitFor();
  const count = await buttons.count();

  const ms = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await buttons.nth(i % count).click();
    const dialog = page.getByTestId('camera-play-dialog');
    await dialog.locator('[data-testid="video-player"][data-state="playing"]').waitFor({ timeout: 30_000 });
    ms.push(performance.now() - started);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  await page.waitForTimeout(500);
  const left = await page.evaluate('window.__media()');
  console.log(
    `video: ${runs} plays of ${count} demo cameras (PGlite, demo stream source, headless Chromium)`,
  );
  console.log(
    `  click → first frame (player state playing): ${summary(ms).text}, max ${Math.round(Math.max(...ms))} ms`,
  );
  console.log(`  after closing: ${left.sockets} open websockets, ${left.sources} open media sources`);
} finally {
  await browser.close();
  await server.stop();
}
