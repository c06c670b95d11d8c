import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  camera,
  cameraPlatform,
  cameraRotationGroup,
  cameraRotationMember,
  cameraType,
  plantNode,
} from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { resolveMediaPath } from '../../platform/media.ts';
import { renderSnapshot, type SnapshotScene } from './demo-snapshot.ts';

/** Camera types of the demo (brand, model, form type). */
const TYPES = [
  { key: 'hik-bullet', brand: '海康威视', model: 'DS-2CD3T46WDV3-I3', type: 'bullet' },
  { key: 'hik-ptz', brand: '海康威视', model: 'DS-2DE4425IW-DE', type: 'ptz' },
  { key: 'hik-thermal', brand: '海康威视', model: 'DS-2TD2637B-10/P', type: 'thermal' },
  { key: 'dh-ptz', brand: '大华', model: 'DH-SD49425XB-HNR', type: 'ptz' },
  { key: 'dh-dome', brand: '大华', model: 'DH-IPC-HDBW2433R-ZS', type: 'dome' },
  { key: 'uv-bullet', brand: '宇视', model: 'IPC2124SR3-DPF40', type: 'bullet' },
] as const;
type TypeKey = (typeof TYPES)[number]['key'];

interface DemoCamera {
  name: string;
  area: string;
  type: TypeKey;
  scene: SnapshotScene;
  online: boolean;
  moving?: boolean;
  label: string;
}

/** 16 cameras over the ten demo areas (plant/demo-names.ts), codes CAM-001…CAM-016 in this order. */
const CAMERAS: DemoCamera[] = [
  {
    name: '1号焦炉机侧',
    area: '1号炉区',
    type: 'hik-bullet',
    scene: 'ovens',
    online: true,
    label: '机侧操作平台',
  },
  {
    name: '1号焦炉炉顶',
    area: '1号炉区',
    type: 'hik-ptz',
    scene: 'ovens',
    online: true,
    moving: true,
    label: '炉顶装煤孔',
  },
  {
    name: '2号焦炉焦侧',
    area: '2号炉区',
    type: 'dh-ptz',
    scene: 'ovens',
    online: true,
    moving: true,
    label: '拦焦车轨道',
  },
  {
    name: '2号焦炉推焦车',
    area: '2号炉区',
    type: 'uv-bullet',
    scene: 'ovens',
    online: false,
    label: '推焦车司机室外',
  },
  {
    name: '熄焦塔出口',
    area: '熄焦塔',
    type: 'hik-bullet',
    scene: 'tower',
    online: true,
    label: '熄焦车出口',
  },
  {
    name: '苯储罐区东',
    area: '罐区',
    type: 'hik-thermal',
    scene: 'tanks',
    online: true,
    label: '东侧防火堤',
  },
  {
    name: '苯储罐区西',
    area: '罐区',
    type: 'dh-ptz',
    scene: 'tanks',
    online: true,
    moving: true,
    label: '西侧防火堤',
  },
  { name: '泵房内部', area: '泵房', type: 'dh-dome', scene: 'pumps', online: true, label: '1-4号泵' },
  { name: '装车鹤位1号', area: '装车站', type: 'uv-bullet', scene: 'tanks', online: false, label: '1号鹤管' },
  { name: '装车站入口', area: '装车站', type: 'hik-bullet', scene: 'pumps', online: true, label: '槽车入口' },
  {
    name: '1号皮带机头',
    area: '输煤栈桥',
    type: 'hik-bullet',
    scene: 'conveyor',
    online: true,
    label: '1号皮带机头',
  },
  {
    name: '栈桥转运站',
    area: '输煤栈桥',
    type: 'dh-ptz',
    scene: 'conveyor',
    online: true,
    moving: true,
    label: '转运站',
  },
  { name: '10kV配电室', area: '配电室', type: 'dh-dome', scene: 'indoor', online: true, label: '高压柜列' },
  { name: '锅炉房操作间', area: '锅炉房', type: 'dh-dome', scene: 'indoor', online: false, label: '操作台' },
  { name: '锅炉房外围', area: '锅炉房', type: 'uv-bullet', scene: 'boiler', online: true, label: '引风机' },
  { name: '空压站', area: '空压站', type: 'hik-bullet', scene: 'pumps', online: false, label: '空压机组' },
];

/** A plausible plant site (Shanxi coking base); cameras spread over ~1.5 km. */
const SITE = { longitude: 112.5489, latitude: 37.8706 };

function streamsOf(brand: string, ip: string): { main: string; sub: string } {
  if (brand === '大华') {
    return {
      main: `rtsp://${ip}:554/cam/realmonitor?channel=1&subtype=0`,
      sub: `rtsp://${ip}:554/cam/realmonitor?channel=1&subtype=1`,
    };
  }
  if (brand === '宇视')
    return { main: `rtsp://${ip}:554/media/video1`, sub: `rtsp://${ip}:554/media/video2` };
  return { main: `rtsp://${ip}:554/Streaming/Channels/101`, sub: `rtsp://${ip}:554/Streaming/Channels/102` };
}

/**
 * Demo devices: 6 camera types, 1 platform, 16 cameras with synthetic snapshots, 1 rotation
 * group and 1 virtual camera. Areas are looked up by name; a missing area leaves the camera
 * without one. Snapshots are rendered while the rows are written, then stored as
 * `<mediaDir>/snapshot/demo-cam-NNN.jpg` (the layout of platform/media.ts; written directly,
 * without storeImage's re-encoding, to keep the seed fast).
 */
export async function seedDevices(db: Db, context: DemoSeedContext): Promise<void> {
  const now = new Date();
  const rendering = Promise.all(
    CAMERAS.map((c, i) =>
      renderSnapshot({
        scene: c.scene,
        seed: i + 7,
        name: c.name,
        code: `CAM-${String(i + 1).padStart(3, '0')}`,
        time: new Date(now.getTime() - (i * 7 + 3) * 60_000),
        night: false,
      }),
    ),
  );
  // Never leave an unhandled rejection behind if a write below fails first.
  rendering.catch(() => undefined);

  const types = await db
    .insert(cameraType)
    .values(TYPES.map(({ brand, model, type }) => ({ brand, model, type })))
    .returning({ id: cameraType.id, model: cameraType.model });
  const typeId = new Map(TYPES.map((t) => [t.key, types.find((r) => r.model === t.model)?.id ?? null]));

  const [platform] = await db
    .insert(cameraPlatform)
    .values({
      name: '东区NVR-01',
      kind: 'nvr',
      ip: '10.10.0.10',
      port: 8000,
      username: 'admin',
      description: '东区煤化工厂监控中心硬盘录像机',
    })
    .returning({ id: cameraPlatform.id });

  const areaNames = [...new Set(CAMERAS.map((c) => c.area))];
  const areas = await db
    .select({ id: plantNode.id, name: plantNode.name })
    .from(plantNode)
    .where(inArray(plantNode.name, areaNames));
  const areaId = new Map(areas.map((a) => [a.name, a.id]));

  const rows = CAMERAS.map((c, i) => {
    const n = i + 1;
    const east = i < 10;
    const ip = `10.${east ? 10 : 20}.${Math.floor(i / 5) + 1}.${100 + n}`;
    const brand = TYPES.find((t) => t.key === c.type)?.brand ?? '';
    const streams = streamsOf(brand, ip);
    return {
      name: c.name,
      code: `CAM-${String(n).padStart(3, '0')}`,
      cameraTypeId: typeId.get(c.type) ?? null,
      areaId: areaId.get(c.area) ?? null,
      platformId: east ? (platform?.id ?? null) : null,
      ip,
      videoPort: 554,
      controlPort: brand === '大华' ? 37777 : 8000,
      agreement: c.moving ? 'onvif' : east ? 'gb28181' : 'rtsp',
      username: 'admin',
      deviceSerial: `${brand === '大华' ? '7J0' : 'DS'}${(20_240_000 + n * 137).toString(36).toUpperCase()}`,
      deviceCode: `3401020000132000${String(n).padStart(4, '0')}`,
      positionLabel: c.label,
      longitude: Number((SITE.longitude + (east ? 0 : 0.012) + (i % 5) * 0.0016).toFixed(6)),
      latitude: Number((SITE.latitude + Math.floor(i / 5) * 0.0012 - (i % 3) * 0.0004).toFixed(6)),
      moving: c.moving ?? false,
      online: c.online,
      lastSeenAt: c.online ? now : new Date(now.getTime() - (n * 3 + 40) * 60_000),
      mainStreamUrl: streams.main,
      subStreamUrl: streams.sub,
    };
  });
  const inserted = await db.insert(camera).values(rows).returning({ id: camera.id, code: camera.code });
  const idOf = new Map(inserted.map((r) => [r.code, r.id]));

  const [group] = await db
    .insert(cameraRotationGroup)
    .values({ name: '焦化车间轮巡', intervalSeconds: 15 })
    .returning({ id: cameraRotationGroup.id });
  const members = ['CAM-001', 'CAM-002', 'CAM-003', 'CAM-005', 'CAM-011'].flatMap((code, sort) => {
    const cameraId = idOf.get(code);
    return group && cameraId ? [{ groupId: group.id, cameraId, sort }] : [];
  });
  if (members.length > 0) await db.insert(cameraRotationMember).values(members);

  await db.insert(camera).values({
    name: '熄焦演示视频',
    code: 'VCAM-001',
    virtual: true,
    online: true,
    agreement: 'file',
    mainStreamUrl: 'videos/demo-quenching.mp4',
    areaId: areaId.get('熄焦塔') ?? null,
    positionLabel: '离线演示',
  });

  const images = await rendering;
  const root = resolve(context.mediaDir);
  await Promise.all(
    inserted.map(async (row) => {
      const image = images[Number(row.code.slice(4)) - 1];
      const path = `snapshot/demo-${row.code.toLowerCase()}.jpg`;
      const file = resolveMediaPath(root, path);
      if (!image || !file) return;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, image);
      await db.update(camera).set({ snapshotPath: path }).where(eq(camera.id, row.id));
    }),
  );
}
