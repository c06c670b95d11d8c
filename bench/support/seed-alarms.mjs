// Seeds `count` alarms fast with INSERT … SELECT generate_series over the demo plant's scenes,
// cameras and algorithms (newest within the last `days` days), then the matching alarm_rollup,
// alarm_rollup_hour and alarm_rollup_scene_hour counters from the rows, so the list, its totals and
// the analyses see a consistent database.
// `query(text, params)` answers `{ rows }` (pg's client.query or PGlite's query).

/** Reference combinations (scene, camera, area, factory, algorithm) of the demo plant. */
async function referenceRows(query) {
  const nodes = (await query('SELECT id, parent_id, name FROM plant_node')).rows;
  const byId = new Map(nodes.map((n) => [Number(n.id), n]));
  const rootOf = (id) => {
    let node = byId.get(id);
    for (let depth = 0; node?.parent_id != null && depth < 32; depth++)
      node = byId.get(Number(node.parent_id));
    return node;
  };
  const pairs = (
    await query(`SELECT sc.scene_id, s.name AS scene_name, c.id AS camera_id, c.name AS camera_name,
        coalesce(c.area_id, s.area_id) AS area_id
      FROM scene_camera sc JOIN scene s ON s.id = sc.scene_id JOIN camera c ON c.id = sc.camera_id
      ORDER BY sc.id`)
  ).rows;
  const algorithms = (await query('SELECT id, name FROM algorithm ORDER BY id')).rows;
  if (!pairs.length || !algorithms.length) throw new Error('seed: the demo plant has no scene cameras');
  const refs = [];
  for (const pair of pairs) {
    for (const alg of algorithms) {
      const area = pair.area_id == null ? undefined : byId.get(Number(pair.area_id));
      const factory = area ? rootOf(Number(area.id)) : undefined;
      refs.push({
        k: refs.length,
        scene_id: Number(pair.scene_id),
        scene_name: pair.scene_name,
        camera_id: Number(pair.camera_id),
        camera_name: pair.camera_name,
        area_id: area ? Number(area.id) : null,
        area_name: area?.name ?? '',
        factory_id: factory ? Number(factory.id) : null,
        factory_name: factory?.name ?? '',
        algorithm_id: Number(alg.id),
        algorithm_name: alg.name,
      });
    }
  }
  return refs;
}

/**
 * `handling`: also what the safety and efficiency analyses and My statistics read (seedRuns).
 */
export async function seedAlarms(query, { count, days = 365, batch = 250_000, handling = false }) {
  const refs = await referenceRows(query);
  const [{ max }] = (await query('SELECT coalesce(max(id), 0)::bigint AS max FROM video_alarm')).rows;
  const image =
    (await query(`SELECT alarm_image FROM video_alarm WHERE alarm_image <> '' LIMIT 1`)).rows[0]
      ?.alarm_image ?? '';
  const stepMs = (days * 86_400_000) / count;
  const now = Date.now();
  const h = handling ? await seedRuns(query, { count, days, now, refs }) : {};
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    // g = 1 is the newest. States: 5 % pending, 2 % awaiting approval, 10 % false positive, rest processed.
    await query(
      `INSERT INTO video_alarm (alarm_time, alarm_state, priority, algorithm_id, video_alarm_type_name,
         scene_id, scene_name, camera_id, camera_name, area_id, area_name, factory_id, factory_name,
         alarm_result, alarm_image, false_positive, handler, handle_time, created_at, handler_id,
         approve_time, history_assignment_id)
       SELECT t, st, 120001 + (g * 7) % 4, r.algorithm_id, r.algorithm_name, r.scene_id, r.scene_name,
         r.camera_id, r.camera_name, r.area_id, r.area_name, r.factory_id, r.factory_name,
         '人员未佩戴安全帽', $5, st = 3, CASE WHEN st IN (2, 3) THEN 'admin' ELSE '' END,
         CASE WHEN st IN (2, 3) AND NOT approved THEN t + interval '10 minutes' END, t,
         CASE WHEN st IN (2, 3) THEN $8::int END,
         CASE WHEN approved THEN t + interval '30 minutes' END,
         CASE WHEN $9::int IS NOT NULL AND g % 10 = 0 THEN $9::int + (g / 10) % $10::int END
       FROM generate_series($1::int, $2::int) AS g
       CROSS JOIN LATERAL (SELECT to_timestamp(($3::float8 - g * $4::float8) / 1000) AS t,
         CASE WHEN g % 100 < 5 THEN 1 WHEN g % 100 < 7 THEN 4 WHEN g % 100 < 17 THEN 3 ELSE 2 END AS st,
         $8::int IS NOT NULL AND g % 100 IN (17, 18) AS approved) AS x
       JOIN json_to_recordset($6::json) AS r(k int, scene_id int, scene_name text, camera_id int,
         camera_name text, area_id int, area_name text, factory_id int, factory_name text,
         algorithm_id int, algorithm_name text) ON r.k = (g * 2654435761::bigint) % $7`,
      [
        from,
        to,
        now,
        stepMs,
        image,
        JSON.stringify(refs),
        refs.length,
        h.adminId ?? null,
        h.firstRun ?? null,
        h.runs ?? null,
      ],
    );
  }
  await query(
    `INSERT INTO alarm_rollup (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state,
       priority, false_positive, count)
     SELECT (alarm_time AT TIME ZONE 'UTC')::date, coalesce(scene_id, 0), coalesce(camera_id, 0),
       coalesce(algorithm_id, 0), coalesce(area_id, 0), coalesce(factory_id, 0), alarm_state, priority,
       false_positive, count(*)
     FROM video_alarm WHERE id > $1
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
     ON CONFLICT (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
       false_positive) DO UPDATE SET count = alarm_rollup.count + excluded.count`,
    [max],
  );
  await query(
    `INSERT INTO alarm_rollup_hour (hour, scene_id, area_id, factory_id, priority, alarm_state,
       false_positive, count)
     SELECT date_trunc('hour', alarm_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce(scene_id, 0),
       coalesce(area_id, 0), coalesce(factory_id, 0), priority, alarm_state, false_positive, count(*)
     FROM video_alarm WHERE id > $1
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ON CONFLICT (hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive)
       DO UPDATE SET count = alarm_rollup_hour.count + excluded.count`,
    [max],
  );
  await query(
    `INSERT INTO alarm_rollup_scene_hour (hour, scene_id, area_id, factory_id, count)
     SELECT date_trunc('hour', alarm_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce(scene_id, 0),
       coalesce(area_id, 0), coalesce(factory_id, 0), count(*)
     FROM video_alarm WHERE id > $1
     GROUP BY 1, 2, 3, 4
     ON CONFLICT (hour, scene_id, area_id, factory_id)
       DO UPDATE SET count = alarm_rollup_scene_hour.count + excluded.count`,
    [max],
  );
  if (handling) {
    // A deal or cancel at the handle time, or an approve at the approval time, by the admin.
    await query(
      `INSERT INTO alarm_action (alarm_id, action, from_state, to_state, account_id, account_name, created_at,
         alarm_time, priority, scene_id)
       SELECT id, CASE WHEN approve_time IS NOT NULL THEN 'approve' WHEN alarm_state = 2 THEN 'deal' ELSE 'cancel' END,
         CASE WHEN approve_time IS NOT NULL THEN 4 ELSE 1 END, alarm_state, handler_id, 'admin',
         coalesce(handle_time, approve_time), alarm_time, priority, scene_id
       FROM video_alarm WHERE id > $1 AND alarm_state IN (2, 3)`,
      [max],
    );
    await query('ANALYZE alarm_action');
    await query('ANALYZE history_assignment');
  }
  await query('ANALYZE video_alarm');
  await query('ANALYZE alarm_rollup');
  await query('ANALYZE alarm_rollup_hour');
  await query('ANALYZE alarm_rollup_scene_hour');
  return { refs: refs.length };
}

/**
 * One job run per fifty alarms over the same days (states 0–4 as 5 / 5 / 75 / 10 / 5 %), each on a
 * scene of the plant; seedAlarms then puts one alarm in ten in a run, has the admin handle the
 * processed ones (handler_id, an action at the handle time) and approve 2 % of all 30 minutes
 * after they were raised.
 */
async function seedRuns(query, { count, days, now, refs }) {
  const [{ id: adminId }] = (await query(`SELECT id FROM account WHERE account_name = 'admin'`)).rows;
  const runs = Math.max(1, Math.floor(count / 50));
  const scenes = [...new Map(refs.map((r) => [r.scene_id, r])).values()].map((s, k) => ({ ...s, k }));
  const [{ first }] = (
    await query(
      `WITH added AS (
         INSERT INTO history_assignment (job_number, job_name, scene_id, scene_name, area_id, area_name,
           state, detection, start_time, end_time, created_at, updated_at)
         SELECT 'BENCH-' || g, 'bench run ' || g, s.scene_id, s.scene_name, s.area_id, s.area_name,
           CASE WHEN g % 20 = 0 THEN 0 WHEN g % 20 = 1 THEN 1 WHEN g % 20 < 4 THEN 3 WHEN g % 20 = 4 THEN 4 ELSE 2 END,
           1, t, CASE WHEN g % 20 > 1 THEN t + interval '2 hours' END, t, t
         FROM generate_series(1, $1::int) AS g
         CROSS JOIN LATERAL (SELECT to_timestamp(($2::float8 - g * $3::float8) / 1000) AS t) AS x
         JOIN json_to_recordset($4::json) AS s(k int, scene_id int, scene_name text, area_id int, area_name text)
           ON s.k = g % $5
         RETURNING id)
       SELECT min(id)::int AS first FROM added`,
      [runs, now, (days * 86_400_000) / runs, JSON.stringify(scenes), scenes.length],
    )
  ).rows;
  return { adminId: Number(adminId), firstRun: Number(first), runs };
}
