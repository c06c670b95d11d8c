import { ALARM_API, type Envelope } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppConfig } from '../../config.ts';
import {
  account,
  accountRole,
  accountScene,
  algorithm,
  camera,
  menu,
  role,
  roleMenu,
  scene,
  sceneCamera,
} from '../../db/schema/index.ts';
import { type Backend, createAccount, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';
import { createVersion, setLiveVersion } from '../algorithms/index.ts';

/** An ingest harness with an engine key, a second scene/camera and call helpers. */
export interface ReviewHarness extends IngestHarness {
  key: string;
  jpeg: Buffer;
  sceneB: number;
  cameraB: number;
  call<T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    token?: string,
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  ingest(
    fields: Record<string, string>,
    image?: Buffer,
  ): Promise<{ statusCode: number; body: Envelope<{ id: number } | null> }>;
  /** Ingests an alarm (scene A unless `b`) and answers its id. */
  alarm(extra?: Record<string, string>, b?: boolean): Promise<number>;
  newVersion(algorithmId: number): Promise<number>;
  /** A fresh algorithm (code) with a live version v1. */
  algorithmWithVersion(code: string): Promise<{ id: number; v1: number }>;
  /** An account with the FalseAlarmRecord page only, limited to `sceneIds`. */
  reviewer(sceneIds: number[] | 'all'): Promise<string>;
}

let seq = 0;

export async function reviewHarness(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
): Promise<ReviewHarness> {
  const h = await ingestHarness(backend, overrides);
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 90, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const call: ReviewHarness['call'] = async (method, url, payload, token) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  const created = await call<{ key: string }>('POST', ALARM_API.engines, { name: `engine-${Date.now()}` });
  const key = created.body.data.key;
  const [cam] = await h.app.db
    .insert(camera)
    .values({ name: 'B cam', code: 'CAM-B', areaId: h.refs.areaId })
    .returning();
  const [sc] = await h.app.db.insert(scene).values({ name: 'Scene B', areaId: h.refs.areaId }).returning();
  if (!cam || !sc) throw new Error('fixtures');
  await h.app.db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id });

  const ingest: ReviewHarness['ingest'] = async (fields, image = jpeg) => {
    const { payload, headers } = multipartBody(fields, [{ field: 'image', data: image }]);
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, lang: 'en', 'x-engine-key': key },
      payload,
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  const newVersion = async (algorithmId: number) => {
    const v = await createVersion(h.app.db, {
      algorithmId,
      modelId: null,
      artefact: 'x',
      sha256: '0'.repeat(64),
      sizeBytes: 1,
      params: {
        sampleImage: '',
        zones: [],
        classes: ['person'],
        thresholds: {},
        level: 120003,
        schedule: [],
      },
      source: 'seed',
    });
    if (!v) throw new Error('no version');
    return v.id;
  };
  return {
    ...h,
    key,
    jpeg,
    sceneB: sc.id,
    cameraB: cam.id,
    call,
    ingest,
    newVersion,
    async alarm(extra = {}, b = false) {
      const res = await ingest({
        eventId: `fa-${++seq}-${Date.now()}`,
        cameraId: String(b ? cam.id : h.refs.cameraId),
        sceneId: String(b ? sc.id : h.refs.sceneId),
        algorithmCode: 'helmet',
        detections: JSON.stringify([{ cls: 'person', confidence: 0.91, box: [0.1, 0.2, 0.3, 0.4] }]),
        ...extra,
      });
      if (res.statusCode !== 200 || !res.body.data) throw new Error(`ingest failed ${res.statusCode}`);
      return res.body.data.id;
    },
    async algorithmWithVersion(code) {
      const [alg] = await h.app.db.insert(algorithm).values({ code, name: code }).returning();
      if (!alg) throw new Error('algorithm');
      const v1 = await newVersion(alg.id);
      await setLiveVersion(h.app.db, { algorithmId: alg.id, versionId: v1, action: 'publish' });
      return { id: alg.id, v1 };
    },
    async reviewer(sceneIds) {
      const [r] = await h.app.db
        .insert(role)
        .values({ name: `far${Math.random().toString(36).slice(2, 8)}` })
        .returning();
      const [page] = await h.app.db.select().from(menu).where(eq(menu.code, 'FalseAlarmRecord'));
      if (!r || !page) throw new Error('role or menu');
      await h.app.db.insert(roleMenu).values({ roleId: r.id, menuId: page.id });
      const acc = await createAccount(h.app, { roles: [] });
      await h.app.db.insert(accountRole).values({ accountId: acc.id, roleId: r.id });
      if (sceneIds !== 'all') {
        await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
        for (const sceneId of sceneIds)
          await h.app.db.insert(accountScene).values({ accountId: acc.id, sceneId });
      }
      return login(h.app, acc);
    },
  };
}
