import type { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ALARM_EXPORT_COLUMNS,
  ALARM_EXPORT_SHEET,
  ALARM_STATE_LABELS,
  isPriorityCode,
  type Lang,
  PRIORITY_LABELS,
  YES_NO_LABELS,
} from '@sentinel/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';

/** Rows read per keyset query. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Newest first, spelled like the (alarm_time DESC NULLS LAST, id DESC NULLS LAST) index: a plain
 * `DESC` means NULLS FIRST, which PostgreSQL cannot serve from that index (it sorts the whole
 * match instead of reading 1,000 index entries).
 */
export const NEWEST_FIRST = [
  sql`${videoAlarm.alarmTime} desc nulls last`,
  sql`${videoAlarm.id} desc nulls last`,
] as const;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Zone offsets change on quarter-hour boundaries at the finest (DST, historical LMT aside). */
const OFFSET_BUCKET_MS = 15 * 60_000;

/**
 * 'YYYY-MM-DD HH:mm:ss' in `timeZone` (IANA name; undefined: the server's zone). Intl finds the
 * zone's offset once per quarter hour of input; the rows (newest first) mostly share it.
 */
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
  let bucket = Number.NaN;
  let offset = 0;
  return (date) => {
    const ms = date.getTime();
    const b = Math.floor(ms / OFFSET_BUCKET_MS);
    if (b !== bucket) {
      bucket = b;
      const p: Record<string, number> = {};
      for (const part of format.formatToParts(date)) p[part.type] = Number(part.value);
      const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
      offset = wall - Math.floor(ms / 1000) * 1000;
    }
    const d = new Date(ms + offset);
    return (
      `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    );
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
      .orderBy(...NEWEST_FIRST)
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { time: last.cursorTime, id: last.id };
  }
}

/** A stalled zip stream fails the export rather than waiting forever. */
const STALL_MS = 60_000;

/**
 * Backpressure for exceljs' streaming writer: a worksheet's buffer (StreamBuf) writes into the
 * zip entry stream without looking at its answer, so when deflate is slower than the database
 * the XML piles up in that entry's write buffer (measured: +140 MB at 300,000 rows). Waiting
 * here until it is back under its high-water mark keeps the memory flat whatever the row count.
 * Relies on exceljs 4 internals (`stream.pipes`, `_writableState`); without them it does nothing.
 */
export async function drained(sheet: unknown): Promise<void> {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    const state = (pipe as { _writableState?: { length: number; highWaterMark: number } })._writableState;
    const deadline = Date.now() + STALL_MS;
    while (state && state.length > state.highWaterMark) {
      if (Date.now() > deadline) throw new Error('xlsx stream stalled');
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          (pipe as EventEmitter).off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, 200);
        (pipe as EventEmitter).once('drain', done);
      });
    }
  }
}

/**
 * Writes the alarms matching `where` to `filename` with exceljs' streaming workbook writer: every
 * row is committed (flushed to the zip stream) as soon as it is added, and each batch waits for
 * the zip stream to catch up, so memory stays bounded by about one batch whatever the number of
 * alarms. Answers the number of alarm rows written.
 */
export async function writeAlarmWorkbook(
  db: Db,
  options: {
    filename: string;
    where: SQL | undefined;
    lang: Lang;
    timeZone?: string;
    batchSize?: number;
    /** Stops between batches (server shutdown): the promise rejects. */
    signal?: AbortSignal;
    /** Tests only: waits this long before each batch (SENTINEL_TEST_EXPORT_DELAY_MS). */
    delayMs?: number;
  },
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
  const pause = () =>
    options.delayMs ? sleep(options.delayMs, undefined, { signal: options.signal }) : undefined;
  await pause();
  for await (const rows of alarmBatches(db, options.where, options.batchSize)) {
    options.signal?.throwIfAborted();
    await pause();
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
    await drained(sheet);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
