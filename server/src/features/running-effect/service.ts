import type {
  AvailabilityPoint,
  CameraAvailability,
  RunningEffect,
  RunningEffectQuery,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { SceneAuthority } from '../../platform/scene-authority.ts';
import { alarmAnalysisOf, efficiencyAnalysisOf } from '../analysis/index.ts';
import { listOutages } from '../camera-health/index.ts';
import { falsePositiveRates } from '../false-alarm-review/index.ts';
import { cameraReport } from '../run-reports/index.ts';

/** Share of `observed` not lost to `down` (0 … 1, four decimals); null when nothing was observed. */
const share = (observed: number, down: number) =>
  observed > 0 ? Math.round(((observed - down) / observed) * 10_000) / 10_000 : null;

/**
 * Camera availability of the range: per day from the camera run report (maintenance windows
 * excluded, outages cut to the day and to now), and the number of outages overlapping the range
 * as Self-check › Camera error log counts them (its own query, so a click there shows that count).
 */
async function camerasOf(
  app: FastifyInstance,
  query: RunningEffectQuery,
  auth: SceneAuthority,
  dayTimes: string[],
): Promise<CameraAvailability> {
  const now = app.appConfig.now();
  const range = { startTime: query.startTime, endTime: query.endTime, utcOffset: query.utcOffset };
  const [report, outages] = await Promise.all([
    cameraReport(app.db, range, now.getTime(), auth),
    listOutages(app.db, auth, { page: 1, limit: 1, ...range }, now),
  ]);
  const perDay = new Map<string, { observed: number; down: number; outages: number }>();
  const cameras = new Set<number>();
  for (const row of report.rows) {
    cameras.add(row.cameraId);
    const day = perDay.get(row.day) ?? { observed: 0, down: 0, outages: 0 };
    day.observed += row.observedSeconds;
    day.down += row.outageSeconds;
    day.outages += row.outages;
    perDay.set(row.day, day);
  }
  // The report's days are the viewer's days of the range, as the alarm trend's day buckets.
  const trend: AvailabilityPoint[] = report.days.map((day, i) => {
    const f = perDay.get(day) ?? { observed: 0, down: 0, outages: 0 };
    return {
      time: dayTimes[i] ?? day,
      outages: f.outages,
      downSeconds: f.down,
      availability: share(f.observed, f.down),
    };
  });
  let observed = 0;
  let down = 0;
  for (const f of perDay.values()) {
    observed += f.observed;
    down += f.down;
  }
  return {
    cameras: cameras.size,
    outages: outages.count,
    downSeconds: down,
    availability: share(observed, down),
    trend,
  };
}

/**
 * The running effect of a range (issue 15 §3), composed of the analyses' own computations: the
 * alarm analysis (totals and the daily trend, from the rollups), the efficiency analysis (handling
 * and approval times), the false-positive rates of the false-alarm review (per algorithm and
 * version) and the camera run report with the camera error log's count.
 */
export async function runningEffectOf(
  app: FastifyInstance,
  query: RunningEffectQuery,
  auth: SceneAuthority,
): Promise<RunningEffect> {
  const daily = { ...query, granularity: 'day' as const };
  const filters = { scenes: auth.scenes };
  const now = app.appConfig.now().getTime();
  const [alarms, efficiency, falsePositive] = await Promise.all([
    alarmAnalysisOf(app.db, daily, filters, now),
    efficiencyAnalysisOf(app.db, daily, auth.scenes),
    falsePositiveRates(app.db, { startTime: query.startTime, endTime: query.endTime }, auth.scenes),
  ]);
  const cameras = await camerasOf(
    app,
    query,
    auth,
    alarms.trend.map((p) => p.time),
  );
  return {
    alarms: {
      total: alarms.total,
      untreated: alarms.untreated,
      falsePositive: alarms.falsePositive,
      granularity: alarms.granularity,
      trend: alarms.trend,
    },
    handling: { overall: efficiency.overall, approval: efficiency.approval, byLevel: efficiency.byLevel },
    falsePositive,
    cameras,
  };
}
