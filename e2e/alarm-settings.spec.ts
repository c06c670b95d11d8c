import {
  ALARM_SETTINGS_API,
  ALARM_TEMPLATES_API,
  type AlarmSettings,
  type AlarmTemplateItem,
} from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlarmPanel, panelItem, waitPanelLive } from './support/alarm-panel.ts';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { toastText } from './support/ui.ts';

let session: Session;
/** An engine reports an alarm through the real ingest API (always the same camera, CAM-001). */
let ingest: (priority: number) => Promise<number>;

beforeAll(async () => {
  session = await startSession();
  ingest = await nowReporter(session.server.url, session.api, {
    engineName: 'E2E alarm settings engine',
    eventPrefix: 'e2e-alarm-settings',
    background: '#8e44ad',
  });
});

afterAll(async () => {
  await session?.stop();
});

const settings = () => session.api<AlarmSettings>(ALARM_SETTINGS_API.settings);
const templates = () => session.api<AlarmTemplateItem[]>(ALARM_TEMPLATES_API.list);

/** A minimal mp3: an ID3v2.3 tag header and one MPEG-1 Layer III frame header. */
const MP3 = Buffer.concat([
  Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(256),
]);
/** The PNG signature and a bit more: a png renamed to .mp3. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

async function openSettings(page: Page) {
  await page.goto('/systemSettings/alarmSettings');
  await page.getByTestId('alarm-settings-form').waitFor();
}

async function openTemplates(page: Page) {
  await page.goto('/systemSettings/alarmTemplates');
  await page.getByTestId('alarm-templates-page').waitFor();
}

describe('alarm settings', () => {
  it('a cooldown set on the page: of two alarms of one camera the panel shows one (en-US)', async () => {
    const page = await session.loggedInPage();
    await openSettings(page);
    await page.getByTestId('alarm-settings-cooldown').fill('600');
    await page.getByTestId('alarm-settings-save').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect.poll(async () => (await settings()).cooldownSeconds).toBe(600);

    await openAlarmPanel(page);
    await waitPanelLive(page);
    const first = await ingest(120003);
    const second = await ingest(120003);
    await panelItem(page, first).waitFor({ timeout: 10_000 });
    // the second one is held back (counted), not pushed
    const note = page.getByTestId('alarm-held');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain(
      'Held back by the camera cooldown of the alarm settings: 1 more alarms',
    );
    expect(await note.innerText()).not.toContain('alarm rule');
    expect(await panelItem(page, second).count()).toBe(0);
    await page.context().close();
    await session.api(ALARM_SETTINGS_API.settings, { method: 'PUT', body: { cooldownSeconds: 0 } });
  });

  it('refuses a renamed png and takes an mp3 as the alarm sound (zh-CN)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await openSettings(page);
    await page.getByText('单摄像头冷却时间').waitFor();
    expect(await page.getByTestId('alarm-settings-sound-name').innerText()).toBe('内置声音');
    const input = page.getByTestId('alarm-settings-sound-file');
    await input.setInputFiles({ name: 'renamed.mp3', mimeType: 'audio/mpeg', buffer: PNG });
    const error = page.getByTestId('alarm-settings-sound-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('文件不是mp3音频（按文件内容检查）');
    expect((await settings()).sound).toBe('builtin');

    await input.setInputFiles({ name: 'siren.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
    await expect
      .poll(() => page.getByTestId('alarm-settings-sound-name').innerText())
      .toContain('自定义声音：siren.mp3');
    expect(await settings()).toMatchObject({
      sound: 'custom',
      soundName: 'siren.mp3',
      soundSize: MP3.length,
    });
    await page.context().close();
  });
});

describe('alarm template settings', () => {
  it('the preview follows the edit; an unknown placeholder is flagged; a save is kept (en-US)', async () => {
    const page = await session.loggedInPage();
    await openTemplates(page);
    const subject = page.getByTestId('template-subject-mail-en');
    const preview = page.getByTestId('template-preview-subject-mail-en');
    await subject.waitFor();
    expect(await preview.innerText()).toBe('[Urgent] No helmet at Gate camera 3');
    await subject.fill('Camera {{camera}} raised {{level}}');
    await expect.poll(() => preview.innerText()).toBe('Camera Gate camera 3 raised Urgent');

    const body = page.getByTestId('template-body-mail-en');
    await body.fill('See {{alarmLink}}');
    const flag = page.getByTestId('template-unknown-mail-en');
    await flag.waitFor();
    expect(await flag.innerText()).toContain('Unknown placeholder: {{alarmLink}}');
    expect(await page.getByTestId('template-save-mail-en').isDisabled()).toBe(true);

    await body.fill('See ');
    await page.getByRole('button', { name: '{{link}}' }).first().click();
    await expect.poll(() => body.inputValue()).toBe('See {{link}}');
    await expect.poll(() => flag.count()).toBe(0);
    await page.getByTestId('template-save-mail-en').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect
      .poll(async () => (await templates()).find((t) => t.channel === 'mail' && t.lang === 'en'))
      .toMatchObject({ subject: 'Camera {{camera}} raised {{level}}', body: 'See {{link}}', custom: true });
    await page.context().close();
  });

  it('an outbound Chinese template: preview and the unknown-placeholder flag (zh-CN)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await openTemplates(page);
    await page.getByTestId('template-channel-outbound').click();
    await page.getByTestId('template-lang-outbound-zh-CN').click();
    const body = page.getByTestId('template-body-outbound-zh-CN');
    await body.waitFor();
    const preview = page.getByTestId('template-preview-body-outbound-zh-CN');
    await body.fill('{{camera}}发生{{algorithm}}报警');
    await expect.poll(() => preview.innerText()).toBe('Gate camera 3发生No helmet报警');
    await body.fill('{{camera}} {{设备}} {{foo}}');
    const flag = page.getByTestId('template-unknown-outbound-zh-CN');
    await flag.waitFor();
    expect(await flag.innerText()).toContain('未知的占位符：{{foo}}');
    await page.context().close();
  });
});
