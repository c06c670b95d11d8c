import type { Db } from '../../db/client.ts';
import { algorithm, algorithmType } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';

const TYPES = [
  ['人员安全', '安全帽、反光衣等劳保用品穿戴（PPE）'],
  ['区域入侵', '危险区域、围栏内的人员闯入'],
  ['烟火检测', '烟雾与明火'],
  ['行为分析', '抽烟、打电话、离岗、聚集等不安全行为'],
] as const;

type Level = 120001 | 120002 | 120003 | 120004;

/** code, name, type, model, instance, levels, default level. */
const ALGORITHMS: ReadonlyArray<readonly [string, string, string, string, string, Level[], Level]> = [
  [
    'ALG-NO-HELMET',
    '未戴安全帽',
    '人员安全',
    'yolov8-ppe v2.3',
    'ppe-helmet-202406',
    [120002, 120003],
    120003,
  ],
  [
    'ALG-NO-VEST',
    '未穿反光衣',
    '人员安全',
    'yolov8-ppe v2.3',
    'ppe-vest-202406',
    [120001, 120002, 120003],
    120002,
  ],
  [
    'ALG-INTRUSION',
    '区域入侵',
    '区域入侵',
    'yolov8-person v1.8',
    'intrusion-202405',
    [120003, 120004],
    120004,
  ],
  ['ALG-SMOKE', '烟雾', '烟火检测', 'fire-smoke-det v3.1', 'smoke-202404', [120002, 120003, 120004], 120003],
  ['ALG-FIRE', '明火', '烟火检测', 'fire-smoke-det v3.1', 'fire-202404', [120003, 120004], 120004],
  ['ALG-CROWD', '人员聚集', '行为分析', 'crowd-count v2.0', 'crowd-202403', [120001, 120002], 120002],
  ['ALG-SMOKING', '抽烟', '行为分析', 'behavior-act v1.5', 'smoking-202405', [120002, 120003], 120003],
  ['ALG-PHONE', '打电话', '行为分析', 'behavior-act v1.5', 'phone-202405', [120001, 120002], 120002],
  [
    'ALG-OFF-POST',
    '离岗',
    '行为分析',
    'behavior-act v1.5',
    'off-post-202405',
    [120001, 120002, 120003],
    120002,
  ],
  [
    'ALG-HOTWORK-GUARDIAN',
    '动火作业监护人不在场',
    '人员安全',
    'yolov8-person v1.8',
    'hotwork-guardian-202406',
    [120003, 120004],
    120003,
  ],
];

/** The demo algorithm catalogue: four types and ten algorithms with sensible levels. */
export async function seedAlgorithms(db: Db, _context: DemoSeedContext): Promise<void> {
  const types = await db
    .insert(algorithmType)
    .values(TYPES.map(([name, description]) => ({ name, description })))
    .onConflictDoNothing()
    .returning({ id: algorithmType.id, name: algorithmType.name });
  const typeId = (name: string) => types.find((t) => t.name === name)?.id ?? null;
  await db
    .insert(algorithm)
    .values(
      ALGORITHMS.map(([code, name, type, model, instance, levels, defaultLevel]) => ({
        code,
        name,
        typeId: typeId(type),
        model,
        instance,
        levels,
        defaultLevel,
      })),
    )
    .onConflictDoNothing();
}
