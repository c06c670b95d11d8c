import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRefs, demoRefs, postAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { waitForToast } from './support/ui.ts';

let session: Session;
let refs: DemoRefs;
let image: Buffer;

/** Reports an alarm with this key as an engine would; answers the HTTP status and the alarm id. */
function ingest(key: string): Promise<{ status: number; id?: number }> {
  const fields = {
    cameraId: refs.cameraId,
    algorithmId: refs.algorithmId,
    priority: '120002',
    eventId: uniqueEventId('e2e-engine'),
    alarmTime: new Date().toISOString(),
  };
  return postAlarm(session.server.url, key, fields, { image });
}

beforeAll(async () => {
  session = await startSession();
  refs = await demoRefs(session.api);
  image = await solidImage('#16a085');
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

describe('engine API keys', () => {
  it('creates a key shown once, ingests with it, disables it (refused), deletes it', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/serverSettings');
    const section = page.getByTestId('engine-keys');
    await section.waitFor();
    expect(await section.innerText()).toContain('Engine API keys');

    // an empty name is refused on the form
    await page.getByTestId('engine-add').click();
    await page.getByTestId('engine-create-form').waitFor();
    const create = page.locator('.ant-modal').filter({ has: page.getByTestId('engine-create-form') });
    await create.locator('.ant-btn-primary').click();
    await expect.poll(() => create.innerText()).toContain('This cannot be empty');
    await page.getByTestId('engine-name').fill('Line 3 engine');
    await create.locator('.ant-btn-primary').click();

    // the key, once, with a warning and a copy button
    const dialog = page.getByTestId('engine-key-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('shown only this once');
    const key = await page.getByTestId('engine-key-value').inputValue();
    expect(key.length).toBeGreaterThanOrEqual(40);
    await page.getByTestId('engine-key-copy').click();
    await expect.poll(() => page.getByTestId('engine-key-copy').innerText()).toContain('Copied');
    await page.getByTestId('engine-key-done').click();
    await dialog.waitFor({ state: 'detached' });

    // the list shows its prefix only, never the key
    const row = page.locator('[data-testid^="engine-row-"]', { hasText: 'Line 3 engine' });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`${key.slice(0, 8)}…`);
    expect(rowText).toContain('Never');
    expect(await page.content()).not.toContain(key);
    const id = Number((await row.getAttribute('data-testid'))?.replace('engine-row-', ''));

    // the key works: an alarm is accepted, and the engine is seen
    const accepted = await ingest(key);
    expect(accepted.status).toBe(200);
    expect(accepted.id).toBeGreaterThan(0);
    await page.reload();
    await row.waitFor();
    await expect.poll(() => row.innerText()).not.toContain('Never');

    // disabled: refused
    await page.getByTestId(`engine-${id}-enabled`).click();
    await expect
      .poll(() => page.getByTestId(`engine-${id}-enabled`).getAttribute('aria-checked'))
      .toBe('false');
    expect([401, 403]).toContain((await ingest(key)).status);

    // enabled again: accepted
    await page.getByTestId(`engine-${id}-enabled`).click();
    await expect
      .poll(() => page.getByTestId(`engine-${id}-enabled`).getAttribute('aria-checked'))
      .toBe('true');
    expect((await ingest(key)).status).toBe(200);

    // deleted (after the confirmation): gone, and its key is refused
    await page.getByTestId(`engine-${id}-delete`).click();
    await page.locator('.ant-popconfirm', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await page.getByTestId('engine-delete-confirm').click();
    await waitForToast(page, 'Deleted successfully!');
    await expect.poll(() => page.getByTestId(`engine-row-${id}`).count()).toBe(0);
    expect([401, 403]).toContain((await ingest(key)).status);
    await page.context().close();
  }, 120_000);

  it('shows the section in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/systemSettings/serverSettings');
    const section = page.getByTestId('engine-keys');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain('引擎 API 密钥');
    expect(text).toContain('新增引擎');
    await page.context().close();
  }, 120_000);
});
