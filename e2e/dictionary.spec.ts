import {
  ALARM_API,
  DICTIONARY_API,
  type DictionaryType,
  FALSE_ALARM_REVIEW_API,
  type FalseAlarmRecordItem,
  type FalseAlarmRecordList,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, waitForToast } from './support/ui.ts';

let session: Session;
let key = '';
let refs: { cameraId: number; algorithmId: number };
let frame: Buffer;

beforeAll(async () => {
  session = await startSession();
  key = await createEngineKey(session.api, 'e2e-dictionary');
  refs = await demoRefs(session.api);
  frame = await solidImage('#4a6b3d', { width: 320, height: 180, format: 'jpeg' });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

/** A pending false-alarm record: an alarm reported and marked false positive. */
async function pendingRecord(): Promise<{ alarmId: number; record: FalseAlarmRecordItem }> {
  const alarmId = await ingestAlarm(
    session.server.url,
    key,
    {
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      priority: '120002',
      eventId: uniqueEventId('e2e-dict'),
      alarmTime: new Date().toISOString(),
      alarmResult: 'E2E dictionary',
    },
    { image: frame },
  );
  await session.api(ALARM_API.cancel(alarmId), { method: 'POST', body: {} });
  const list = await session.api<FalseAlarmRecordList>(FALSE_ALARM_REVIEW_API.list, {
    method: 'POST',
    body: { page: 1, limit: 50 },
  });
  const record = list.list.find((r) => r.alarmId === alarmId);
  if (!record) throw new Error(`no record for alarm ${alarmId}`);
  return { alarmId, record };
}

const LANGS = [
  {
    lang: 'en-US',
    saved: 'Saved successfully',
    reviewed: 'Review saved',
    inUse: 'is used by 1 records',
    label: 'labelEn',
  },
  { lang: 'zh-CN', saved: '保存成功', reviewed: '审核已保存', inUse: '已被1条记录使用', label: 'labelZh' },
] as const;

describe('dictionary', () => {
  it.each(LANGS)(
    'a new false-positive reason appears in the open review without a reload, is saved, and cannot be deleted while used ($lang)',
    async (l) => {
      const { alarmId, record } = await pendingRecord();
      const types = await session.api<DictionaryType[]>(DICTIONARY_API.types);
      const reasons = types.find((t) => t.code === 'falseAlarmReason');
      if (!reasons) throw new Error('no falseAlarmReason type');
      const value = `e2e${l.lang.replace('-', '')}${Date.now().toString(36)}`;
      const labels = { labelEn: `Spider web ${value}`, labelZh: `蜘蛛网 ${value}` };

      // The reviewer has the record open.
      const reviewer = await session.loggedInPage(l.lang);
      await reviewer.goto('/AIOpenPlatform/FalseAlarmRecord');
      await reviewer.getByTestId(`false-alarm-${alarmId}-review`).click();
      const radios = reviewer.getByTestId('false-alarm-reason');
      await radios.getByTestId('false-alarm-reason-background').waitFor();
      expect(await radios.getByTestId(`false-alarm-reason-${value}`).count()).toBe(0);

      // An administrator adds the reason in the catalogue.
      const admin = await session.loggedInPage(l.lang);
      await admin.goto('/systemSettings/dictionary');
      await admin.getByTestId(`dict-types-row-${reasons.id}`).click();
      await admin.getByTestId('dict-item-background-edit').waitFor();
      await admin.getByTestId('dict-item-add').click();
      await admin.locator('#dictItem_value').fill(value);
      await admin.locator('#dictItem_labelEn').fill(labels.labelEn);
      await admin.locator('#dictItem_labelZh').fill(labels.labelZh);
      await admin.getByTestId('dict-item-save').click();
      await waitForToast(admin, l.saved);
      await admin.getByTestId(`dict-item-${value}-edit`).waitFor();

      // The open review shows it at once, labelled in the UI language, and saves it.
      // (The test id sits on the radio's input; the label is the radio's accessible name.)
      await radios.getByTestId(`false-alarm-reason-${value}`).waitFor({ state: 'attached', timeout: 15_000 });
      const option = radios.getByRole('radio', { name: labels[l.label] });
      await option.check();
      await reviewer.getByTestId('false-alarm-accept').click();
      await waitForToast(reviewer, l.reviewed);
      await expect
        .poll(
          async () => (await session.api<FalseAlarmRecordItem>(FALSE_ALARM_REVIEW_API.one(record.id))).reason,
        )
        .toBe(value);

      // Now in use: deleting is refused with the count; disabling works.
      await admin.getByTestId(`dict-item-${value}-delete`).click();
      await confirmModal(admin);
      await waitForToast(admin, l.inUse);
      await admin.getByTestId(`dict-item-${value}-enabled`).click();
      await expect
        .poll(async () =>
          (await session.api<{ value: string }[]>(DICTIONARY_API.options('falseAlarmReason'))).map(
            (o) => o.value,
          ),
        )
        .not.toContain(value);
      await reviewer.close();
      await admin.close();
    },
  );
});
