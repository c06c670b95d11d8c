/**
 * The demo plant tree (names as a Chinese plant would write them). Other domains' seeds place
 * their rows by looking these names up: area names are unique across the whole demo tree.
 */
export const DEMO_PLANT_TREE = [
  {
    factory: '东区煤化工厂',
    code: 'F-EAST',
    plants: [
      { name: '焦化车间', code: 'P-COKING', areas: ['1号炉区', '2号炉区', '熄焦塔'] },
      { name: '化产车间', code: 'P-CHEM', areas: ['罐区', '泵房', '装车站'] },
    ],
  },
  {
    factory: '西区焦化厂',
    code: 'F-WEST',
    plants: [
      { name: '备煤车间', code: 'P-COAL', areas: ['输煤栈桥', '配电室'] },
      { name: '动力车间', code: 'P-POWER', areas: ['锅炉房', '空压站'] },
    ],
  },
] as const;

export type DemoAreaName = (typeof DEMO_PLANT_TREE)[number]['plants'][number]['areas'][number];

/** The ten demo areas, in tree order (cameras, scenes and equipment go here). */
export const DEMO_AREA_NAMES: readonly DemoAreaName[] = DEMO_PLANT_TREE.flatMap((f) =>
  f.plants.flatMap((p) => [...p.areas]),
);
