import { describe, expect, it } from 'vitest';
import {
  addView,
  delAllViews,
  delOthersViews,
  delView,
  nextAfterClose,
  shownPath,
  type VisitedView,
} from './tags-view.ts';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  path,
  fullPath: path,
  code: path.slice(1) || 'root',
  query: {},
  ...extra,
});
const home = view('/dashboard', { affix: true, code: 'dashboard' });

describe('tags view reducer', () => {
  it('adds once per path and refreshes the query', () => {
    let s = addView({ visitedViews: [], cachedViews: [] }, home);
    s = addView(s, view('/a'));
    s = addView(s, view('/a', { fullPath: '/a?x=1', query: { x: '1' } }));
    expect(s.visitedViews.map((v) => v.fullPath)).toEqual(['/dashboard', '/a?x=1']);
    expect(s.cachedViews).toEqual(['dashboard', 'a']);
  });
  it('keeps affixed tags first', () => {
    const s = addView(addView({ visitedViews: [], cachedViews: [] }, view('/a')), home);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/a']);
  });
  it('never closes affixed tags', () => {
    const s = addView({ visitedViews: [], cachedViews: [] }, home);
    expect(delView(s, '/dashboard').visitedViews).toHaveLength(1);
  });
  it('closes others and all but keeps affixed', () => {
    let s = { visitedViews: [home, view('/a'), view('/b')], cachedViews: ['dashboard', 'a', 'b'] };
    const others = delOthersViews(s, '/b');
    expect(others.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(others.cachedViews).toEqual(['dashboard', 'b']);
    s = delAllViews(s);
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/dashboard']);
  });
  it('moves to the last remaining tag when the active one closes', () => {
    const before = [home, view('/a'), view('/b')];
    const after = before.filter((v) => v.path !== '/b');
    expect(nextAfterClose(before, after, '/b', '/b')).toBe('/a');
    expect(nextAfterClose(before, after, '/b', '/a')).toBeNull();
    expect(nextAfterClose(before, [], '/b', '/b')).toBe('/dashboard');
  });
});

describe('shownPath', () => {
  it('sees through the refresh redirect to the page being refreshed', () => {
    expect(shownPath('/redirect/historyRecords/historyAlarm')).toBe('/historyRecords/historyAlarm');
    expect(shownPath('/historyRecords/historyAlarm')).toBe('/historyRecords/historyAlarm');
    expect(shownPath('/redirectLike')).toBe('/redirectLike');
  });
});
