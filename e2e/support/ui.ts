import { API, type Envelope } from '@sentinel/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_CAPTCHA } from './server.ts';

/** Fills the login form like a user: account, password, the captcha code, then Enter. */
export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-captcha').waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill(TEST_CAPTCHA);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in through the form (loginThroughForm) and waits for the server's answer to the login
 * request, which must accept it: what follows is only the console loading, not the sign-in.
 */
export async function loginAccepted(page: Page, username: string, password: string): Promise<void> {
  // The wait for the answer starts once the form is on screen (a cold login chunk is not the
  // sign-in's time), and allows a verify queued behind other sign-ins on a busy machine: a
  // retry in CI had the 30 s default run out while the page itself was still loading.
  await page.getByTestId('login-captcha').waitFor({ timeout: COLD_PAGE_TIMEOUT });
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === API.login && res.request().method() === 'POST',
    { timeout: COLD_PAGE_TIMEOUT },
  );
  await loginThroughForm(page, username, password);
  const envelope = (await (await answer).json()) as Envelope<unknown>;
  if (envelope.status !== 0) throw new Error(`login refused: ${envelope.message}`);
}

/**
 * After a sign-in the router changes the URL only once the target page's lazy chunk and the
 * console guard's loader (user info, menu) are in: a new browser context has none of them cached,
 * and on this busy two-core machine that cold load took up to ~15 s (a spec timed out at 15 s).
 */
export const COLD_PAGE_TIMEOUT = 40_000;

export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Text of the visible antd toast messages. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.ant-message-notice').last();
  await toast.waitFor({ timeout: 10_000 });
  return (await toast.innerText()).trim();
}

/** Waits for a toast holding this text (earlier toasts may still be shown). */
export async function waitForToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout });
  } catch (error) {
    throw new Error(`no toast "${text}"; the page shows ${await visibleFeedback(page)}`, { cause: error });
  }
}

/** What a user would see instead of an expected message: toasts, open dialogs, alerts. */
async function visibleFeedback(page: Page): Promise<string> {
  const texts = (selector: string) =>
    page
      .locator(selector)
      .filter({ visible: true })
      .allInnerTexts()
      .then((all) => all.map((t) => t.replace(/\s+/g, ' ').trim()))
      .catch(() => []);
  const [toasts, dialogs, alerts] = await Promise.all([
    texts('.ant-message-notice'),
    texts('.ant-modal'),
    texts('.ant-alert'),
  ]);
  return JSON.stringify({ url: page.url(), toasts, dialogs, alerts });
}

/**
 * Right-clicks `target` and returns its context menu once it stands aligned to the pointer.
 * antd opens the menu off-screen and then moves it under the pointer; a click before that misses
 * it, and the scroll a click makes to reach it closes the menu (by design: any scroll does).
 */
export async function openContextMenu(page: Page, target: Locator): Promise<Locator> {
  await target.click({ button: 'right' });
  // The project's light dropdown (web/src/shared/ui/light-dropdown.tsx): no motion, one open menu.
  const menu = page.locator('.light-dropdown[role="menu"]').last();
  await expect
    .poll(async () => {
      const box = await menu.boundingBox();
      return Boolean(box && box.x >= 0 && box.y >= 0);
    })
    .toBe(true);
  return menu;
}

/** Presses the primary button of the open confirmation dialog (Modal.confirm). */
export async function confirmModal(page: Page): Promise<void> {
  await page.locator('.ant-modal-confirm .ant-btn-primary').last().click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** antd's motion classes (`ant-slide-up-appear-active`…): there while a popup slides in or out. */
const MOVING = /-(appear|enter|leave)\b/;

/**
 * Opens an antd Select or TreeSelect (`trigger`: its test id, or a locator of it or of its input)
 * and picks the option whose whole text is `text` (a part of it with `exact: false`), typing the
 * text first to filter the list with `search`. It clicks once the dropdown has finished sliding
 * in, then checks the control shows the pick: a virtual list that re-renders under the pointer
 * can take a click elsewhere, so a missed pick is tried again (at most three times).
 */
export async function pickOption(
  page: Page,
  trigger: string | Locator,
  text: string,
  { search = false, exact = true }: { search?: boolean; exact?: boolean } = {},
): Promise<void> {
  const control = (typeof trigger === 'string' ? page.getByTestId(trigger) : trigger).locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const option = page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-treenode')
    .filter({ hasText: exact ? new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) : text })
    .first();
  const dropdown = option.locator('xpath=ancestor::*[contains(@class, "ant-select-dropdown")][1]');
  for (let attempt = 1; ; attempt++) {
    await control.click();
    if (search) await page.keyboard.type(text);
    await option.waitFor();
    await expect.poll(async () => MOVING.test((await dropdown.getAttribute('class')) ?? '')).toBe(false);
    await option.click();
    try {
      await expect.poll(() => control.textContent(), { timeout: 3_000 }).toContain(text);
      return;
    } catch (error) {
      if (attempt === 3) throw new Error(`could not pick "${text}"`, { cause: error });
    }
    // A multiple select stays open; a single one closed on the wrong option.
    if (await dropdown.isVisible()) await page.keyboard.press('Escape');
  }
}

/** Opens the range picker with this test id and picks a preset ("Today", "Last 30 days"…). */
export async function pickRangePreset(page: Page, testId: string, preset: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]`).first().click();
  await page.locator('.ant-picker-presets li', { hasText: preset }).click();
  await page.keyboard.press('Escape');
}

/**
 * A filter bar's range with only a start, then search: the bar shows `message`. Test ids follow
 * `<prefix>-filter-range`, `<prefix>-search` and `<prefix>-filters`; `pageTestId` is clicked to
 * close the picker.
 */
export async function expectHalfRangeRefused(
  page: Page,
  prefix: string,
  pageTestId: string,
  message: string,
): Promise<void> {
  const start = page.locator(`[data-testid="${prefix}-filter-range"]`).first();
  await start.click();
  await start.fill('2026-01-01 00:00:00');
  await page.keyboard.press('Enter');
  await page.getByTestId(pageTestId).click({ position: { x: 4, y: 4 } });
  await page.getByTestId(`${prefix}-search`).click();
  await expect.poll(() => page.getByTestId(`${prefix}-filters`).innerText()).toContain(message);
}

/** The natural width of an image element (0 until it has loaded). */
export function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
}

const isLocator = (scope: Page | Locator): scope is Locator => typeof (scope as Locator).page === 'function';

/**
 * The table rows under `scope` with a cell whose whole text is `text`. A plain `hasText` is a
 * substring match: "CAM-001" would also find the demo's "VCAM-001".
 */
export function rowWithCell(scope: Page | Locator, selector: string, text: string): Locator {
  const page = isLocator(scope) ? scope.page() : scope;
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope
    .locator(selector)
    .filter({ has: page.locator('td', { hasText: new RegExp(`^\\s*${escaped}\\s*$`) }) });
}

/**
 * An element's box once it has stopped moving: dialogs and drawers open with an animation, and a
 * box read mid-way puts every later mouse action in the wrong place.
 */
export async function settledBox(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        const key = JSON.stringify(box);
        const still = box !== null && key === last;
        last = key;
        return still;
      },
      { timeout: 10_000, interval: 150 },
    )
    .toBe(true);
  if (!box) throw new Error('the element has no box');
  return box;
}
