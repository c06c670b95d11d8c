import type { FlowChart } from '@sentinel/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFlowEditorStore } from '../stores/flow-editor-store.ts';
import { addNode, connect, moveNodes, removeElements, updateNode } from './chart-ops.ts';
import { canRedo, canUndo, createHistory, record, recordFrom, redo, undo } from './history.ts';

describe('undo/redo history', () => {
  it('undoes and redoes steps in order, and a new change drops the redo steps', () => {
    let h = createHistory('a');
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'x');
    expect(h.present).toBe('x');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('ignores a change to the same state', () => {
    const h = record(createHistory('a'), 'b');
    expect(record(h, h.present)).toBe(h);
  });

  it('merges consecutive changes with the same key into one step', () => {
    let h = createHistory('');
    h = record(h, 'h', 'label');
    h = record(h, 'he', 'label');
    h = record(h, 'hel', 'label');
    h = record(h, 'hel!', 'other');
    expect(h.past).toEqual(['', 'hel']);
    h = undo(h);
    expect(h.present).toBe('hel');
    // After an undo the next keyed change is a new step again.
    h = record(h, 'help', 'label');
    expect(h.past).toEqual(['', 'hel']);
    expect(undo(h).present).toBe('hel');
  });

  it('records a drag from its start state and keeps at most the limit', () => {
    let h = createHistory(0);
    h = recordFrom(h, 0, 5);
    expect(h.past).toEqual([0]);
    expect(undo(h).present).toBe(0);
    for (let i = 1; i <= 10; i++) h = record(h, i * 10, null, 3);
    expect(h.past).toHaveLength(3);
    expect(h.present).toBe(100);
  });
});

describe('flow editor store', () => {
  const empty: FlowChart = { nodes: [], edges: [] };
  beforeEach(() => {
    useFlowEditorStore.getState().setEditorMode('canvas');
    useFlowEditorStore.getState().load(7, empty);
  });

  it('starts with the SPEC defaults and keeps can-undo / can-redo in step with the history', () => {
    const s = useFlowEditorStore.getState();
    expect(s.parameterId).toBe(7);
    expect(s.sceneId).toBe(1);
    expect(s.editorMode).toBe('canvas');
    expect(s.gridOn).toBe(true);
    expect([s.canUndo, s.canRedo]).toEqual([false, false]);

    const { chart: one, id } = addNode(empty, 'start', { x: 10.4, y: 20.6 }, '开始');
    s.change(one);
    expect(useFlowEditorStore.getState().canUndo).toBe(true);
    expect(useFlowEditorStore.getState().history.present.nodes[0]).toMatchObject({ id, x: 10, y: 21 });
    s.undo();
    expect(useFlowEditorStore.getState()).toMatchObject({ canUndo: false, canRedo: true });
    expect(useFlowEditorStore.getState().history.present).toBe(empty);
    s.redo();
    expect(useFlowEditorStore.getState()).toMatchObject({ canUndo: true, canRedo: false });
    s.toggleGrid();
    expect(useFlowEditorStore.getState().gridOn).toBe(false);
    s.toggleGrid();
    s.close();
    expect(useFlowEditorStore.getState().parameterId).toBe(-1);
  });

  it('records nothing in read-only mode', () => {
    const s = useFlowEditorStore.getState();
    s.setEditorMode('readonly');
    s.change(addNode(empty, 'end', { x: 0, y: 0 }).chart);
    expect(useFlowEditorStore.getState().canUndo).toBe(false);
  });
});

describe('chart edits', () => {
  it('adds, connects, edits, moves and removes', () => {
    const a = addNode({ nodes: [], edges: [] }, 'start', { x: 0, y: 0 }, 'S');
    const b = addNode(a.chart, 'small', { x: 0, y: 100 });
    const c = addNode(b.chart, 'end', { x: 0, y: 200 }, 'E');
    let chart = connect(c.chart, a.id, b.id);
    chart = connect(chart, b.id, c.id);
    expect(chart.edges).toHaveLength(2);
    expect(connect(chart, a.id, b.id)).toBe(chart);
    expect(connect(chart, b.id, b.id)).toBe(chart);
    expect(connect(chart, c.id, a.id)).toBe(chart);

    chart = updateNode(chart, b.id, { label: '气体检测', responsible: '检测员' });
    expect(chart.nodes[1]).toMatchObject({
      label: '气体检测',
      data: { responsible: '检测员', checkItem: '' },
    });
    const moved = moveNodes(chart, new Map([[b.id, { x: 5.2, y: 99.9 }]]));
    expect(moved.nodes[1]).toMatchObject({ x: 5, y: 100 });
    expect(moveNodes(moved, new Map([[b.id, { x: 5, y: 100 }]]))).toBe(moved);

    const removed = removeElements(moved, [b.id], []);
    expect(removed.nodes.map((n) => n.id)).toEqual([a.id, c.id]);
    expect(removed.edges).toEqual([]);
    expect(removeElements(removed, ['nothing'], [])).toBe(removed);
  });
});
