import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';

// Key and placeholder parity of every namespace: web/src/app/locales.test.ts.
describe('account management strings', () => {
  it("asks '是否确定删除？' before a delete, in both languages", () => {
    expect(zh.confirm.delete).toBe('是否确定删除？');
    expect(en.confirm.delete).toBe('Are you sure you want to delete?');
  });

  it('says an empty password generates an initial one', () => {
    expect(en.passwordOptional).toBe('Leave empty to generate an initial password');
    expect(zh.passwordOptional).toBe('留空则自动生成初始密码');
  });
});
