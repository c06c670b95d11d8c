import type {
  CameraCheckItem,
  CameraHealthItem,
  CameraHealthListQuery,
  CameraState,
  OutageItem,
  OutageListQuery,
  SnapshotItem,
  SnapshotListQuery,
} from '@sentinel/contract';
import { and, count, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera } from '../../db/schema/index.ts';
import { cameraCheck, cameraHealth, cameraOutage } from '../../db/schema/self-check.ts';
import { mediaUrl } from '../../platform/media.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const paging = (q: { page: number; limit: number }) => ({
  limit: q.limit,
  offset: pageOffset(q.page, q.limit),
});

/** How a camera's state is shown: no health row yet is unknown. */
const stateOf = (hasHealth: boolean, online: boolean | null): CameraState =>
  !hasHealth ? 'unknown' : online ? 'online' : 'offline';

function stateCondition(state: CameraState | undefined): SQL | undefined {
  if (state === 'unknown') return isNull(cameraHealth.cameraId);
  if (state === 'online') return eq(cameraHealth.online, true);
  if (state === 'offline') return and(isNotNull(cameraHealth.cameraId), eq(cameraHealth.online, false));
  return undefined;
}

/**
 * Uptime of the last 24 h in percent (one decimal): the window from 24 h ago (or the camera's
 * first check, when later) to now, minus its outages clipped to it (an open one runs to now).
 */
function uptimeSql(now: Date): SQL<number | null> {
  const nowText = now.toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  return sql<number | null>`(
    with win as (
      select greatest(${dayAgo}::timestamptz, coalesce(
        (select min(c.checked_at) from ${cameraCheck} c where c.camera_id = ${camera.id}),
        ${dayAgo}::timestamptz)) as s, ${nowText}::timestamptz as e
    )
    select case when ${cameraHealth.cameraId} is null or win.e <= win.s then null else round((100 * greatest(0,
      1 - coalesce((select sum(extract(epoch from (least(coalesce(o.ended_at, win.e), win.e) - greatest(o.started_at, win.s))))
        from ${cameraOutage} o where o.camera_id = ${camera.id} and o.started_at < win.e
          and coalesce(o.ended_at, win.e) > win.s), 0) / extract(epoch from (win.e - win.s))))::numeric, 1)::float8 end
    from win)`;
}

export interface CameraTargetInfo {
  target: CameraHealthItem['target'];
  demoRunning: boolean | null;
}

/** The cameras of the self-check list with their derived state (cameraRecord). */
export async function listCameraHealth(
  db: Db,
  auth: SceneAuthority,
  query: CameraHealthListQuery,
  now: Date,
  targetInfo: (cam: { id: number; mainStreamUrl: string }) => CameraTargetInfo,
): Promise<{ list: CameraHealthItem[]; count: number }> {
  const where = and(
    cameraCondition(auth),
    query.cameraId === undefined ? undefined : eq(camera.id, query.cameraId),
    keywordMatch(query.keyword, [camera.name, camera.code]),
    stateCondition(query.state),
  );
  const { limit, offset } = paging(query);
  const rows = await db
    .select({
      id: camera.id,
      name: camera.name,
      code: camera.code,
      mainStreamUrl: camera.mainStreamUrl,
      health: cameraHealth.cameraId,
      online: cameraHealth.online,
      since: cameraHealth.since,
      lastEvidenceAt: cameraHealth.lastEvidenceAt,
      lastEvidenceKind: cameraHealth.lastEvidenceKind,
      lastFailureAt: cameraHealth.lastFailureAt,
      lastError: cameraHealth.lastError,
      openCause: cameraOutage.cause,
      uptime: uptimeSql(now),
    })
    .from(camera)
    .leftJoin(cameraHealth, eq(cameraHealth.cameraId, camera.id))
    .leftJoin(cameraOutage, and(eq(cameraOutage.cameraId, camera.id), isNull(cameraOutage.endedAt)))
    .where(where)
    .orderBy(sql`${cameraHealth.online} asc nulls last`, camera.id)
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(camera)
    .leftJoin(cameraHealth, eq(cameraHealth.cameraId, camera.id))
    .where(where);
  const list = rows.map((r): CameraHealthItem => {
    const info = targetInfo(r);
    return {
      cameraId: r.id,
      name: r.name,
      code: r.code,
      target: info.target,
      demoRunning: info.demoRunning,
      state: stateOf(r.health !== null, r.online),
      since: iso(r.since),
      lastEvidenceAt: iso(r.lastEvidenceAt),
      lastEvidenceKind: r.lastEvidenceKind,
      lastFailureAt: iso(r.lastFailureAt),
      lastError: r.lastError,
      uptimePercent: r.uptime === null ? null : Number(r.uptime),
      openOutageCause:
        r.openCause === 'stream' || r.openCause === 'engine' || r.openCause === 'server' ? r.openCause : null,
    };
  });
  return { list, count: total?.n ?? 0 };
}

type CheckRecord = typeof cameraCheck.$inferSelect;

export function checkItem(r: CheckRecord): CameraCheckItem {
  return {
    id: r.id,
    cameraId: r.cameraId,
    checkedAt: r.checkedAt.toISOString(),
    kind: r.kind,
    ok: r.ok,
    latencyMs: r.latencyMs,
    error: r.error,
    detail: r.detail ?? null,
    imageUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
  };
}

/** A camera's checks, newest first. */
export async function listChecks(
  db: Db,
  query: { page: number; limit: number; cameraId: number; kind?: 'stream' | 'snapshot' },
): Promise<{ list: CameraCheckItem[]; count: number }> {
  const where = and(
    eq(cameraCheck.cameraId, query.cameraId),
    query.kind ? eq(cameraCheck.kind, query.kind) : undefined,
  );
  const { limit, offset } = paging(query);
  const rows = await db
    .select()
    .from(cameraCheck)
    .where(where)
    .orderBy(desc(cameraCheck.checkedAt), desc(cameraCheck.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(cameraCheck).where(where);
  return { list: rows.map(checkItem), count: total?.n ?? 0 };
}

/** Outages, open ones first, newest first; the open ones' duration runs to now (cameraErrorLog). */
export async function listOutages(
  db: Db,
  auth: SceneAuthority,
  query: OutageListQuery,
  now: Date,
): Promise<{ list: OutageItem[]; count: number }> {
  const where = and(
    cameraCondition(auth),
    query.cameraId === undefined ? undefined : eq(cameraOutage.cameraId, query.cameraId),
    query.cause ? eq(cameraOutage.cause, query.cause) : undefined,
    query.openOnly ? isNull(cameraOutage.endedAt) : undefined,
    // Overlapping the range: started before its end, not ended before its start.
    query.endTime ? lte(cameraOutage.startedAt, new Date(query.endTime)) : undefined,
    query.startTime
      ? sql`coalesce(${cameraOutage.endedAt}, ${now.toISOString()}::timestamptz) >= ${new Date(query.startTime).toISOString()}::timestamptz`
      : undefined,
  );
  const { limit, offset } = paging(query);
  const rows = await db
    .select({ outage: cameraOutage, cameraName: camera.name })
    .from(cameraOutage)
    .innerJoin(camera, eq(camera.id, cameraOutage.cameraId))
    .where(where)
    .orderBy(sql`${cameraOutage.endedAt} is null desc`, desc(cameraOutage.startedAt), desc(cameraOutage.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(cameraOutage)
    .innerJoin(camera, eq(camera.id, cameraOutage.cameraId))
    .where(where);
  const list = rows.map(
    ({ outage: o, cameraName }): OutageItem => ({
      id: o.id,
      cameraId: o.cameraId,
      cameraName,
      startedAt: o.startedAt.toISOString(),
      detectedAt: o.detectedAt.toISOString(),
      endedAt: iso(o.endedAt),
      cause: o.cause,
      error: o.error,
      durationSeconds:
        o.durationSeconds ?? Math.max(0, Math.floor((now.getTime() - o.startedAt.getTime()) / 1000)),
      open: o.endedAt === null,
    }),
  );
  return { list, count: total?.n ?? 0 };
}

const intOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** Snapshot grabs, newest first (cameraScreenshotLog). */
export async function listSnapshots(
  db: Db,
  auth: SceneAuthority,
  query: SnapshotListQuery,
): Promise<{ list: SnapshotItem[]; count: number }> {
  const where = and(
    eq(cameraCheck.kind, 'snapshot'),
    cameraCondition(auth),
    query.cameraId === undefined ? undefined : eq(cameraCheck.cameraId, query.cameraId),
    query.startTime ? gte(cameraCheck.checkedAt, new Date(query.startTime)) : undefined,
    query.endTime ? lte(cameraCheck.checkedAt, new Date(query.endTime)) : undefined,
  );
  const { limit, offset } = paging(query);
  const rows = await db
    .select({ check: cameraCheck, cameraName: camera.name })
    .from(cameraCheck)
    .innerJoin(camera, eq(camera.id, cameraCheck.cameraId))
    .where(where)
    .orderBy(desc(cameraCheck.checkedAt), desc(cameraCheck.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(cameraCheck)
    .innerJoin(camera, eq(camera.id, cameraCheck.cameraId))
    .where(where);
  const list = rows.map(
    ({ check: c, cameraName }): SnapshotItem => ({
      id: c.id,
      cameraId: c.cameraId,
      cameraName,
      checkedAt: c.checkedAt.toISOString(),
      ok: c.ok,
      error: c.error,
      imageUrl: c.mediaPath ? mediaUrl(c.mediaPath) : null,
      simulated: c.detail?.simulated === true,
      width: intOf(c.detail?.width),
      height: intOf(c.detail?.height),
    }),
  );
  return { list, count: total?.n ?? 0 };
}
