import { describe, expect, it } from 'vitest';
import { changeDiff, changeSummary, shortValue } from './change-diff.ts';

describe('changeDiff', () => {
  it('keeps only the changed fields of an update, with list items added and removed', () => {
    const diff = changeDiff({
      before: { name: 'ops', displayName: 'Ops', menuCodes: ['a', 'b'] },
      after: { name: 'ops', displayName: 'Operators', menuCodes: ['b', 'c', 'd'] },
      ip: 'x',
    });
    expect(diff.kind).toBe('update');
    expect(diff.rows.map((r) => r.key)).toEqual(['displayName', 'menuCodes']);
    expect(diff.rows[1]).toMatchObject({ added: ['c', 'd'], removed: ['a'] });
    expect(diff.facts).toEqual([['ip', 'x']]);
  });

  it('lists every field of a creation or deletion, and plain facts', () => {
    expect(changeDiff({ after: { name: 'x', n: 1 } }).rows.map((r) => r.key)).toEqual(['name', 'n']);
    expect(changeDiff({ before: { name: 'x' } }).kind).toBe('delete');
    expect(changeDiff({ name: 'x' })).toEqual({ rows: [], facts: [['name', 'x']], kind: 'facts' });
    expect(changeDiff(null).kind).toBe('facts');
    expect(changeDiff({ before: 1, after: 2 }).rows).toEqual([
      { key: '', before: 1, after: 2, changed: true },
    ]);
  });
});

describe('changeSummary', () => {
  it('summarises in one line', () => {
    expect(changeSummary({ before: { name: 'a' }, after: { name: 'b' } })).toBe('name: a → b');
    expect(changeSummary({ before: { codes: ['a'] }, after: { codes: ['b', 'c'] } })).toBe('codes: +2 −1');
    expect(changeSummary({ after: { name: 'n' } })).toBe('name: n');
    expect(changeSummary({ roleId: 3 })).toBe('roleId: 3');
    expect(changeSummary({ a: 1, b: 2, c: 3, d: 4 }, 2)).toBe('a: 1; b: 2; …');
    expect(changeSummary({})).toBe('');
  });

  it('shortens long values', () => {
    expect(shortValue('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortValue(null)).toBe('—');
    expect(shortValue({ a: 1 })).toBe('{"a":1}');
  });
});
