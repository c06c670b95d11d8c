import type { AlgorithmRunReport, CameraDayRow, CameraRunReport, RunReportQuery } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import type { SceneAuthority } from '../../platform/scene-authority.ts';
import { dayFigures, type Interval } from './intervals.ts';
import {
  alarmsPerAlgorithmDay,
  alarmsPerCameraDay,
  algorithmCameras,
  algorithmNames,
  outagesOverlapping,
  reportCameras,
  windowsOverlapping,
} from './repo.ts';

const DAY_MS = 86_400_000;

export interface ReportDay {
  /** Days since the epoch, in the viewer's offset. */
  index: number;
  /** YYYY-MM-DD as the viewer sees it. */
  label: string;
  /** The day's bounds in UTC ms. */
  span: Interval;
}

/** The viewer's days covering [startTime, endTime] (utcOffset: minutes east of UTC). */
export function reportDays(query: Pick<RunReportQuery, 'startTime' | 'endTime' | 'utcOffset'>): ReportDay[] {
  const offset = query.utcOffset * 60_000;
  const first = Math.floor((Date.parse(query.startTime) + offset) / DAY_MS);
  const last = Math.floor((Date.parse(query.endTime) + offset) / DAY_MS);
  const days: ReportDay[] = [];
  for (let index = first; index <= last; index++) {
    const start = index * DAY_MS - offset;
    days.push({
      index,
      label: new Date(index * DAY_MS).toISOString().slice(0, 10),
      span: { start, end: start + DAY_MS },
    });
  }
  return days;
}

function bounds(days: ReportDay[]): { from: Date; to: Date } {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) throw new Error('a report has at least one day');
  return { from: new Date(first.span.start), to: new Date(last.span.end) };
}

/** cameraRunReport: per camera per day (rows ordered by camera, then day). */
export async function cameraReport(
  db: Db,
  query: RunReportQuery,
  now: number,
  auth: SceneAuthority,
): Promise<CameraRunReport> {
  const days = reportDays(query);
  const { from, to } = bounds(days);
  const cameras = await reportCameras(db, query, auth);
  const ids = cameras.map((c) => c.id);
  const [outages, windows, alarms] = await Promise.all([
    outagesOverlapping(db, ids, from, to),
    windowsOverlapping(db, ids, from, to),
    alarmsPerCameraDay(db, ids, from, to, query.utcOffset * 60_000, auth.scenes),
  ]);
  const alarmCount = new Map(alarms.map((a) => [`${a.cameraId}:${a.day}`, Number(a.alarms)]));
  const rows: CameraDayRow[] = [];
  for (const cam of cameras) {
    const own = outages
      .filter((o) => o.cameraId === cam.id)
      .map((o) => ({ start: o.startedAt.getTime(), end: o.endedAt?.getTime() ?? null }));
    const maintenance = windows
      .filter((w) => w.cameraId === null || w.cameraId === cam.id)
      .map((w) => ({ start: w.startsAt.getTime(), end: w.endsAt.getTime() }));
    for (const day of days) {
      const f = dayFigures(day.span, own, maintenance, now);
      rows.push({
        day: day.label,
        cameraId: cam.id,
        cameraName: cam.name,
        areaId: cam.areaId,
        areaName: cam.areaName ?? '',
        availability: f.availability,
        observedSeconds: Math.round(f.observedMs / 1000),
        outageSeconds: Math.round(f.outageMs / 1000),
        outages: f.outages,
        alarms: alarmCount.get(`${cam.id}:${day.index}`) ?? 0,
      });
    }
  }
  return { days: days.map((d) => d.label), rows };
}

/**
 * algorithmRunReport: per algorithm per day — alarms, false positives (state 3), the cameras bound
 * to it now (enabled scene camera + algorithm) and their mean availability (of those observed).
 */
export async function algorithmReport(
  db: Db,
  query: RunReportQuery,
  now: number,
  auth: SceneAuthority,
): Promise<AlgorithmRunReport> {
  const days = reportDays(query);
  const { from, to } = bounds(days);
  const [bindings, alarms] = await Promise.all([
    algorithmCameras(db, auth.scenes, query.algorithmId),
    alarmsPerAlgorithmDay(db, from, to, query.utcOffset * 60_000, auth.scenes, query.algorithmId),
  ]);
  const camerasOf = new Map<number, Set<number>>();
  for (const b of bindings)
    camerasOf.set(b.algorithmId, (camerasOf.get(b.algorithmId) ?? new Set()).add(b.cameraId));
  const algoIds = [
    ...new Set([...camerasOf.keys(), ...alarms.map((a) => a.algorithmId ?? 0).filter((id) => id > 0)]),
  ];
  const names = new Map((await algorithmNames(db, algoIds)).map((a) => [a.id, a.name]));
  const cameraRows = await cameraReport(db, { ...query, areaId: undefined, cameraId: undefined }, now, auth);
  const availability = new Map(cameraRows.rows.map((r) => [`${r.cameraId}:${r.day}`, r.availability]));
  const counts = new Map(alarms.map((a) => [`${a.algorithmId}:${a.day}`, a]));
  const rows = [];
  const ordered = algoIds
    .filter((id) => names.has(id))
    .sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? '') || a - b);
  for (const id of ordered) {
    const cams = [...(camerasOf.get(id) ?? [])];
    for (const day of days) {
      const seen = cams
        .map((c) => availability.get(`${c}:${day.label}`))
        .filter((v): v is number => typeof v === 'number');
      const c = counts.get(`${id}:${day.index}`);
      rows.push({
        day: day.label,
        algorithmId: id,
        algorithmName: names.get(id) ?? '',
        alarms: Number(c?.alarms ?? 0),
        falsePositives: Number(c?.falsePositives ?? 0),
        cameras: cams.length,
        availability:
          seen.length > 0 ? Math.round((seen.reduce((s, v) => s + v, 0) / seen.length) * 100) / 100 : null,
      });
    }
  }
  return { days: days.map((d) => d.label), rows };
}
