import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analysisServer,
  dcsPoint,
  iotEquipment,
  mailServer,
  plantNode,
  sensor,
} from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';

/** IoT devices of the demo plant: code, name, kind, protocol, address, area name, online. */
const DEVICES = [
  ['GD-CTRL-01', '罐区可燃气体报警控制器', '气体探测器', 'Modbus-TCP', '10.20.1.31', 502, '罐区', true],
  ['GD-CTRL-02', '焦炉有毒气体报警控制器', '气体探测器', 'Modbus-TCP', '10.20.1.32', 502, '1号炉区', true],
  ['AG-01', '装车站人员门禁', '门禁闸机', 'HTTP', '10.20.2.11', 80, '装车站', true],
  ['PLC-GW-01', '动力车间PLC网关', 'PLC网关', 'MQTT', '10.20.3.5', 1883, '锅炉房', false],
] as const;

/** Sensors: code, name, kind, unit, low, high, IoT device code, area name. */
const SENSORS = [
  ['S-LEL-01', '罐区可燃气体1号', 'gas', '%LEL', 10, 25, 'GD-CTRL-01', '罐区'],
  ['S-LEL-02', '罐区可燃气体2号', 'gas', '%LEL', 10, 25, 'GD-CTRL-01', '罐区'],
  ['S-LEL-03', '装车站可燃气体', 'gas', '%LEL', 10, 25, null, '装车站'],
  ['S-H2S-01', '泵房硫化氢', 'gas', 'ppm', 5, 10, 'GD-CTRL-02', '泵房'],
  ['S-CO-01', '1号炉区一氧化碳', 'gas', 'ppm', 24, 50, 'GD-CTRL-02', '1号炉区'],
  ['S-T-01', '熄焦塔温度', 'temperature', '℃', null, 85, null, '熄焦塔'],
  ['S-P-01', '锅炉房蒸汽压力', 'pressure', 'MPa', 0.4, 1.6, 'PLC-GW-01', '锅炉房'],
  ['S-P-02', '空压站出口压力', 'pressure', 'MPa', 0.5, 0.9, 'PLC-GW-01', '空压站'],
  ['S-SMK-01', '配电室烟感', 'smoke', '%obs/m', null, 4, null, '配电室'],
] as const;

/** DCS points: tag, name, unit, area name, low, high. */
const DCS_POINTS = [
  ['TI-1101.PV', '焦炉集气管温度', '℃', '1号炉区', 75, 95],
  ['PI-1102.PV', '焦炉集气管压力', 'Pa', '1号炉区', 80, 150],
  ['FIC-2101.PV', '焦油泵出口流量', 'm³/h', '泵房', 5, 40],
  ['LI-2201.PV', '1号焦油储罐液位', 'm', '罐区', 1, 12.5],
  ['TI-4101.PV', '锅炉汽包温度', '℃', '锅炉房', 200, 260],
  ['PI-4201.PV', '空压机出口压力', 'MPa', '空压站', 0.55, 0.85],
] as const;

const SERVERS = [
  ['视频分析服务器1', 'analysis', '10.20.0.21', 8080, '东区煤化工厂 AI 分析'],
  ['视频分析服务器2', 'analysis', '10.20.0.22', 8080, '西区焦化厂 AI 分析'],
  ['流媒体服务器', 'media', '10.20.0.30', 554, 'RTSP / HTTP-FLV 转发'],
] as const;

/**
 * Demo IoT devices, sensors, DCS points and servers, placed in the demo plant's areas by name
 * (rows whose area is missing keep no area), and a mail server with a placeholder address.
 */
export async function seedEquipment(db: Db, _context: DemoSeedContext): Promise<void> {
  const areaNames = [
    ...new Set([...DEVICES.map((d) => d[6]), ...SENSORS.map((s) => s[7]), ...DCS_POINTS.map((p) => p[3])]),
  ];
  const areas = await db
    .select({ id: plantNode.id, name: plantNode.name })
    .from(plantNode)
    .where(inArray(plantNode.name, areaNames));
  const areaId = (name: string) => areas.find((a) => a.name === name)?.id ?? null;

  const devices = await db
    .insert(iotEquipment)
    .values(
      DEVICES.map(([code, name, kind, protocol, ip, port, area, online]) => ({
        code,
        name,
        kind,
        protocol,
        ip,
        port,
        areaId: areaId(area),
        online,
      })),
    )
    .returning({ id: iotEquipment.id, code: iotEquipment.code });
  const deviceId = (code: string | null) => devices.find((d) => d.code === code)?.id ?? null;

  await db.insert(sensor).values(
    SENSORS.map(([code, name, kind, unit, low, high, device, area]) => ({
      code,
      name,
      kind,
      unit,
      lowThreshold: low,
      highThreshold: high,
      iotEquipmentId: deviceId(device),
      areaId: areaId(area),
    })),
  );
  await db.insert(dcsPoint).values(
    DCS_POINTS.map(([tag, name, unit, area, low, high]) => ({
      tag,
      name,
      unit,
      areaId: areaId(area),
      lowLimit: low,
      highLimit: high,
    })),
  );
  await db.insert(analysisServer).values(
    SERVERS.map(([name, kind, ip, port, description]) => ({
      name,
      kind,
      ip,
      port,
      description,
      online: true,
    })),
  );
  // Placeholder (example.com is reserved): the administrator enters the plant's real server.
  await db
    .insert(mailServer)
    .values({
      id: 1,
      host: 'smtp.example.com',
      port: 465,
      encrypted: true,
      username: 'alarm@example.com',
      password: '',
      fromAddress: 'alarm@example.com',
      testAddress: 'safety@example.com',
    })
    .onConflictDoNothing();
}
