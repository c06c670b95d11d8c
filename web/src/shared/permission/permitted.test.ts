import { MENU_TREE, OPERATOR_MENU_CODES } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { ancestry, computePermitted, firstPermittedChild, nodeByCode } from './permitted.ts';

describe('computePermitted', () => {
  it('grants menu codes, hidden routes via grantedBy and anyUser routes', () => {
    const p = computePermitted(MENU_TREE, OPERATOR_MENU_CODES, ['operator']);
    expect(p.has('dashboard')).toBe(true);
    expect(p.has('taskDetails')).toBe(true);
    expect(p.has('alarmRule')).toBe(true);
    expect(p.has('permission')).toBe(false);
    expect(p.has('sqlQuery')).toBe(false);
    expect(p.has('alarmApproval')).toBe(false);
  });
  it('gives admin-only routes to admins only', () => {
    const granted = ['systemSettings', 'collieryInfo', 'planTask', 'permission', 'page'];
    expect(computePermitted(MENU_TREE, granted, ['operator']).has('planTask')).toBe(false);
    expect(computePermitted(MENU_TREE, granted, ['operator']).has('page')).toBe(false);
    expect(computePermitted(MENU_TREE, granted, ['admin']).has('planTask')).toBe(true);
  });
  it('finds the first permitted child and the ancestry', () => {
    const p = computePermitted(MENU_TREE, OPERATOR_MENU_CODES, ['operator']);
    const history = nodeByCode('historyRecords');
    expect(history && firstPermittedChild(history, p)?.path).toBe('/historyRecords/historyEvent');
    expect(ancestry('taskDetails', MENU_TREE).map((n) => n.code)).toEqual([
      'historyRecords',
      'historyTask',
      'taskDetails',
    ]);
  });
});
