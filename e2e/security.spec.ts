import { ALGORITHM_API } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlarmPanel, panelItem } from './support/alarm-panel.ts';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';

/**
 * Issue 10, point 6: the built app runs under its Content-Security-Policy without a single
 * violation, and text that an engine or an administrator controls is shown as text — markup in
 * it never runs, in the history alarm list, the alarm detail or the floating panel.
 */

let session: Session;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.stop();
});

/** Collects every CSP violation the page reports (the DOM event and the console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** The page's main content is drawn and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.locator('main, .ant-layout-content').first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0,
  );
}

describe('content security policy', () => {
  it('lets the app run with no violation: dashboard, lists, flowcharts, statistics, the audit log and the playing video wall', async () => {
    const page = await session.loggedInPage();
    const violations = await watchViolations(page);
    // Each page is loaded anew, so the init script watches from its first byte.
    for (const path of [
      '/dashboard',
      '/historyRecords/historyAlarm',
      '/deviceManagement/cameraSet',
      '/sceneManagement/flowSet',
      '/meDetails/statistics',
      '/systemSettings/bizLog',
    ]) {
      await page.goto(path);
      await settled(page);
    }
    // The video wall plays the demo stream (WS-FLV through MSE: blob: and ws: to this origin).
    await page.getByTestId('video-wall-open').click();
    await page.getByTestId('video-wall').waitFor();
    // A playing cell: the stream went through MSE (blob:) over a websocket to this origin.
    await page.locator('[data-testid="video-wall"] video').first().waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector('[data-testid="video-wall"] video') as HTMLVideoElement | null;
      return video !== null && video.currentTime > 0;
    });
    const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(violations).toEqual([]);
  });
});

describe('markup in alarm fields', () => {
  const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

  it('renders as text in the history list, the detail and the panel, and never runs', async () => {
    const refs = await demoRefs(session.api);
    const code = `xss_${Date.now()}`;
    await session.api(ALGORITHM_API.create, {
      method: 'POST',
      body: {
        name: `Helmet ${HOSTILE}`.slice(0, 50),
        code,
        typeId: null,
        levels: [120004],
        defaultLevel: 120004,
      },
    });
    const key = await createEngineKey(session.api, 'E2E xss engine');
    const id = await ingestAlarm(
      session.server.url,
      key,
      {
        eventId: uniqueEventId('e2e-xss'),
        algorithmCode: code,
        cameraId: refs.cameraId,
        sceneId: refs.sceneId,
        priority: 120004,
        alarmResult: HOSTILE,
        extraInfoName: HOSTILE,
        extraInfo: JSON.stringify({ [HOSTILE]: HOSTILE }),
      },
      { image: await solidImage('#8e44ad', { format: 'jpeg' }) },
    );
    const page = await session.loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('history-alarm-page').waitFor();
    const row = page.getByTestId(`alarm-row-${id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('<img src=x');

    await page.getByTestId(`alarm-${id}-view`).click();
    const detail = page.getByTestId(`alarm-detail-${id}`);
    await detail.waitFor();
    const detailText = await detail.innerText();
    expect(detailText).toContain(HOSTILE);
    await page.keyboard.press('Escape');

    await openAlarmPanel(page);
    const item = panelItem(page, id);
    await item.waitFor();
    expect(await item.innerText()).toContain('<img src=x');

    // Nothing ran, and no element was made from the text.
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });
});
