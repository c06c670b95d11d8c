/** The story of the handling analysis tests: its instants, alarms (who handles them, when) and job runs. */

export const BASE = Date.parse('2025-03-10T00:00:00Z');
export const H = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();
/** The day of the story: [BASE, BASE + 24 h − 1 ms]. */
export const DAY_RANGE = { startTime: iso(BASE), endTime: iso(BASE + 24 * H - 1) };

export type Who = 'op' | 'op2' | 'admin';
export type Action = 'deal' | 'cancel' | 'approve' | 'noApprove';

export interface AlarmSpec {
  key: string;
  scene: 'A' | 'B';
  algo: 'helmet' | 'smoke';
  priority: number;
  /** ms after BASE */
  at: number;
  approval?: boolean;
  run?: string;
  actions?: { action: Action; by: Who; after: number }[];
}

/** Alarms of the story; times in ms after BASE, action delays in seconds after the alarm. */
export const ALARMS: AlarmSpec[] = [
  {
    key: 'a1',
    scene: 'A',
    algo: 'helmet',
    priority: 120002,
    at: 1 * H,
    actions: [{ action: 'deal', by: 'op', after: 60 }],
  },
  {
    key: 'a2',
    scene: 'A',
    algo: 'helmet',
    priority: 120003,
    at: 2 * H,
    actions: [{ action: 'deal', by: 'op', after: 300 }],
  },
  {
    key: 'a3',
    scene: 'A',
    algo: 'smoke',
    priority: 120002,
    at: 3 * H,
    actions: [{ action: 'cancel', by: 'op', after: 120 }],
  },
  {
    key: 'a4',
    scene: 'B',
    algo: 'smoke',
    priority: 120004,
    at: 4 * H,
    actions: [{ action: 'deal', by: 'op2', after: 600 }],
  },
  {
    key: 'a5',
    scene: 'A',
    algo: 'helmet',
    priority: 120002,
    at: 5 * H,
    approval: true,
    actions: [{ action: 'approve', by: 'admin', after: 900 }],
  },
  {
    key: 'a6',
    scene: 'B',
    algo: 'helmet',
    priority: 120003,
    at: 6 * H,
    approval: true,
    actions: [
      { action: 'approve', by: 'admin', after: 200 },
      { action: 'noApprove', by: 'admin', after: 400 },
    ],
  },
  { key: 'a7', scene: 'A', algo: 'helmet', priority: 120001, at: 7 * H },
  {
    key: 'a8',
    scene: 'A',
    algo: 'smoke',
    priority: 120002,
    at: 8 * H,
    approval: true,
    actions: [{ action: 'cancel', by: 'op', after: 1800 }],
  },
  // Raised the evening before, handled inside the day: in My statistics, not in the analyses.
  {
    key: 'a9',
    scene: 'A',
    algo: 'helmet',
    priority: 120003,
    at: -1 * H,
    actions: [{ action: 'deal', by: 'op', after: 5400 }],
  },
  { key: 'a10', scene: 'A', algo: 'helmet', priority: 120002, at: 9 * H, run: 'r1' },
  {
    key: 'a11',
    scene: 'B',
    algo: 'smoke',
    priority: 120004,
    at: 10 * H,
    run: 'r2',
    actions: [{ action: 'deal', by: 'op', after: 100 }],
  },
  { key: 'a12', scene: 'B', algo: 'helmet', priority: 120002, at: 11 * H, run: 'r7' },
  // A handling late in the day that closes after most buckets: the backlog carries it.
  {
    key: 'a13',
    scene: 'A',
    algo: 'smoke',
    priority: 120001,
    at: 12 * H,
    actions: [{ action: 'deal', by: 'op2', after: 4 * 3600 }],
  },
];

export interface RunSpec {
  key: string;
  scene: 'A' | 'B';
  state: number;
  /** ms after BASE */
  start: number;
}

export const RUNS: RunSpec[] = [
  { key: 'r1', scene: 'A', state: 2, start: 1 * H },
  { key: 'r2', scene: 'B', state: 3, start: 2 * H },
  { key: 'r3', scene: 'A', state: 4, start: 3 * H },
  { key: 'r4', scene: 'A', state: 1, start: 4 * H },
  { key: 'r5', scene: 'A', state: 0, start: 5 * H },
  { key: 'r6', scene: 'A', state: 3, start: -2 * H },
  { key: 'r7', scene: 'B', state: 2, start: 6 * H },
];
