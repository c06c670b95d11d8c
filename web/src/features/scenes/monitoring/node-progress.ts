import { ALARM_STATE, type FixedOperationChart, JOB_RUN_STATE } from '@sentinel/contract';

/** Where a flowchart step stands in the current run. */
export type NodeStatus = 'pending' | 'active' | 'done' | 'violation';

export interface ProgressRun {
  state: number;
  startTime: string | null;
}

/** An event of the run (its name) or an alarm of the run (its state), at a time. */
export interface ProgressEntry {
  time: string;
  name: string;
}
export interface ProgressAlarm {
  time: string;
  state: number;
}

export interface NodeProgress {
  status: Record<string, NodeStatus>;
  /** Alarms of the run (false positives left out) attributed to each step. */
  alarms: Record<string, number>;
  /** How many steps an event of the run was matched to. */
  matchedSteps: number;
  /** The steps in progress now (also when an alarm made them a violation). */
  current: string[];
}

type Chart = Pick<FixedOperationChart, 'nodes' | 'edges'>;

const normalise = (text: string) => text.trim().toLowerCase();
const STARTED = new Set<number>([JOB_RUN_STATE.running, JOB_RUN_STATE.completed, JOB_RUN_STATE.violated]);
const COMPLETED = new Set<number>([JOB_RUN_STATE.completed, JOB_RUN_STATE.violated]);

/** The nodes in walking order: breadth first from the start node along the edges, then the rest. */
export function flowOrder(chart: Chart): string[] {
  const next = new Map<string, string[]>();
  for (const e of chart.edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const known = new Set(chart.nodes.map((n) => n.id));
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = chart.nodes.filter((n) => n.shape === 'start').map((n) => n.id);
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (seen.has(id) || !known.has(id)) continue;
    seen.add(id);
    order.push(id);
    queue.push(...(next.get(id) ?? []));
  }
  for (const n of chart.nodes) if (!seen.has(n.id)) order.push(n.id);
  return order;
}

/** Every node from which `id` can be reached (its predecessors, transitively). */
function ancestorsOf(chart: Chart, id: string): Set<string> {
  const previous = new Map<string, string[]>();
  for (const e of chart.edges) previous.set(e.target, [...(previous.get(e.target) ?? []), e.source]);
  const found = new Set<string>();
  const stack = [...(previous.get(id) ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as string;
    if (found.has(node) || node === id) continue;
    found.add(node);
    stack.push(...(previous.get(node) ?? []));
  }
  return found;
}

/**
 * Each step's progress in the run, derived from what a run records (state, start time, its
 * events and alarms; the engine reports no step of its own):
 * - a step is reached when an event of the run carries its label as name (first such event);
 *   the start node when the run started, the end node when the run completed;
 * - running: the step reached last is in progress, the steps reached before it and every step
 *   leading to a reached one are done, the rest pending (only the start reached: the steps right
 *   after it are in progress);
 * - completed (normally or with violation): every step done; undetermined: reached steps and
 *   those leading to them done, the rest pending; not started: all pending;
 * - violation: an alarm of the run (not a false positive) belongs to the step in progress at
 *   its time (the last step reached before it, or the first steps when none was).
 */
export function nodeProgress(
  chart: Chart,
  run: ProgressRun | null,
  events: ProgressEntry[],
  alarms: ProgressAlarm[],
): NodeProgress {
  const order = flowOrder(chart);
  const rank = new Map(order.map((id, index) => [id, index]));
  const status: Record<string, NodeStatus> = Object.fromEntries(order.map((id) => [id, 'pending']));
  const perNode: Record<string, number> = {};
  if (!run || run.state === JOB_RUN_STATE.notStarted)
    return { status, alarms: perNode, matchedSteps: 0, current: [] };

  const start = chart.nodes.find((n) => n.shape === 'start');
  const firstSteps = start ? chart.edges.filter((e) => e.source === start.id).map((e) => e.target) : [];
  const runStart = run.startTime ? Date.parse(run.startTime) : Number.NEGATIVE_INFINITY;

  // When each node was reached (ms since epoch).
  const reached = new Map<string, number>();
  if (start && (run.startTime || STARTED.has(run.state))) reached.set(start.id, runStart);
  const byLabel = new Map<string, string[]>();
  for (const n of chart.nodes) {
    if (n.shape === 'start') continue;
    const key = normalise(n.label);
    if (key) byLabel.set(key, [...(byLabel.get(key) ?? []), n.id]);
  }
  let matchedSteps = 0;
  for (const e of [...events].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
    for (const id of byLabel.get(normalise(e.name)) ?? []) {
      if (reached.has(id)) continue;
      reached.set(id, Date.parse(e.time));
      matchedSteps += 1;
    }
  }

  // The node in progress at a time: the last one reached at or before it (ties: the later step).
  const later = (a: string, b: string) =>
    (reached.get(a) as number) - (reached.get(b) as number) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  const currentAt = (time: number): string[] => {
    const before = [...reached.keys()].filter((id) => (reached.get(id) as number) <= time);
    const last = before.sort(later).at(-1);
    return last === undefined || last === start?.id ? firstSteps : [last];
  };

  if (COMPLETED.has(run.state)) {
    for (const id of order) status[id] = 'done';
  } else {
    for (const id of reached.keys()) {
      status[id] = 'done';
      for (const before of ancestorsOf(chart, id)) status[before] = 'done';
    }
  }
  const current = run.state === JOB_RUN_STATE.running ? currentAt(Number.POSITIVE_INFINITY) : [];
  for (const id of current) status[id] = 'active';

  for (const alarm of alarms) {
    if (alarm.state === ALARM_STATE.cancelled) continue;
    const at = Date.parse(alarm.time);
    const owner = currentAt(Number.isNaN(at) ? Number.POSITIVE_INFINITY : at)[0];
    if (owner === undefined) continue;
    perNode[owner] = (perNode[owner] ?? 0) + 1;
    status[owner] = 'violation';
  }
  return { status, alarms: perNode, matchedSteps, current };
}
