import {
  ACCOUNT_SETTINGS_API,
  ALARM_API,
  type AlarmDetail,
  DUTY_ROSTER_API,
  type DutyShift,
  LICENCE_API,
  type LicenceNotice,
  type OnDutyEntry,
  SCENE_API,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption } from './support/ui.ts';

let session: Session;
let sceneName = '';
let sceneId = 0;

beforeAll(async () => {
  session = await startSession();
  const scenes = await session.api<{ id: number; name: string }[]>(SCENE_API.listAll, {
    method: 'POST',
    body: { kind: 'general' },
  });
  sceneName = scenes[0]?.name ?? '';
  sceneId = scenes[0]?.id ?? 0;
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  {
    lang: 'en-US',
    licensee: 'Coking plant No. 1',
    over: 'cameras are enabled but the license covers',
    add: 'Add shift',
    onDuty: 'On duty now',
    overlap: 'overlap another shift',
    sat: 'Sat',
    sun: 'Sun',
    dutyLabel: 'On duty:',
  },
  {
    lang: 'zh-CN',
    licensee: '焦化一厂',
    over: '超出许可证授权的',
    add: '新增班次',
    onDuty: '当前值班',
    overlap: '时间重叠',
    sat: '周六',
    sun: '周日',
    dutyLabel: '值班人员：',
  },
] as const;

describe('licence settings and the duty roster', () => {
  it.each(LANGS)(
    'licence: id and V3.8 shown; fewer channels than enabled cameras warns here and on the camera list ($lang)',
    async (l) => {
      const { enabledCameras } = await session.api<LicenceNotice>(LICENCE_API.notice);
      expect(enabledCameras).toBeGreaterThan(1);
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/licenseSettings');
      await page.getByTestId('licence-page').waitFor();
      expect(await page.getByTestId('licence-version').innerText()).toBe('V3.8');
      expect(await page.getByTestId('licence-installation-id').innerText()).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.getByTestId('licence-enabled').innerText()).toBe(String(enabledCameras));

      await page.getByTestId('licence-licensee').fill(l.licensee);
      await page.getByTestId('licence-channels').fill(String(enabledCameras - 1));
      await page.getByTestId('licence-save').click();
      await expect.poll(() => page.getByTestId('licence-warning').innerText()).toContain(l.over);

      await page.goto('/deviceManagement/cameraSet');
      await expect.poll(() => page.getByTestId('licence-banner').innerText()).toContain(l.over);

      // Enough channels: no banner.
      await session.api(LICENCE_API.update, {
        method: 'PUT',
        body: { licensee: l.licensee, licensedChannels: enabledCameras + 10 },
      });
      await page.reload();
      await page.getByTestId('camera-set-page').waitFor();
      expect(await page.getByTestId('licence-banner').count()).toBe(0);
      await page.close();
    },
  );

  it.each(LANGS)(
    'roster: an all-week shift puts the operator on duty now; an overlapping one is flagged ($lang)',
    async (l) => {
      for (const shift of await session.api<DutyShift[]>(DUTY_ROSTER_API.list)) {
        await session.api(DUTY_ROSTER_API.remove(shift.id), { method: 'DELETE' });
      }
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/operationsManagement');
      await page.getByTestId('operations-page').waitFor();
      await page.getByTestId('on-duty-now-empty').waitFor();

      const add = page.getByTestId('duty-shift-add');
      expect(await add.innerText()).toContain(l.add);
      await add.click();
      await pickOption(page, 'duty-shift-account', 'admin', { search: true, exact: false });
      await pickOption(page, 'duty-shift-scenes', sceneName);
      await page.keyboard.press('Escape');
      const weekdays = page.getByTestId('duty-shift-weekdays');
      await weekdays.getByText(l.sat).click();
      await weekdays.getByText(l.sun).click();
      const times = page.locator('.ant-drawer .ant-picker input');
      for (const input of [times.first(), times.last()]) {
        await input.click();
        await input.fill('00:00');
        await page.keyboard.press('Enter');
      }
      await page.getByTestId('duty-shift-save').click();

      const shifts = await expect
        .poll(async () => (await session.api<DutyShift[]>(DUTY_ROSTER_API.list)).length)
        .toBe(1)
        .then(() => session.api<DutyShift[]>(DUTY_ROSTER_API.list));
      const shift = shifts[0];
      expect(shift).toMatchObject({
        kind: 'weekly',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startMinute: 0,
        endMinute: 1440,
      });
      await expect
        .poll(() => page.getByTestId(`duty-shift-row-${shift?.id}`).innerText())
        .toContain(l.onDuty);
      await expect.poll(() => page.getByTestId(`on-duty-scene-${sceneId}`).innerText()).toContain(sceneName);

      // The same operator again on the same scene: both shifts are flagged.
      await session.api(DUTY_ROSTER_API.create, {
        method: 'POST',
        body: { ...shift, accountId: shift?.accountId, sceneIds: [sceneId], note: 'double' },
      });
      await page.reload();
      await expect.poll(() => page.getByTestId('duty-overlap-warning').innerText()).toContain(l.overlap);
      await page.getByTestId(`duty-shift-${shift?.id}-overlap`).waitFor();
      await page.close();
    },
  );

  it.each(LANGS)(
    "the alarm detail dialog names the operators on duty for the alarm's scene ($lang)",
    async (l) => {
      const report = await nowReporter(session.server.url, session.api, {
        engineName: `duty-${l.lang}`,
        eventPrefix: `duty-${l.lang}`,
        background: '#336699',
      });
      const id = await report(120002);
      const alarm = await session.api<AlarmDetail>(ALARM_API.detail(id));
      if (alarm.sceneId === null) throw new Error('the demo camera is in no scene');
      const me = (await session.api<{ id: number }>(ACCOUNT_SETTINGS_API.profile)).id;
      await session.api(DUTY_ROSTER_API.create, {
        method: 'POST',
        body: {
          accountId: me,
          sceneIds: [alarm.sceneId],
          kind: 'dated',
          startAt: new Date(Date.now() - 3_600_000).toISOString(),
          endAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      const [entry] = await session.api<OnDutyEntry[]>(DUTY_ROSTER_API.sceneNow(alarm.sceneId));
      const name = entry?.displayName || entry?.accountName || '';
      expect(name).not.toBe('');

      const page = await session.loggedInPage(l.lang);
      await page.goto('/historyRecords/historyAlarm');
      await page.getByTestId(`alarm-${id}-view`).click();
      await page.getByTestId(`alarm-detail-${id}`).waitFor();
      await expect.poll(() => page.getByTestId('scene-on-duty').innerText()).toContain(l.dutyLabel);
      await expect.poll(() => page.getByTestId('scene-on-duty').innerText()).toContain(name);
      await page.close();
    },
  );
});
