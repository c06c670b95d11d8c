import type { Page } from 'playwright-core';

/**
 * Slows the page's uploads down (bytes per second) through the DevTools protocol so an upload's
 * progress bar has time to show; best effort. Returns a setter (-1 = full speed again).
 */
export async function throttleUploads(
  page: Page,
  bytesPerSecond: number,
): Promise<(rate: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const set = async (rate: number) => {
    try {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: rate,
      });
    } catch {
      // Not supported by this browser: the upload runs at full speed.
    }
  };
  await cdp.send('Network.enable').catch(() => undefined);
  await set(bytesPerSecond);
  return set;
}

/** Records in the page whether an element with this test id was ever shown (a quick upload's bar). */
export async function watchFor(page: Page, testId: string): Promise<() => Promise<boolean>> {
  await page.evaluate((id) => {
    const w = window as unknown as { __seen?: Record<string, boolean> };
    w.__seen = { ...w.__seen, [id]: false };
    const seen = () => {
      if (document.querySelector(`[data-testid="${id}"]`) && w.__seen) w.__seen[id] = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  }, testId);
  return () =>
    page.evaluate(
      (id) => Boolean((window as unknown as { __seen?: Record<string, boolean> }).__seen?.[id]),
      testId,
    );
}
