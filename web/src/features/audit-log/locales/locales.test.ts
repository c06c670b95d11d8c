import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('audit log strings', () => {
  it('has the same non-empty keys in English and Chinese', () => {
    const enLeaves = leaves(en);
    const zhLeaves = leaves(zh);
    expect(zhLeaves.map(([k]) => k).sort()).toEqual(enLeaves.map(([k]) => k).sort());
    for (const [key, text] of [...enLeaves, ...zhLeaves]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: unknown) =>
      String(text)
        .match(/\{\{\w+\}\}/g)
        ?.sort() ?? [];
    const zhMap = new Map(leaves(zh));
    for (const [key, text] of leaves(en))
      expect(placeholders(zhMap.get(key)), key).toEqual(placeholders(text));
  });
});
