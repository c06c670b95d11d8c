import type { FixedOperationChart } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { flowOrder, nodeProgress } from './node-progress.ts';

const node = (id: string, shape: string, label: string) => ({ id, shape, label, x: 0, y: 0 });
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target });

/** start → apply → gas → work → end (listed out of order on purpose). */
const chart: FixedOperationChart = {
  nodes: [
    node('work', 'large', '动火作业'),
    node('end', 'end', '结束'),
    node('start', 'start', '开始'),
    node('apply', 'small', '作业申请'),
    node('gas', 'small', ' 气体检测 '),
  ],
  edges: [edge('start', 'apply'), edge('apply', 'gas'), edge('gas', 'work'), edge('work', 'end')],
};

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
const running = { state: 1, startTime: at(0) };
const statuses = (result: ReturnType<typeof nodeProgress>) =>
  ['start', 'apply', 'gas', 'work', 'end'].map((id) => result.status[id]);

describe('flowOrder', () => {
  it('walks from the start along the edges, then lists unconnected nodes', () => {
    const withLoose = { ...chart, nodes: [...chart.nodes, node('note', 'small', '备注')] };
    expect(flowOrder(withLoose)).toEqual(['start', 'apply', 'gas', 'work', 'end', 'note']);
  });
});

describe('nodeProgress', () => {
  it('leaves every step pending without a run or before it starts', () => {
    expect(statuses(nodeProgress(chart, null, [], []))).toEqual(Array(5).fill('pending'));
    expect(statuses(nodeProgress(chart, { state: 0, startTime: null }, [], []))).toEqual(
      Array(5).fill('pending'),
    );
  });

  it('a started run without step events: start done, the first step in progress', () => {
    const result = nodeProgress(chart, running, [], []);
    expect(statuses(result)).toEqual(['done', 'active', 'pending', 'pending', 'pending']);
    expect(result.current).toEqual(['apply']);
    expect(result.matchedSteps).toBe(0);
  });

  it('events named after steps mark them reached: earlier steps done, the last one in progress', () => {
    const events = [
      { name: '作业开始', time: at(1) },
      { name: '气体检测', time: at(10) },
    ];
    const result = nodeProgress(chart, running, events, []);
    // apply has no event of its own but leads to gas: done.
    expect(statuses(result)).toEqual(['done', 'done', 'active', 'pending', 'pending']);
    expect(result.matchedSteps).toBe(1);
  });

  it('an alarm marks the step in progress at its time as violation (false positives do not)', () => {
    const events = [
      { name: '作业申请', time: at(5) },
      { name: '气体检测', time: at(10) },
      { name: '动火作业', time: at(20) },
    ];
    const alarms = [
      { time: at(12), state: 1 },
      { time: at(13), state: 2 },
      { time: at(25), state: 3 },
      { time: at(2), state: 4 },
    ];
    const result = nodeProgress(chart, running, events, alarms);
    expect(statuses(result)).toEqual(['done', 'violation', 'violation', 'active', 'pending']);
    expect(result.alarms).toEqual({ gas: 2, apply: 1 });
    expect(result.current).toEqual(['work']);
  });

  it('a completed run has every step done, except those with alarms', () => {
    const alarms = [{ time: at(30), state: 1 }];
    const events = [{ name: '动火作业', time: at(20) }];
    const normal = nodeProgress(chart, { state: 2, startTime: at(0) }, events, []);
    expect(statuses(normal)).toEqual(Array(5).fill('done'));
    const violated = nodeProgress(chart, { state: 3, startTime: at(0) }, events, alarms);
    expect(statuses(violated)).toEqual(['done', 'done', 'done', 'violation', 'done']);
    expect(violated.current).toEqual([]);
  });

  it('an undetermined run keeps the reached steps done and leaves the rest pending', () => {
    const events = [{ name: '作业申请', time: at(5) }];
    const result = nodeProgress(chart, { state: 4, startTime: at(0) }, events, []);
    expect(statuses(result)).toEqual(['done', 'done', 'pending', 'pending', 'pending']);
  });
});
