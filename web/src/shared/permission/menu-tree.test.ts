import { flattenMenuTree, LAYOUT_EXTRA_ROUTES, MENU_TREE } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';

const nodes = [...flattenMenuTree(MENU_TREE), ...LAYOUT_EXTRA_ROUTES];

function repeated<T>(values: T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('menu and route tree', () => {
  it('gives every node its own code and path, and every menu its own id', () => {
    expect(repeated(nodes.map((n) => n.code))).toEqual([]);
    expect(repeated(nodes.map((n) => n.path))).toEqual([]);
    expect(repeated(nodes.filter((n) => !n.hidden).map((n) => n.id))).toEqual([]);
  });

  it('keeps the fixed menu ids of SPEC §2', () => {
    const id = (code: string) => nodes.find((n) => n.code === code)?.id;
    expect([id('groupHomePage'), id('dashboard'), id('temporaryJobManage')]).toEqual([1, 229, 134001]);
    expect([id('jobSceneManage'), id('generalSceneManage')]).toEqual([134002, 134003]);
  });

  it('grants every hidden route through a visible menu, or to any user', () => {
    const visible = new Set(nodes.filter((n) => !n.hidden).map((n) => n.code));
    for (const node of nodes.filter((n) => n.hidden)) {
      expect(node.anyUser || (node.grantedBy !== undefined && visible.has(node.grantedBy))).toBe(true);
    }
  });
});
