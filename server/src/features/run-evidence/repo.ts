import { count, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, camera, scene } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';

/**
 * SQL of the run evidence (issue 14: alarmRunLog, sceneCameraAlgorithms). One statement per page
 * load: every scene × camera × algorithm binding with its alarms (from `video_alarm`), its camera's
 * derived state (`camera_health`), its camera's outage time (`camera_outage`) and the image checks
 * of its alarms (`image_check`), each joined laterally so the figures are computed by the database.
 */

export interface EvidenceFilter {
  sceneId?: number;
  cameraId?: number;
  algorithmId?: number;
  scenes: VisibleScenes;
}

export interface EvidenceWindow {
  /** The range of "alarms in range", image checks and outages. */
  start: Date;
  end: Date;
  /** The silence's reference time: the end, or now when the end is later. */
  reference: Date;
  now: Date;
}

export interface EvidenceRow {
  bindingId: number;
  sceneId: number;
  sceneName: string;
  cameraId: number;
  cameraName: string;
  algorithmId: number;
  algorithmName: string;
  enabled: boolean;
  cameraOnline: boolean | null;
  lastAlarmAt: Date | null;
  alarmsInRange: number;
  weekAlarms: number;
  outageSeconds: number;
  imageChecks: number;
  imageProblems: number;
  total: number;
}

interface RawRow {
  binding_id: number | string;
  scene_id: number | string;
  scene_name: string;
  camera_id: number | string;
  camera_name: string;
  algorithm_id: number | string;
  algorithm_name: string;
  enabled: boolean;
  camera_online: boolean | null;
  last_alarm_at: string | Date | null;
  alarms_in_range: number | string;
  week_alarms: number | string;
  outage_seconds: number | string | null;
  image_checks: number | string;
  image_problems: number | string;
  total: number | string;
}

const WEEK_MS = 7 * 86_400_000;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function whereOf(f: EvidenceFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.sceneId !== undefined) c.push(sql`s.id = ${f.sceneId}`);
  if (f.cameraId !== undefined) c.push(sql`c.id = ${f.cameraId}`);
  if (f.algorithmId !== undefined) c.push(sql`a.id = ${f.algorithmId}`);
  if (f.scenes !== 'all') {
    c.push(
      f.scenes.length === 0
        ? sql`false`
        : sql`s.id in (${sql.join(
            f.scenes.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  return sql.join(c, sql` and `);
}

/** The bindings (ordered by scene, camera, algorithm) with their evidence; `total` before paging. */
export async function bindingEvidence(
  db: Db,
  f: EvidenceFilter,
  w: EvidenceWindow,
  page: { limit: number; offset: number },
): Promise<EvidenceRow[]> {
  const weekStart = new Date(w.reference.getTime() - WEEK_MS);
  const result = await db.execute(sql`
    select b.*, al.alarms_in_range, al.week_alarms, al.last_alarm_at,
      h.online as camera_online, o.outage_seconds, im.image_checks, im.image_problems
    from (
      select sca.id as binding_id, s.id as scene_id, s.name as scene_name, c.id as camera_id,
        c.name as camera_name, a.id as algorithm_id, a.name as algorithm_name,
        (sca.enabled and sc.enabled and s.enabled) as enabled, count(*) over () as total
      from scene_camera_algorithm sca
      join scene_camera sc on sc.id = sca.scene_camera_id
      join scene s on s.id = sc.scene_id
      join camera c on c.id = sc.camera_id
      join algorithm a on a.id = sca.algorithm_id
      where ${whereOf(f)}
      order by s.name, s.id, c.name, c.id, a.name, a.id
      limit ${page.limit} offset ${page.offset}
    ) b
    left join camera_health h on h.camera_id = b.camera_id
    left join lateral (
      select
        count(*) filter (where va.alarm_time >= ${ts(w.start)} and va.alarm_time <= ${ts(w.end)}) as alarms_in_range,
        count(*) filter (where va.alarm_time > ${ts(weekStart)}) as week_alarms,
        max(va.alarm_time) as last_alarm_at
      from video_alarm va
      where va.scene_id = b.scene_id and va.camera_id = b.camera_id and va.algorithm_id = b.algorithm_id
        and va.alarm_time <= ${ts(w.reference)}
    ) al on true
    left join lateral (
      select sum(extract(epoch from (
        least(coalesce(co.ended_at, ${ts(w.now)}), ${ts(w.end)}) - greatest(co.started_at, ${ts(w.start)})
      ))) as outage_seconds
      from camera_outage co
      where co.camera_id = b.camera_id and co.started_at < ${ts(w.end)}
        and coalesce(co.ended_at, ${ts(w.now)}) > ${ts(w.start)}
    ) o on true
    left join lateral (
      select count(*) as image_checks, count(ic.problem) as image_problems
      from image_check ic
      join video_alarm va on va.id = ic.record_id
      where ic.source = 'alarm' and va.scene_id = b.scene_id and va.camera_id = b.camera_id
        and va.algorithm_id = b.algorithm_id
        and ic.occurred_at >= ${ts(w.start)} and ic.occurred_at <= ${ts(w.end)}
    ) im on true
    order by b.scene_name, b.scene_id, b.camera_name, b.camera_id, b.algorithm_name, b.algorithm_id
  `);
  // The drivers type execute's result differently; both answer `rows`.
  const rows = (result as unknown as { rows: RawRow[] }).rows;
  return rows.map((r) => ({
    bindingId: Number(r.binding_id),
    sceneId: Number(r.scene_id),
    sceneName: r.scene_name,
    cameraId: Number(r.camera_id),
    cameraName: r.camera_name,
    algorithmId: Number(r.algorithm_id),
    algorithmName: r.algorithm_name,
    enabled: r.enabled,
    cameraOnline: r.camera_online,
    lastAlarmAt: r.last_alarm_at === null ? null : new Date(r.last_alarm_at),
    alarmsInRange: Number(r.alarms_in_range ?? 0),
    weekAlarms: Number(r.week_alarms ?? 0),
    outageSeconds: Math.max(0, Number(r.outage_seconds ?? 0)),
    imageChecks: Number(r.image_checks ?? 0),
    imageProblems: Number(r.image_problems ?? 0),
    total: Number(r.total),
  }));
}

/** Whether the filter's scene, camera and algorithm exist (one query); the first missing one. */
export async function missingFilter(
  db: Db,
  f: Pick<EvidenceFilter, 'sceneId' | 'cameraId' | 'algorithmId'>,
): Promise<'scene' | 'camera' | 'algorithm' | undefined> {
  if (f.sceneId === undefined && f.cameraId === undefined && f.algorithmId === undefined) return undefined;
  const n = (table: typeof scene | typeof camera | typeof algorithm, id: number | undefined) =>
    id === undefined
      ? sql<number>`1`
      : sql<number>`(${db
          .select({ n: count() })
          .from(table)
          .where(inArray(table.id, [id]))})`;
  const [row] = await db
    .select({
      scene: n(scene, f.sceneId),
      camera: n(camera, f.cameraId),
      algorithm: n(algorithm, f.algorithmId),
    })
    .from(sql`(select 1) as one`);
  if (Number(row?.scene) === 0) return 'scene';
  if (Number(row?.camera) === 0) return 'camera';
  if (Number(row?.algorithm) === 0) return 'algorithm';
  return undefined;
}
