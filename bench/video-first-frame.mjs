// Live video in headless Chromium (issue 5 benchmarks): time to first frame of a demo camera,
// from the click on Play in the camera list to the player's `playing` state (first decoded frame),
// repeated over the demo cameras; then the page's open websockets and media sources after the
// dialog is closed (target: none left).
// Usage: node bench/video-first-frame.mjs [--runs 10]
// Needs the built web app (`npm run build -w web`) and /usr/bin/chromium.
import { parseArgs } from 'node:util';
import { adminPage, launchChromium } from './support/browser.mjs';
import { adminToken, startServer, summary } from './support/common.mjs';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(args.runs);

const server = await startServer({ DEMO_DATA: 'true' });
const browser = await launchChromium();
try {
  await adminToken(server); // changes the initial password: the browser logs in with PASSWORD
  const page = await adminPage(browser, server);
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
