import type { FlowChart } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { checkChart, incompleteNodeIds, sameChart } from './chart-check.ts';

const step = (id: string, data: Partial<{ responsible: string; checkItem: string }> = {}) => ({
  id,
  shape: 'small' as const,
  label: id,
  x: 0,
  y: 0,
  data: { responsible: 'R', checkItem: 'C', description: '', ...data },
});
const data = { responsible: '', checkItem: '', description: '' };

function chart(): FlowChart {
  return {
    nodes: [
      { id: 's', shape: 'start', label: '开始', x: 0, y: 0, data },
      step('a'),
      { ...step('b'), shape: 'large' },
      { id: 'e', shape: 'end', label: '结束', x: 0, y: 0, data },
    ],
    edges: [
      { id: 'e1', source: 's', target: 'a', label: '' },
      { id: 'e2', source: 'a', target: 'b', label: '' },
      { id: 'e3', source: 'b', target: 'e', label: '' },
    ],
  };
}

describe('client-side chart check', () => {
  it('accepts a complete chart', () => {
    expect(checkChart(chart())).toEqual({ code: null, nodeIds: [], edgeIds: [] });
  });

  it('reports incomplete nodes with their ids (有未完成的节点必填信息)', () => {
    const c = chart();
    c.nodes[1] = step('a', { responsible: ' ' });
    c.nodes[2] = { ...step('b', { checkItem: '' }), shape: 'large' };
    const result = checkChart(c);
    expect(result.code).toBe('flow.incompleteNodes');
    expect(result.nodeIds).toEqual(['a', 'b']);
    expect(incompleteNodeIds(c)).toEqual(new Set(['a', 'b']));
  });

  it('wants a label on start and end nodes but no responsible or check item', () => {
    const c = chart();
    const end = c.nodes[3];
    if (end) end.label = '';
    expect(checkChart(c)).toMatchObject({ code: 'flow.incompleteNodes', nodeIds: ['e'] });
  });

  it('wants exactly one start and at least one end', () => {
    const none = chart();
    none.nodes = none.nodes.filter((n) => n.id !== 's');
    none.edges = none.edges.filter((e) => e.source !== 's');
    expect(checkChart(none).code).toBe('flow.startNode');
    const two = chart();
    two.nodes.push({ id: 's2', shape: 'start', label: 'S2', x: 0, y: 0, data });
    expect(checkChart(two)).toMatchObject({ code: 'flow.startNode', nodeIds: ['s', 's2'] });
    const noEnd = chart();
    noEnd.nodes = noEnd.nodes.filter((n) => n.id !== 'e');
    noEnd.edges = noEnd.edges.filter((e) => e.target !== 'e');
    expect(checkChart(noEnd).code).toBe('flow.endNode');
  });

  it('reports the first rule but highlights everything that is wrong', () => {
    const c = chart();
    c.nodes = c.nodes.filter((n) => n.id !== 's');
    c.nodes[0] = step('a', { checkItem: '' });
    c.edges.push({ id: 'ghost', source: 'a', target: 'nowhere', label: '' });
    const result = checkChart(c);
    expect(result.code).toBe('flow.startNode');
    expect(result.nodeIds).toEqual(['a']);
    expect(result.edgeIds).toContain('ghost');
  });

  it('applies the size limits of the contract', () => {
    const c = chart();
    const first = c.nodes[1];
    if (first) first.label = 'x'.repeat(51);
    expect(checkChart(c).code).toBe('field.tooLong');
  });

  it('compares charts by content', () => {
    expect(sameChart(chart(), chart())).toBe(true);
    const moved = chart();
    const node = moved.nodes[0];
    if (node) node.x = 1;
    expect(sameChart(chart(), moved)).toBe(false);
  });
});
