// Headless Chromium for the video benchmarks: the page's open websockets and media sources,
// and a login through the login page as the benchmark admin.
import { chromium } from 'playwright-core';
import { PASSWORD } from './common.mjs';

/** Counts the page's open websockets and media sources (install before the app loads). */
export const TRACK_MEDIA = `(() => {
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
    opened: sockets.length,
  });
})();`;

export const launchChromium = () =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

/**
 * A page of `browser` on the server, tracking media, logged in as admin (after `adminToken`
 * changed the initial password to PASSWORD).
 */
export async function adminPage(browser, server, viewport) {
  const page = await browser.newPage({
    baseURL: server.url,
    locale: 'en-US',
    ...(viewport ? { viewport } : {}),
  });
  await page.addInitScript(TRACK_MEDIA);
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}
