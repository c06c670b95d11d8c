import {
  ALARM_EXPORT_COLUMNS,
  ALARM_EXPORT_SHEET,
  ALARM_STATE_LABELS,
  isPriorityCode,
  type Lang,
  PRIORITY_LABELS,
  YES_NO_LABELS,
} from '@sentinel/contract';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';

/** Rows read per keyset query. */
export const EXPORT_BATCH_SIZE = 1000;

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone` (IANA name; undefined: the server's zone). */
export function timeFormatter(timeZone?: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(date)) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

const exportColumns = {
  id: videoAlarm.id,
  alarmTime: videoAlarm.alarmTime,
  /** The exact stored time (microseconds) for the keyset cursor. */
  cursorTime: sql<string>`${videoAlarm.alarmTime}::text`,
  priority: videoAlarm.priority,
  type: videoAlarm.videoAlarmTypeName,
  scene: videoAlarm.sceneName,
  camera: videoAlarm.cameraName,
  area: videoAlarm.areaName,
  plant: videoAlarm.factoryName,
  state: videoAlarm.alarmState,
  falsePositive: videoAlarm.falsePositive,
  comment: videoAlarm.stateComments,
  handler: videoAlarm.handler,
  approver: videoAlarm.approver,
};

/**
 * Newest-first batches of the alarms matching `where`, read with a keyset cursor on
 * (alarm_time, id) so every batch is an index range scan whatever the depth.
 */
export async function* alarmBatches(db: Db, where: SQL | undefined, batchSize = EXPORT_BATCH_SIZE) {
  let cursor: { time: string; id: number } | undefined;
  for (;;) {
    const after = cursor
      ? sql`(${videoAlarm.alarmTime}, ${videoAlarm.id}) < (${cursor.time}::timestamptz, ${cursor.id})`
      : undefined;
    const rows = await db
      .select(exportColumns)
      .from(videoAlarm)
      .where(and(where, after))
      .orderBy(desc(videoAlarm.alarmTime), desc(videoAlarm.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { time: last.cursorTime, id: last.id };
  }
}

/**
 * Writes the alarms matching `where` to `filename` with exceljs' streaming workbook writer: every
 * row is committed (flushed to the zip stream) as soon as it is added, so memory stays bounded by
 * one batch whatever the number of alarms. Answers the number of alarm rows written.
 */
export async function writeAlarmWorkbook(
  db: Db,
  options: { filename: string; where: SQL | undefined; lang: Lang; timeZone?: string; batchSize?: number },
): Promise<number> {
  const { lang } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: options.filename,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(ALARM_EXPORT_SHEET[lang]);
  sheet.columns = ALARM_EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  sheet.addRow(ALARM_EXPORT_COLUMNS.map((c) => c.title[lang])).commit();
  const time = timeFormatter(options.timeZone);
  const yes = YES_NO_LABELS.yes[lang];
  const no = YES_NO_LABELS.no[lang];
  let written = 0;
  for await (const rows of alarmBatches(db, options.where, options.batchSize)) {
    for (const r of rows) {
      sheet
        .addRow([
          r.id,
          time(r.alarmTime),
          isPriorityCode(r.priority) ? PRIORITY_LABELS[r.priority][lang] : String(r.priority),
          r.type,
          r.scene,
          r.camera,
          r.area,
          r.plant,
          ALARM_STATE_LABELS[r.state]?.[lang] ?? String(r.state),
          r.falsePositive ? yes : no,
          r.comment,
          r.handler,
          r.approver,
        ])
        .commit();
    }
    written += rows.length;
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
