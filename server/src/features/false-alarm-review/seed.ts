import type { Db } from '../../db/client.ts';
import { copyFrame, recordValues } from './capture.ts';
import { falsePositivesWithoutRecord, insertRecord } from './repo.ts';

/**
 * Demo: every seeded false positive gets its record. The demo alarms of one camera share one
 * picture, so they share one frame copy under false-alarm/ (never removed with the alarm media).
 */
export async function seedFalseAlarmRecords(db: Db, mediaDir: string): Promise<void> {
  const alarms = await falsePositivesWithoutRecord(db);
  const frames = new Map<string, Awaited<ReturnType<typeof copyFrame>>>();
  for (const alarm of alarms) {
    let frame = frames.get(alarm.alarmImage);
    if (!frame) {
      frame = await copyFrame(mediaDir, alarm.alarmImage);
      frames.set(alarm.alarmImage, frame);
    }
    const marker = { accountId: alarm.handlerId, accountName: alarm.handler };
    await insertRecord(db, recordValues(alarm, frame, marker, alarm.handleTime ?? alarm.alarmTime));
  }
}
