import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The floating alarm panel (open or not). */
export const alarmPanel = (page: Page): Locator => page.getByTestId('alarm-panel');

/** One alarm listed in the panel. */
export const panelItem = (page: Page, id: number): Locator =>
  page.locator(`[data-testid="alarm-item"][data-id="${id}"]`);

/** Opens the panel from its tab unless it is open already. */
export async function openAlarmPanel(page: Page): Promise<void> {
  if ((await alarmPanel(page).count()) === 0) await page.getByTestId('alarm-panel-tab').click();
  await alarmPanel(page).waitFor();
}

/** Waits until the panel's event stream is connected (new alarms arrive live from then on). */
export async function waitPanelLive(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('alarm-connection').getAttribute('data-state')).toBe('connected');
}
