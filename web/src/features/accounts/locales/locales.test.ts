import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('account management strings', () => {
  it('has the same non-empty keys in English and Chinese', () => {
    const enLeaves = leaves(en);
    const zhLeaves = leaves(zh);
    expect(zhLeaves.map(([k]) => k).sort()).toEqual(enLeaves.map(([k]) => k).sort());
    for (const [key, text] of [...enLeaves, ...zhLeaves]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it("asks '是否确定删除？' before a delete, in both languages", () => {
    expect(zh.confirm.delete).toBe('是否确定删除？');
    expect(en.confirm.delete).toBe('Are you sure you want to delete?');
  });

  it('says an empty password generates an initial one', () => {
    expect(en.passwordOptional).toBe('Leave empty to generate an initial password');
    expect(zh.passwordOptional).toBe('留空则自动生成初始密码');
  });
});
