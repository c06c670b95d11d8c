import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  fixedOperation,
  historyAssignment,
  jobType,
  plantNode,
  scene,
  temporaryJob,
} from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';

/** About 30 days of job runs: ~150 across the demo scenes. */
export const DEMO_RUN_DAYS = 30;
export const DEMO_RUNS = 150;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Deterministic generator (mulberry32) so every demo database has the same runs. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayCode = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

interface DemoScene {
  id: number;
  name: string;
  kind: string;
  areaId: number | null;
  areaName: string;
  fixedOperationId: number | null;
  jobName: string;
  /** Share of the runs (job scenes run more jobs than general ones). */
  weight: number;
}

/** The scene at `roll` (0 ≤ roll < total weight) of the weighted list. */
function pickScene(demo: DemoScene[], roll: number): DemoScene {
  let left = roll;
  for (const d of demo) {
    left -= d.weight;
    if (left <= 0) return d;
  }
  return demo[demo.length - 1] as DemoScene;
}

/** Completed states: mostly normal, some violations, a few undetermined. */
function finalState(roll: number): 2 | 3 | 4 {
  if (roll < 0.74) return 2;
  if (roll < 0.9) return 3;
  return 4;
}

/**
 * Demo job runs over the last 30 days (called by demo-seed.ts before the alarm and event
 * seeds): job scenes run their fixed operation, the temporary scene its temporary job, general
 * scenes daily inspections. Completed runs mix normal (≈¾), violation and undetermined; the
 * latest run of the two job scenes is still running and one inspection is not started yet.
 * Alarms and events are linked afterwards by `linkDemoRuns`.
 */
export async function seedJobRuns(db: Db, _context: DemoSeedContext): Promise<void> {
  const scenes = await db
    .select({
      id: scene.id,
      name: scene.name,
      kind: scene.kind,
      areaId: scene.areaId,
      areaName: plantNode.name,
      fixedOperationId: fixedOperation.id,
      jobTypeName: jobType.name,
      temporaryName: temporaryJob.name,
    })
    .from(scene)
    .leftJoin(plantNode, eq(plantNode.id, scene.areaId))
    .leftJoin(fixedOperation, eq(fixedOperation.sceneId, scene.id))
    .leftJoin(jobType, eq(jobType.id, scene.jobTypeId))
    .leftJoin(temporaryJob, eq(temporaryJob.sceneId, scene.id))
    .orderBy(asc(scene.id));
  if (scenes.length === 0) return;
  const demo: DemoScene[] = scenes.map((s) => ({
    id: s.id,
    name: s.name,
    kind: s.kind,
    areaId: s.areaId,
    areaName: s.areaName ?? '',
    fixedOperationId: s.fixedOperationId,
    jobName:
      s.kind === 'job'
        ? (s.jobTypeName ?? '固定作业')
        : s.kind === 'temporary'
          ? (s.temporaryName ?? s.jobTypeName ?? '临时作业')
          : `${s.areaName || s.name}日常巡检`,
    weight: s.kind === 'job' ? 3 : s.kind === 'temporary' ? 1 : 1.5,
  }));
  const totalWeight = demo.reduce((a, s) => a + s.weight, 0);
  const random = generator(20_240_601);
  const now = Date.now();
  const rows: (typeof historyAssignment.$inferInsert)[] = [];

  for (let i = 0; i < DEMO_RUNS; i++) {
    const s = pickScene(demo, random() * totalWeight);
    // Spread evenly over the window, oldest first, during the day shift (07–17 h).
    const day = new Date(now - DEMO_RUN_DAYS * DAY + (i / DEMO_RUNS) * DEMO_RUN_DAYS * DAY);
    day.setHours(7 + Math.floor(random() * 10), Math.floor(random() * 60), Math.floor(random() * 60), 0);
    const start = new Date(Math.min(day.getTime(), now - 3 * HOUR));
    // 30 min to 4 h, ended at least 10 minutes ago.
    const minutes = 30 + Math.floor(random() * 210);
    const end = new Date(Math.min(start.getTime() + minutes * 60_000, now - 10 * 60_000));
    const state = finalState(random());
    rows.push({
      jobName: s.jobName,
      sceneId: s.id,
      sceneName: s.name,
      fixedOperationId: s.fixedOperationId,
      areaId: s.areaId,
      areaName: s.areaName,
      state,
      detection: state === 3 || (state === 4 && random() < 0.3) ? 1 : 0,
      startTime: start,
      endTime: end,
      createdAt: start,
      updatedAt: end,
    });
  }

  // Today: the job scenes are at work, and an inspection waits to start.
  for (const s of demo.filter((d) => d.kind === 'job')) {
    const start = new Date(now - (40 + Math.floor(random() * 60)) * 60_000);
    rows.push({
      jobName: s.jobName,
      sceneId: s.id,
      sceneName: s.name,
      fixedOperationId: s.fixedOperationId,
      areaId: s.areaId,
      areaName: s.areaName,
      state: 1,
      detection: 0,
      startTime: start,
      endTime: null,
      createdAt: start,
      updatedAt: start,
    });
  }
  const general = demo.find((d) => d.kind === 'general');
  if (general) {
    rows.push({
      jobName: general.jobName,
      sceneId: general.id,
      sceneName: general.name,
      areaId: general.areaId,
      areaName: general.areaName,
      state: 0,
      detection: 0,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
  // Job numbers count each day's runs in order of their start.
  const at = (r: (typeof rows)[number]) => (r.startTime ?? r.createdAt ?? new Date(now)).getTime();
  rows.sort((a, b) => at(a) - at(b));
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const code = dayCode(new Date(at(r)));
    const seq = (perDay.get(code) ?? 0) + 1;
    perDay.set(code, seq);
    r.jobNumber = `ZY-${code}-${pad(seq, 3)}`;
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db.insert(historyAssignment).values(rows.slice(i, i + 200));
  }
}

/**
 * Links the demo alarms and events to the demo runs (for demo-seed.ts to call AFTER the alarm
 * and event seeds): an alarm or event of a run's scene during the run (start to end, or now while
 * it runs) gets the run's id (and alarms its job number); a run with alarms is a detected violation.
 * Answers the number of linked alarms and events.
 */
export async function linkDemoRuns(db: Db): Promise<{ alarms: number; events: number }> {
  // pg answers rowCount, PGlite affectedRows.
  const rowsOf = (result: unknown) => {
    const r = result as { rowCount?: number | null; affectedRows?: number | null };
    return Number(r.rowCount ?? r.affectedRows ?? 0);
  };
  const alarms = await db.execute(sql`
    UPDATE video_alarm a SET history_assignment_id = h.id, job_number = h.job_number
    FROM history_assignment h
    WHERE a.history_assignment_id IS NULL AND h.scene_id = a.scene_id AND h.start_time IS NOT NULL
      AND a.alarm_time >= h.start_time AND a.alarm_time <= coalesce(h.end_time, now())`);
  const events = await db.execute(sql`
    UPDATE event_record e SET history_assignment_id = h.id
    FROM history_assignment h
    WHERE e.history_assignment_id IS NULL AND h.scene_id = e.scene_id AND h.start_time IS NOT NULL
      AND e.event_time >= h.start_time AND e.event_time <= coalesce(h.end_time, now())`);
  await db.execute(sql`
    UPDATE history_assignment h SET detection = 1
    WHERE h.detection = 0 AND EXISTS (SELECT 1 FROM video_alarm a WHERE a.history_assignment_id = h.id)`);
  return { alarms: rowsOf(alarms), events: rowsOf(events) };
}
